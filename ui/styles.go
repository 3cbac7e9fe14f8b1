package ui

import (
	"image/color"
	"sync"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
)

// Styles is every style of the game in one place, built for a light or a
// dark terminal. Colour always doubles something else (a glyph, a label, a
// border shape) so the game reads the same with NO_COLOR.
type Styles struct {
	Dark bool

	Kind     [5]paint // card face text by engine.Kind
	KindEdge [5]paint // card border by engine.Kind
	Selected paint    // border of the selected card
	Empty    paint    // an empty slot or pile

	Title     paint // status bar and side names
	Turn      paint // "your turn" marker
	Heading   paint // panel headings
	Dim       paint // secondary text
	Text      paint
	Error     paint // refusals on the message line
	Message   paint // narration on the message line
	Button    paint
	ButtonOn  paint // the default answer
	BarFull   paint // trip progress
	BarEmpty  paint
	BoxEdge   paint          // frame of a side's table
	TurnEdge  paint          // frame of the side to act
	Box       lipgloss.Style // a framed panel
	ActiveBox lipgloss.Style // the panel of the side to act / a target
	Dialog    lipgloss.Style // prompts over the board
	Help      help.Styles
	Picker    pickerStyles     // the load and save pickers
	Input     textinput.Styles // a text field: its prompt, text and cursor

	cards *cardCache // the cards drawn in these styles; nil: none kept
	// help draws key help in these styles, shared by every board that
	// has them, read and never changed: a help.Model is 4.6 KB of styles
	// that a server held for each session (issue 36). Who sets a width
	// draws with a copy (Board.helpModel).
	help *help.Model
}

// StylesFor returns the styles for a dark or light background. They are
// built once and shared by every screen (a server's sessions too), so they
// must not be changed.
func StylesFor(dark bool) *Styles {
	if dark {
		return darkStyles()
	}
	return lightStyles()
}

var (
	darkStyles  = sync.OnceValue(func() *Styles { return newStyles(true) })
	lightStyles = sync.OnceValue(func() *Styles { return newStyles(false) })
)

// newStyles builds the styles for a dark or light background.
func newStyles(dark bool) *Styles {
	ld := lipgloss.LightDark(dark)
	var (
		red    = ld(lipgloss.Color("#B3261E"), lipgloss.Color("#FF6B6B"))
		green  = ld(lipgloss.Color("#1B7F3B"), lipgloss.Color("#5FD787"))
		blue   = ld(lipgloss.Color("#3346B8"), lipgloss.Color("#87AFFF"))
		amber  = ld(lipgloss.Color("#8A5A00"), lipgloss.Color("#FFD75F"))
		fg     = ld(lipgloss.Color("#1C1C1C"), lipgloss.Color("#E4E4E4"))
		dim    = ld(lipgloss.Color("#6C6C6C"), lipgloss.Color("#8A8A8A"))
		accent = ld(lipgloss.Color("#875FD7"), lipgloss.Color("#D7AFFF"))
		panel  = ld(lipgloss.Color("#A8A8A8"), lipgloss.Color("#585858"))
	)
	kinds := [5]color.Color{dim, red, green, blue, amber}
	s := &Styles{Dark: dark, cards: &cardCache{drawn: map[cardKey]string{}}}
	for k, c := range kinds {
		s.Kind[k] = newPaint(lipgloss.NewStyle().Foreground(c).Bold(k != int(engine.NoKind)))
		s.KindEdge[k] = newPaint(lipgloss.NewStyle().Foreground(c))
	}
	s.Selected = newPaint(lipgloss.NewStyle().Foreground(accent).Bold(true))
	s.Empty = newPaint(lipgloss.NewStyle().Foreground(dim).Faint(true))
	s.Title = newPaint(lipgloss.NewStyle().Bold(true).Foreground(fg))
	s.Turn = newPaint(lipgloss.NewStyle().Bold(true).Foreground(accent))
	s.Heading = newPaint(lipgloss.NewStyle().Bold(true).Foreground(accent))
	s.Dim = newPaint(lipgloss.NewStyle().Foreground(dim))
	s.Text = newPaint(lipgloss.NewStyle().Foreground(fg))
	s.Error = newPaint(lipgloss.NewStyle().Foreground(red).Bold(true))
	s.Message = newPaint(lipgloss.NewStyle().Foreground(fg))
	s.Box = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(panel)
	s.ActiveBox = lipgloss.NewStyle().Border(lipgloss.ThickBorder()).BorderForeground(accent)
	s.Dialog = lipgloss.NewStyle().Border(lipgloss.DoubleBorder()).BorderForeground(accent).Padding(0, 1)
	s.Button = newPaint(lipgloss.NewStyle().Foreground(fg))
	s.ButtonOn = newPaint(lipgloss.NewStyle().Foreground(accent).Bold(true).Reverse(true))
	s.BarFull = newPaint(lipgloss.NewStyle().Foreground(amber))
	s.BarEmpty = newPaint(lipgloss.NewStyle().Foreground(dim))
	s.BoxEdge = newPaint(lipgloss.NewStyle().Foreground(panel))
	s.TurnEdge = newPaint(lipgloss.NewStyle().Foreground(fg))
	// The key help in the footer is read often: keys in the text colour,
	// bold, their words and the dots in the dim colour, both at least 4.5:1
	// against the background (WCAG AA), where Bubbles' own greys were
	// near 2:1 (TestHelpContrast).
	s.Help = help.DefaultStyles(dark)
	s.Help.ShortKey = lipgloss.NewStyle().Foreground(fg).Bold(true)
	s.Help.FullKey = s.Help.ShortKey
	s.Help.ShortDesc = lipgloss.NewStyle().Foreground(dim)
	s.Help.FullDesc = s.Help.ShortDesc
	s.Help.ShortSeparator = lipgloss.NewStyle().Foreground(dim)
	s.Help.FullSeparator = s.Help.ShortSeparator
	s.Help.Ellipsis = s.Help.ShortSeparator
	hm := help.New()
	hm.Styles = s.Help
	s.help = &hm
	s.Input = textinput.DefaultStyles(dark)
	s.Input.Focused.Prompt = lipgloss.NewStyle().Bold(true).Foreground(accent)
	s.Input.Focused.Text = lipgloss.NewStyle().Foreground(fg)
	s.Input.Cursor.Color = accent
	s.Picker = pickerStyles{
		Cursor:   lipgloss.NewStyle().Foreground(accent).Bold(true),
		Selected: lipgloss.NewStyle().Foreground(accent).Bold(true).Reverse(true),
		Folder:   lipgloss.NewStyle().Foreground(blue).Bold(true),
		Save:     lipgloss.NewStyle().Foreground(fg),
	}
	return s
}
