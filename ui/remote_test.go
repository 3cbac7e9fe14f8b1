package ui

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/table"
)

// scriptTable is a table frozen at one view: it takes every action with
// err (nil: accepted) and never changes by itself. It stands in for a
// table where one must answer what a real one would not (a refusal of a
// move the viewer's observation allows) or show seats a real one would
// not name so.
type scriptTable struct {
	acts chan engine.Action
	err  error
	view table.View
}

func (s *scriptTable) Act(a engine.Action) error {
	s.acts <- a
	return s.err
}
func (s *scriptTable) Undo() error                { return table.ErrUndoShared }
func (s *scriptTable) Show(int) error             { return table.ErrNotSeated }
func (s *scriptTable) View() table.View           { return s.view }
func (s *scriptTable) Updates() <-chan table.View { return nil }

// frozen is a scriptTable showing state s to seat, the seats named names,
// people when human says so.
func frozen(s engine.State, seat int, names []string, human []bool, err error) *scriptTable {
	v := table.View{Seat: seat, Started: true, Next: -1, Obs: engine.Observe(&s, seat), Mine: []int{seat}}
	if s.ToAct() == seat && !s.HandOver() {
		v.Next = seat
	}
	for i, n := range names {
		v.Seats = append(v.Seats, table.SeatInfo{Name: n, Human: human[i], Connected: human[i]})
	}
	return &scriptTable{acts: make(chan engine.Action, 8), err: err, view: v}
}

// realTable deals a started table of players seats from seed where person
// "ann" holds seat (Ann) and the eager computer the others, and returns
// her connection.
func realTable(t *testing.T, players, seat int, seed uint64) *table.Conn {
	t.Helper()
	cfg := table.Config{Game: engine.Config{Players: players, Rules: engine.Standard}, Seed: seed, Level: "eager", NewPlayer: eagerPlayers}
	tb, err := table.New("t", "ann", cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	c, err := tb.Join("ann", "Ann", seat)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Start("ann"); err != nil {
		t.Fatal(err)
	}
	return c
}

// sparse is a connection that passes on only the views in which its
// viewer has something to do (its turn, or the end of a hand), as a slow
// reader may miss the others: the model must tell the moves it was not
// shown from the log.
type sparse struct {
	*table.Conn
	out chan table.View
}

func skipViews(t *testing.T, c *table.Conn) *sparse {
	s := &sparse{Conn: c, out: make(chan table.View, 1)}
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		defer close(s.out)
		for v := range c.Updates() {
			if v.Next != v.Seat && v.Obs.Phase < engine.PhaseHandOver {
				continue
			}
			select {
			case s.out <- v:
			case <-done:
				return
			}
		}
	}()
	return s
}

func (s *sparse) Updates() <-chan table.View { return s.out }

// host is the program around a remote model, as the server's screen is:
// it catches LeaveMsg and stops.
type host struct {
	m           *Board
	left, ended bool // LeaveMsg came; it said the table ended
}

func (h *host) Init() tea.Cmd { return h.m.Init() }
func (h *host) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if l, ok := msg.(LeaveMsg); ok {
		h.left, h.ended = true, l.Ended
		return h, tea.Quit
	}
	_, cmd := h.m.Update(msg)
	return h, cmd
}
func (h *host) View() tea.View { return h.m.View() }

// remoteOptions are the options of the remote tests: no animation, kept in
// memory.
func remoteOptions() *local.Options { return &local.Options{Animation: "off", SeenGuide: true} }

// runRemote runs, at a terminal of w x h, a remote model over a real
// table where seat 0 (Ann) plays a computer, dealt with seed, shown only
// the views where Ann has something to do; the model is wrapped in a host
// that notes ui.LeaveMsg.
func runRemote(t *testing.T, seed uint64, w, h int) *teatest.TestModel {
	t.Helper()
	m, err := NewRemote(RemoteConfig{Table: skipViews(t, realTable(t, 2, 0, seed)), Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	return teatest.NewTestModel(t, &host{m: m}, teatest.WithInitialTermSize(w, h))
}

// TestRemoteWholeHandWithKeys plays a whole 2-player hand at a remote
// table through the keyboard: the model only ever sees the viewer's
// observations, some views skipped, and tells the other seat's moves from
// the log; then it deals on, and q leaves the table with LeaveMsg.
func TestRemoteWholeHandWithKeys(t *testing.T) {
	tm := runRemote(t, 7, 80, 24)

	ready := func(m *Board) bool { return m.obs.MyTurn() || m.gamePrompt() == promptAnotherHand }
	told := false
	for step := 0; ; step++ {
		if step > 300 {
			t.Fatal("the hand did not end")
		}
		waitModel(t, tm, "the viewer's turn", ready)
		if probe(tm, func(m *Board) bool { return m.gamePrompt() == promptAnotherHand }) {
			break
		}
		before := probe(tm, func(m *Board) uint32 { return m.obs.EventCount })
		press(tm, probe(tm, keysFor)...)
		waitModel(t, tm, "the move to come back", func(m *Board) bool { return m.obs.EventCount > before })
		told = told || probe(tm, func(m *Board) bool {
			for _, l := range m.logs.log {
				if strings.HasPrefix(l.text, "Computer plays") || strings.HasPrefix(l.text, "Computer discards") {
					return true
				}
			}
			return false
		})
	}
	if !told {
		t.Fatal("the computer's moves were never told")
	}
	screen := probe(tm, func(m *Board) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "End of hand 1")
	contains(t, screen, "[ y Another hand ]")
	contains(t, screen, "[ q Leave ]")
	press(tm, "y")
	// The computer may deal first: wait for the viewer's turn, so that its
	// move does not overwrite the refusals on the message line.
	waitModel(t, tm, "the second hand", func(m *Board) bool {
		return m.obs.Hand == 1 && m.gamePrompt() == promptNone && m.obs.MyTurn()
	})

	// Undo, new game and the computers' speed are the table's business.
	press(tm, "z")
	waitModel(t, tm, "the undo refusal", func(m *Board) bool { return m.isError && strings.Contains(m.message, "No undo") })
	press(tm, "n")
	waitModel(t, tm, "the new game refusal", func(m *Board) bool { return m.screen == screenBoard && strings.Contains(m.message, "No new game") })

	press(tm, "q")
	waitModel(t, tm, "the leave question", func(m *Board) bool { return m.dialog == dialogQuit })
	contains(t, probe(tm, func(m *Board) string { return ansi.Strip(m.View().Content) }), "Leave the table?")
	press(tm, "y")
	if final := tm.FinalModel(t).(*host); !final.left || final.ended {
		t.Fatalf("q, y: left %v, the table ended %v; want the viewer to leave a table still on", final.left, final.ended)
	}
}

// TestRemoteNoticeAndEnd: the table's news shows on the message line and
// in the log; when the table ends, the model asks its host to leave, saying
// so.
func TestRemoteNoticeAndEnd(t *testing.T) {
	c := realTable(t, 2, 0, 7)
	m, err := NewRemote(RemoteConfig{Table: c, Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, &host{m: m}, teatest.WithInitialTermSize(80, 24))
	waitModel(t, tm, "the viewer's turn", func(m *Board) bool { return m.obs.MyTurn() })
	const news = "Bob is now the host."
	c.Table().Notify(table.Notice{Kind: table.NoticeHost, Name: "Bob"})
	waitModel(t, tm, "the news", func(m *Board) bool {
		return m.message == news && strings.Contains(m.logs.logText(), news)
	})
	c.Table().Close()
	if final := tm.FinalModel(t).(*host); !final.left || !final.ended {
		t.Fatalf("the table ended: left %v, ended %v", final.left, final.ended)
	}
}

// TestRemoteRefusals: a move the rules refuse is refused from the
// observation, with the engine's words, and nothing reaches the table; a
// refusal from the table itself shows on the message line.
func TestRemoteRefusals(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 7)
	if err != nil {
		t.Fatal(err)
	}
	tb := frozen(s, 0, []string{"Ann", "Bob"}, []bool{true, true}, table.ErrNotYourTurn)
	m, err := NewRemote(RemoteConfig{Table: tb, Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	// Seed 7 deals 75 into P before anyone has a Go.
	if cmd := m.act(engine.Play(engine.Miles75)); cmd != nil || m.message != "You can't play 75 miles: you need a Go first." {
		t.Fatalf("refusal %q", m.message)
	}
	if len(tb.acts) != 0 {
		t.Fatal("a refused move reached the table")
	}
	m.act(engine.Play(engine.Go))
	if len(tb.acts) != 1 {
		t.Fatal("a legal move was not sent")
	}
	if !m.isError || m.message != "Wait: it is Ann's turn." {
		t.Fatalf("the table's refusal: %q", m.message)
	}
}

// TestRemoteModelHoldsNoState walks everything a remote model holds, in
// the middle of a 4-player hand, and fails if any engine.State, or any
// hand but the viewer's own, is reachable from it: no other player's card
// ever reaches this player's program. The same walk finds the states of a
// local game, so it does look.
func TestRemoteModelHoldsNoState(t *testing.T) {
	m, err := NewRemote(RemoteConfig{Table: realTable(t, 4, 1, 5), Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, &host{m: m}, teatest.WithInitialTermSize(120, 40))
	for range 8 {
		waitModel(t, tm, "the viewer's turn", func(m *Board) bool { return m.obs.MyTurn() })
		before := probe(tm, func(m *Board) uint32 { return m.obs.EventCount })
		press(tm, probe(tm, keysFor)...)
		waitModel(t, tm, "the move to come back", func(m *Board) bool { return m.obs.EventCount > before })
		press(tm, "w", "?", "esc") // the other windows draw too
	}
	if bad := probe(tm, func(m *Board) string { return leaks(m, m.obs.MyHand) }); bad != "" {
		t.Fatal(bad)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)

	local := newModel(t, testConfig(t, 4, 5))
	syncPlay(local, 3)
	if leaks(local, local.obs.MyHand) == "" {
		t.Fatal("the walk misses the states of a local game")
	}
}

var (
	stateType = reflect.TypeFor[engine.State]()
	handType  = reflect.TypeFor[[engine.HandSlots]engine.Card]()
)

// leaks walks v and describes the first engine.State or foreign hand it
// reaches ("" if none). Functions and channels are opaque, and so is the
// model's connection: it is the link to the table, which keeps the state
// on the other side of it (a server's room); what crosses it is a View.
func leaks(v any, mine [engine.HandSlots]engine.Card) string {
	seen := map[[2]uintptr]bool{}
	var walk func(v reflect.Value, path string) string
	walk = func(v reflect.Value, path string) string {
		if !v.IsValid() {
			return ""
		}
		switch v.Type() {
		case stateType:
			if v.IsZero() {
				return "" // no game: the room's model has no local play's config
			}
			return "an engine.State at " + path
		case handType:
			var h [engine.HandSlots]engine.Card
			empty := true
			for i := range h {
				h[i] = engine.Card(v.Index(i).Uint())
				empty = empty && h[i] == engine.NoCard
			}
			if !empty && h != mine {
				return "another hand at " + path
			}
			return ""
		}
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return ""
			}
			k := [2]uintptr{v.Pointer(), uintptr(reflect.ValueOf(v.Type()).Pointer())}
			if seen[k] {
				return ""
			}
			seen[k] = true
			return walk(v.Elem(), path)
		case reflect.Interface:
			return walk(v.Elem(), path)
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if path == "model" && v.Type().Field(i).Name == "table" {
					continue // the link to the table
				}
				if r := walk(v.Field(i), path+"."+v.Type().Field(i).Name); r != "" {
					return r
				}
			}
		case reflect.Slice, reflect.Array:
			if k := v.Type().Elem().Kind(); k <= reflect.Complex128 || k == reflect.String {
				return "" // numbers and strings lead nowhere
			}
			for i := 0; i < v.Len(); i++ {
				if r := walk(v.Index(i), path+"[]"); r != "" {
					return r
				}
			}
		case reflect.Map:
			it := v.MapRange()
			for it.Next() {
				if r := walk(it.Key(), path+"{k}"); r != "" {
					return r
				}
				if r := walk(it.Value(), path+"{}"); r != "" {
					return r
				}
			}
		}
		return ""
	}
	return walk(reflect.ValueOf(v), "model")
}

// twoPeople starts a table dealt with seed where Ann and Bob hold the two
// seats, and plays the eager policy at both until stop holds of the state
// after that many moves; it returns the table and their connections.
func twoPeople(t *testing.T, seed uint64, stop func(s *engine.State, moves int) bool) (*table.Table, *table.Conn, *table.Conn) {
	t.Helper()
	cfg := table.Config{Game: engine.Config{Players: 2, Rules: engine.Standard}, Seed: seed, Level: "eager", NewPlayer: eagerPlayers}
	tb, err := table.New("t", "ann", cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	ann, err := tb.Join("ann", "Ann", 0)
	if err != nil {
		t.Fatal(err)
	}
	bob, err := tb.Join("bob", "Bob", 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Start("ann"); err != nil {
		t.Fatal(err)
	}
	for st, n := tb.State(), 0; !stop(&st, n); st, n = tb.State(), n+1 {
		c := ann
		if st.ToAct() == 1 {
			c = bob
		}
		v := c.View()
		if err := c.Act(eagerPick(v.Obs.Legal(nil))); err != nil {
			t.Fatal(err)
		}
	}
	return tb, ann, bob
}

// TestRemoteOnlooker: an onlooker's view shows the board and no hand, and
// every move is refused politely.
func TestRemoteOnlooker(t *testing.T) {
	// A few moves, so the tables are not bare.
	tb, _, _ := twoPeople(t, 7, func(_ *engine.State, moves int) bool { return moves == 9 })
	eve, err := tb.Watch("eve", "Eve", 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewRemote(RemoteConfig{Table: eve, Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	snap(t, "onlooker", m)
	screen := screenOf(m, 80, 24)
	contains(t, screen, "You are watching Ann's side of the table.")
	for _, l := range m.layers(80, 24) {
		if strings.HasPrefix(l.id, "slot-") {
			t.Fatalf("an onlooker's screen has a hand slot %s", l.id)
		}
	}
	for _, k := range []string{"enter", "x", "p", "t"} {
		m.message = ""
		m.Update(keyMsg(k))
		if k != "t" && !strings.Contains(m.message, "You are watching this table") {
			t.Fatalf("%s: %q", k, m.message)
		}
	}
	if n := len(tb.Record().History); n != 9 {
		t.Fatalf("an onlooker's move reached the table (%d actions, want 9)", n)
	}
	if m.gamePrompt() != promptNone {
		t.Fatal("an onlooker was asked a question")
	}
}

// TestGoldenRemote: at the end of a hand every person at a remote table,
// not only the dealer, is asked whether to go on; once asked, the window
// says whom the table still waits for, and the next hand comes when both
// have asked.
func TestGoldenRemote(t *testing.T) {
	tb, ann, bob := twoPeople(t, 7, func(s *engine.State, _ int) bool { return s.HandOver() })
	m, err := NewRemote(RemoteConfig{Table: bob, Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	snap(t, "remote_handover", m)
	contains(t, screenOf(m, 80, 24), "y Another hand")
	if m.gamePrompt() != promptAnotherHand {
		t.Fatal("the seat that does not deal is not asked to go on")
	}
	m.Update(keyMsg("y"))
	if !tb.Seats()[1].Ready {
		t.Fatal("y did not tell the table that Bob goes on")
	}
	if st := tb.State(); !st.HandOver() {
		t.Fatal("the next hand came without Ann")
	}
	m.Update(bob.View())
	snap(t, "remote_handover_ready", m)
	screenOf(m, 80, 24)
	contains(t, handOverText(m), "Waiting for Ann to go on to the next hand.")
	if m.gamePrompt() != promptNone {
		t.Fatal("a seat that asked is asked again")
	}
	if err := ann.Act(engine.Continue); err != nil {
		t.Fatal(err)
	}
	m.Update(bob.View())
	if m.obs.Hand != 1 || m.gamePrompt() != promptNone {
		t.Fatalf("both went on, yet the model shows hand %d (prompt %v)", m.obs.Hand+1, m.gamePrompt())
	}
}

// TestRemoteMouseAndWindows: at a remote table a card is discarded with
// the mouse, and the score window, the keys' help and the rules guide open
// and close as in a local game.
func TestRemoteMouseAndWindows(t *testing.T) {
	tm := runRemote(t, 11, 120, 40)
	waitModel(t, tm, "the viewer's turn", func(m *Board) bool { return m.obs.MyTurn() })
	before := probe(tm, func(m *Board) uint32 { return m.obs.EventCount })
	for _, id := range []string{"slot-1", "discard"} {
		xy := probe(tm, func(m *Board) [2]int { x, y := where(m, id); return [2]int{x, y} })
		tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	}
	waitModel(t, tm, "the discard to come back", func(m *Board) bool { return m.obs.EventCount > before })
	if !probe(tm, func(m *Board) bool { return strings.Contains(m.logs.logText(), "You discard") }) {
		t.Fatal("the discard by mouse was not told")
	}

	press(tm, "w")
	waitModel(t, tm, "the command list", func(m *Board) bool { return !m.scores.window })
	contains(t, probe(tm, func(m *Board) string { return ansi.Strip(m.View().Content) }), "q: leave")
	press(tm, "?")
	waitModel(t, tm, "the keys", func(m *Board) bool { return m.keysHelp != nil })
	press(tm, "esc", "g")
	waitModel(t, tm, "the guide", func(m *Board) bool { return m.screen == screenGuide })
	press(tm, "esc")
	waitModel(t, tm, "the board", func(m *Board) bool { return m.screen == screenBoard })
	resize(t, tm, 80, 24)
	contains(t, probe(tm, func(m *Board) string { return ansi.Strip(m.View().Content) }), "MILLE BORNES")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if final := tm.FinalModel(t).(*host); !final.left {
		t.Fatal("ctrl+c at a remote table did not ask the host to leave")
	}
}

// TestScoreHeadings: the score window's column headings fit five columns
// and still tell the computers apart.
func TestScoreHeadings(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		names []string
		want  []string
	}{
		{[]string{"Ann", "Computer 2", "Computer 3"}, []string{"You", "Comp2", "Comp3"}},
		{[]string{"Ann", "Computer", "Maximilian"}, []string{"You", "Comp", "Maximilian"}},
	}
	for _, tt := range tests {
		m, err := NewRemote(RemoteConfig{Table: frozen(s, 0, tt.names, make([]bool, len(tt.names)), nil), Options: remoteOptions(), Dark: true})
		if err != nil {
			t.Fatal(err)
		}
		for side, want := range tt.want {
			if got := m.scores.sideShort(side, true); got != want {
				t.Errorf("%v: side %d heading %q, want %q", tt.names, side, got, want)
			}
		}
	}
}

// countingLink counts the reads of its updates.
type countingLink struct {
	table.Link
	reads *int
}

func (c countingLink) Updates() <-chan table.View { *c.reads++; return c.Link.Updates() }

// TestFedModelReadsNoUpdates: a model whose host hands it the table's
// views (a server's session, which read them before the game) never
// reads the updates itself, so the channel has one reader; one that is
// not fed reads them.
func TestFedModelReadsNoUpdates(t *testing.T) {
	for _, fed := range []bool{true, false} {
		reads := 0
		link := countingLink{realTable(t, 2, 0, 3), &reads}
		m, err := NewRemote(RemoteConfig{Table: link, Options: remoteOptions(), Dark: true, Fed: fed})
		if err != nil {
			t.Fatal(err)
		}
		m.Init()
		m.Update(link.View())
		if got := reads > 0; got == fed {
			t.Errorf("fed %v: the model read the updates %d times", fed, reads)
		}
	}
}

// TestScoreHeadingsNameTeams (issue 24 item 11): in a team game each
// column of the score window names its whole team, a row per seat, not
// only the team's first seat.
func TestScoreHeadingsNameTeams(t *testing.T) {
	for _, players := range []int{4, 6} {
		m := newModel(t, testConfig(t, players, 7))
		lines := m.scores.scoreWindow(&m.obs, 30, false) // no room for the values
		var heads []string
		for _, l := range lines[1:3] {
			heads = append(heads, strings.Join(strings.Fields(ansi.Strip(l)), " "))
		}
		want := []string{"You Ann", "Bob Cal"}
		if players == 6 {
			want = []string{"You Ann Bob", "Cal Dee Eve"}
		}
		if !slices.Equal(heads, want) {
			t.Errorf("%d players: headings %q, want %q", players, heads, want)
		}
	}
}

// TestRemoteReviewRefusalInFrench: a guest's v at the end of a hand is
// refused in the board's language (the reason was English in French).
func TestRemoteReviewRefusalInFrench(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 7)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewRemote(RemoteConfig{Table: frozen(s, 0, []string{"Ann", "Bob"}, []bool{true, true}, nil), Options: remoteOptions(), Dark: true, Lang: &lang.French})
	if err != nil {
		t.Fatal(err)
	}
	m.served(reviewMsg{})
	if want := lang.French.T(lang.RvNoReview, lang.French.T(lang.RvOnlyHere)); m.message != want || strings.Contains(m.message, "review is") {
		t.Errorf("the refusal %q, want %q", m.message, want)
	}
}

// TestRemoteLeaveAfterTheGame: q at a served table asks to leave, in play
// saying that a computer player takes the seat, and in a rated game that
// it counts as lost, and once the game is over neither, there being no
// seat to take over: it said so there too.
func TestRemoteLeaveAfterTheGame(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var buf []engine.Action
	for _, tc := range []struct {
		rated bool
		want  lang.Key
	}{{false, lang.UILeaveTable}, {true, lang.UILeaveRated}, {false, lang.UILeaveOver}, {true, lang.UILeaveOver}} {
		for tc.want == lang.UILeaveOver && s.Phase != engine.PhaseGameOver {
			buf = s.Legal(buf[:0])
			if s, err = engine.Apply(s, buf[0]); err != nil {
				t.Fatal(err)
			}
		}
		tb := frozen(s, 0, []string{"Ann", "Computer"}, []bool{true, false}, nil)
		tb.view.Rated = tc.rated
		m, err := NewRemote(RemoteConfig{Table: tb, Options: remoteOptions(), Dark: true})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(keyMsg("q"))
		q := m.question()
		if q == nil || len(q.body) == 0 || q.body[0] != lang.English.Text[tc.want] {
			t.Errorf("phase %v, rated %v: q asks %+v, want %q", s.Phase, tc.rated, q, lang.English.Text[tc.want])
		}
	}
}
