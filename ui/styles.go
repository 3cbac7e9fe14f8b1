package ui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
)

// Styles is every style of the game in one place, built for a light or a
// dark terminal. Colour always doubles something else (a glyph, a label, a
// border shape) so the game reads the same with NO_COLOR.
type Styles struct {
	Dark bool

	Kind     [5]lipgloss.Style // card face text by engine.Kind
	KindEdge [5]lipgloss.Style // card border by engine.Kind
	Selected lipgloss.Style    // border of the selected card
	Empty    lipgloss.Style    // an empty slot or pile

	Title     lipgloss.Style // status bar
	Turn      lipgloss.Style // "your turn" marker
	Heading   lipgloss.Style // panel headings
	Dim       lipgloss.Style // secondary text
	Text      lipgloss.Style
	Error     lipgloss.Style // refusals on the message line
	Message   lipgloss.Style // narration on the message line
	Box       lipgloss.Style // a framed panel
	ActiveBox lipgloss.Style // the panel of the side to act / a target
	Dialog    lipgloss.Style // prompts over the board
	Button    lipgloss.Style
	ButtonOn  lipgloss.Style // the default answer
	BarFull   lipgloss.Style // trip progress
	BarEmpty  lipgloss.Style
	Help      help.Styles
}

// NewStyles returns the styles for a dark or light background.
func NewStyles(dark bool) *Styles {
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
	s := &Styles{Dark: dark}
	for k, c := range kinds {
		s.Kind[k] = lipgloss.NewStyle().Foreground(c).Bold(k != int(engine.NoKind))
		s.KindEdge[k] = lipgloss.NewStyle().Foreground(c)
	}
	s.Selected = lipgloss.NewStyle().Foreground(accent).Bold(true)
	s.Empty = lipgloss.NewStyle().Foreground(dim).Faint(true)
	s.Title = lipgloss.NewStyle().Bold(true).Foreground(fg)
	s.Turn = lipgloss.NewStyle().Bold(true).Foreground(accent)
	s.Heading = lipgloss.NewStyle().Bold(true).Foreground(accent)
	s.Dim = lipgloss.NewStyle().Foreground(dim)
	s.Text = lipgloss.NewStyle().Foreground(fg)
	s.Error = lipgloss.NewStyle().Foreground(red).Bold(true)
	s.Message = lipgloss.NewStyle().Foreground(fg)
	s.Box = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(panel)
	s.ActiveBox = lipgloss.NewStyle().Border(lipgloss.ThickBorder()).BorderForeground(accent)
	s.Dialog = lipgloss.NewStyle().Border(lipgloss.DoubleBorder()).BorderForeground(accent).Padding(0, 1)
	s.Button = lipgloss.NewStyle().Foreground(fg)
	s.ButtonOn = lipgloss.NewStyle().Foreground(accent).Bold(true).Reverse(true)
	s.BarFull = lipgloss.NewStyle().Foreground(amber)
	s.BarEmpty = lipgloss.NewStyle().Foreground(dim)
	s.Help = help.DefaultStyles(dark)
	return s
}
