package server

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	mrand "math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/table"
)

// bg is the context of the tests' calls of the lobby and the store.
var bg = context.Background()

// newServer makes a server and a listener on a random loopback port for
// it, not yet serving (data in a fresh folder unless cfg names one).
func newServer(t *testing.T, cfg Config) (*Server, net.Listener) {
	t.Helper()
	srv := makeServer(t, cfg)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return srv, l
}

// makeServer makes a server for the test, its data in a temporary
// folder unless cfg names one.
func makeServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// serve runs srv on l until the test ends, then shuts it down and
// checks how Serve ended.
func serve(t *testing.T, srv *Server, l net.Listener) {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
}

// startServer runs a server on a random loopback port for the test.
func startServer(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	return startServerSetup(t, cfg, nil)
}

// startServerSetup is startServer that lets setup change the server
// before it serves.
func startServerSetup(t *testing.T, cfg Config, setup func(*Server)) (*Server, string) {
	t.Helper()
	srv, l := newServer(t, cfg)
	if setup != nil {
		setup(srv)
	}
	serve(t, srv, l)
	return srv, l.Addr().String()
}

func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return signer
}

func dial(t *testing.T, addr string, key gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            "player",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// screenReader collects a session's output as plain text.
type screenReader struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	done chan struct{}
}

func readScreen(r io.Reader) *screenReader {
	s := &screenReader{done: make(chan struct{})}
	go func() {
		defer close(s.done)
		b := make([]byte, 4096)
		for {
			n, err := r.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *screenReader) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(s.buf.String())
}

// waitText waits until the output shows want; the deadline only stops a
// broken test from hanging.
func (s *screenReader) waitText(t *testing.T, want string) {
	t.Helper()
	deadline := time.After(testkit.TimeLeft(t)) // only stops a broken test from hanging
	for !strings.Contains(s.text(), want) {
		select {
		case <-deadline:
			t.Fatalf("the screen never showed %q; it shows:\n%s", want, s.text())
		case <-s.done:
			if !strings.Contains(s.text(), want) {
				t.Fatalf("the session ended without showing %q; it showed:\n%s", want, s.text())
			}
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// session opens a session with an 80x24 PTY and a shell: the lobby.
func session(t *testing.T, c *gossh.Client) (*gossh.Session, io.Writer, *screenReader) {
	t.Helper()
	return ptySession(t, c, "", 24, 80)
}

// ptySession opens a session with a PTY of rows x cols that runs command
// (a room name, as after ssh -t HOST), or a shell if command is "".
func ptySession(t *testing.T, c *gossh.Client, command string, rows, cols int) (*gossh.Session, io.Writer, *screenReader) {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", rows, cols, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	screen := readScreen(out)
	if command == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(command)
	}
	if err != nil {
		t.Fatal(err)
	}
	return sess, in, screen
}

// TestSSHFirstLogin: a new key is asked for a name, which the server
// remembers for that key: the next login goes straight to the lobby, which
// lists the rooms.
func TestSSHFirstLogin(t *testing.T) {
	srv, addr := startServer(t, Config{Rooms: RoomLimits{Max: 4}})
	if _, err := srv.Lobby.Create(bg, "friday", "someone", "Sam", -1, servertest.Config(4, 0, 1)); err != nil {
		t.Fatal(err)
	}
	key := newKey(t)

	sess, in, screen := session(t, dial(t, addr, key))
	screen.waitText(t, "Name:")
	io.WriteString(in, "Ada\r")
	id := gossh.FingerprintSHA256(key.PublicKey())
	deadline := time.Now().Add(testkit.TimeLeft(t))
	for {
		if name, ok := srv.users.Name(bg, id); ok {
			if name != "Ada" {
				t.Fatalf("name remembered: %q", name)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the name was never remembered")
		}
		time.Sleep(10 * time.Millisecond)
	}
	io.WriteString(in, "q")
	if err := sess.Wait(); err != nil {
		t.Fatalf("leaving with q: %v", err)
	}

	// The same key again: the name is known, the lobby shows.
	_, in, screen = session(t, dial(t, addr, key))
	screen.waitText(t, "Hello, Ada.")
	screen.waitText(t, "friday")
	io.WriteString(in, "q")

	// The name survives a restart of the server.
	srv.Shutdown(context.Background())
	st, _, err := lobby.OpenStore(srv.cfg.Dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if name, _ := lobby.NewUsers(st).Name(bg, id); name != "Ada" {
		t.Fatalf("name after reload: %q", name)
	}
}

// TestSSHMaxSessions: one session over the limit is turned away, and the
// sessions already running go on.
func TestSSHMaxSessions(t *testing.T) {
	srv, addr := startServer(t, Config{Sessions: SessionLimits{Max: 1}})
	key := newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(key.PublicKey()), "Ben")
	first, in, screen := session(t, dial(t, addr, key))
	screen.waitText(t, "Hello, Ben.")

	sess, err := dial(t, addr, key).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	sess.Stderr = &stderr
	sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
	if err := sess.Run(""); err == nil || !strings.Contains(stderr.String(), lang.English.T(lang.SshFull)) {
		t.Fatalf("second session: %v, %q", err, stderr.String())
	}
	io.WriteString(in, "q")
	if err := first.Wait(); err != nil {
		t.Fatalf("the first session after the refusal: %v", err)
	}
}

// TestSSHShutdown: shutting the server down tells the players and closes
// their sessions.
func TestSSHShutdown(t *testing.T) {
	srv, addr := startServer(t, Config{})
	key := newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(key.PublicKey()), "Col")
	sess, _, screen := session(t, dial(t, addr, key))
	screen.waitText(t, "Hello, Col.")
	ctx, cancel := context.WithTimeout(context.Background(), testkit.TimeLeft(t))
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	screen.waitText(t, lang.English.T(lang.FarewellBye))
	sess.Wait()
}

// TestNamePromptOffersTheLineMode: Tab at the first login's name prompt
// turns the session into the line mode (for screen readers); what is
// typed next goes to the line mode, none of it lost to the full screen's
// reader (bytes typed in the same packet as the Tab are the screen's).
func TestNamePromptOffersTheLineMode(t *testing.T) {
	_, addr := startServer(t, Config{})
	sess, in, screen := session(t, dial(t, addr, newKey(t)))
	screen.waitText(t, "Press Tab for the line mode")
	io.WriteString(in, "\t")
	screen.waitText(t, "What is your name?")
	io.WriteString(in, "Ada\r")
	screen.waitText(t, "Hello, Ada.")
	io.WriteString(in, "quit\r")
	if err := sess.Wait(); err != nil {
		t.Fatalf("quitting the line mode: %v", err)
	}
}

// TestBackToTheSeat is issue 16's item 15: a player whose connection
// dropped is taken straight back to their seat when they log in again,
// and one who left with q may take their seat back from the lobby.
func TestBackToTheSeat(t *testing.T) {
	srv, addr := startServer(t, Config{})
	ann, bob := newKey(t), newKey(t)
	annID := gossh.FingerprintSHA256(ann.PublicKey())
	srv.users.SetName(bg, annID, "Ada")
	srv.users.SetName(bg, gossh.FingerprintSHA256(bob.PublicKey()), "Ben")
	annConn := dial(t, addr, ann)
	_, annIn, annScreen := ptySession(t, annConn, "duel", 30, 100)
	annScreen.waitText(t, "s: start")
	_, _, bobScreen := ptySession(t, dial(t, addr, bob), "duel", 30, 100)
	bobScreen.waitText(t, "Waiting for the host")
	io.WriteString(annIn, "s")
	annScreen.waitText(t, "MILLE BORNES")

	annConn.Close() // the connection drops
	r := srv.Lobby.Room("duel")
	waitSeats := func(what string, ok func(s []table.SeatInfo) bool) {
		t.Helper()
		deadline := time.Now().Add(testkit.TimeLeft(t))
		for !ok(r.Seats()) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: seats %+v", what, r.Seats())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitSeats("Ada away", func(s []table.SeatInfo) bool { return s[0].Human && !s[0].Connected })
	_, annIn, annScreen = ptySession(t, dial(t, addr, ann), "", 30, 100) // no room named
	annScreen.waitText(t, "MILLE BORNES")
	waitSeats("Ada back", func(s []table.SeatInfo) bool { return s[0].Connected && s[0].Name == "Ada" })

	io.WriteString(annIn, "q") // leaving for good: a computer plays on
	annScreen.waitText(t, "Leave")
	io.WriteString(annIn, "y")
	waitSeats("Ada gone", func(s []table.SeatInfo) bool { return !s[0].Human })
	_, _, annScreen = ptySession(t, dial(t, addr, ann), "duel", 30, 100)
	annScreen.waitText(t, "MILLE BORNES")
	waitSeats("Ada's seat taken back", func(s []table.SeatInfo) bool { return s[0].Human && s[0].Connected })
}

// TestShutdownTellsPlayersTheirSeatWaits: at shutdown a room's player is
// told the game is saved and the seat waits; an onlooker of the room is
// told only that the server stops (no seat waits for them).
func TestShutdownTellsPlayersTheirSeatWaits(t *testing.T) {
	srv, addr := startServer(t, Config{})
	ann, cat := newKey(t), newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(ann.PublicKey()), "Ada")
	srv.users.SetName(bg, gossh.FingerprintSHA256(cat.PublicKey()), "Cat")
	annSess, annIn, annScreen := ptySession(t, dial(t, addr, ann), "sun", 30, 100)
	annScreen.waitText(t, "s: start")
	io.WriteString(annIn, "s")
	annScreen.waitText(t, "MILLE BORNES")
	catSess, _, catScreen := ptySession(t, dial(t, addr, cat), "sun", 30, 100)
	catScreen.waitText(t, "MILLE BORNES")

	ctx, cancel := context.WithTimeout(context.Background(), testkit.TimeLeft(t))
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	annScreen.waitText(t, "your seat waits")
	catScreen.waitText(t, lang.English.T(lang.FarewellBye))
	annSess.Wait()
	catSess.Wait()
	if strings.Contains(catScreen.text(), "seat waits") {
		t.Fatalf("an onlooker is told a seat waits for them:\n%s", catScreen.text())
	}
}

// TestHostKeyPersists: the host key is made once and read back after.
func TestHostKeyPersists(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys", HostKeyFile)
	a, err := HostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := HostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.PublicKey().Marshal(), b.PublicKey().Marshal()) {
		t.Fatal("a new host key on the second run")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("host key file: %v %v", fi.Mode(), err)
	}
	if a.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Fatalf("host key type %s", a.PublicKey().Type())
	}
}

func TestValidName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"Ada", true},
		{"Zoé", true},
		{"", false},
		{"a name too long", false},
		{"bad\x1b[2J", false},
		// issue 15, 12
		{"Computer 2", false},
		{"computer", false},
		{"ＣＯＭＰＵＴＥＲ３", false},
		{"Computer Ada", true},
		{"\u0301\u0301\u0301", false}, // combining marks only: invisible
		{"\u0301Ann", false},          // a mark on what comes before
		{"   ", false},
		{"a\u200bb", false}, // a zero-width space
		{"ＡＢＣＤＥＦ", true},    // 12 columns
		{"ＡＢＣＤＥＦＧ", false},  // 7 letters, 14 columns
		{"日本語の名前", true},
		{"Zoe\u0301", true},
		// issue 22, 9: bytes that are not UTF-8 were greeted as a blank
		// name and stored raw.
		{"\xff\xfe", false},
		{"Ada\xff", false},
		{"Соmрutеr", false}, // Cyrillic о, р and е
		{"Computer 1O", false},
		{"Алиса", true},
		{"Ολγα", true},
		// Every screen names the viewer's own seat You (Vous in French) and
		// a computer Computer (Ordinateur): no person may take those.
		{"You", false},
		{"vous", false},
		{"Ordinateur 3", false},
		{"Youri", true},
		// issue 24, 10: the computers' names, at a served table as at
		// this keyboard, and their look-alikes.
		{"Bob", false},
		{"B0b", false},
		{"ANN", false},
		{"Ca1", false}, // a 1 for the l
		{"Еvе", false}, // Cyrillic Е and е
		{"Fay", false}, // seat 0's, a computer's only at a server
		{"Player 3", false},
		{"Bobby", true},
		{"Annie", true},
	}
	for _, tc := range tests {
		if err := lobby.ValidName(tc.name); (err == nil) != tc.ok {
			t.Errorf("ValidName(%q) = %v", tc.name, err)
		}
	}
}

// TestNamesUnique (issue 15, 12): a name is one player's, however it is
// written; a player may keep or rewrite their own.
func TestNamesUnique(t *testing.T) {
	users := lobby.NewUsers(servertest.NewStore(t))
	if err := users.SetName(bg, "ann", "Ada Li"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Ada Li", "ada li", "AdaLi", "Ａｄａ Ｌｉ", "Ada Li\u0301"} {
		if err := users.SetName(bg, "eve", name); !errors.Is(err, lobby.ErrNameTaken) {
			t.Errorf("another key as %q: %v", name, err)
		}
	}
	if err := users.SetName(bg, "ann", "ADA LI"); err != nil {
		t.Errorf("Ada rewrites her own name: %v", err)
	}
	if err := users.SetName(bg, "eve", "Ivy"); err != nil {
		t.Fatal(err)
	}
	// Ada changes her name: her former one is free.
	if err := users.SetName(bg, "ann", "Annie"); err != nil {
		t.Fatal(err)
	}
	if err := users.SetName(bg, "cal", "ann li"); err != nil {
		t.Fatalf("Col as Ada's former name: %v", err)
	}
	if err := users.SetName(bg, "eve", "ANNIE"); !errors.Is(err, lobby.ErrNameTaken) {
		t.Fatalf("Ivy as Ada's new name: %v", err)
	}
}

// TestNamesLookAlike (issue 22, 9): Alíce and Аlice (a Cyrillic А) were
// taken beside Alice; names that look alike, accents aside, are one.
func TestNamesLookAlike(t *testing.T) {
	users := lobby.NewUsers(servertest.NewStore(t))
	if err := users.SetName(bg, "alice", "Alice"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"Alíce", // a precomposed í
		"Аlice", // Cyrillic А
		"Alicе", // Cyrillic е
		"ΑLICE", // Greek Α
		"AIice", // a capital I for the l
		"A1ice", // a digit one
		"Ａｌｉｃｅ", // fullwidth
		"A lice",
		"Ali\u0441\u0435", // Cyrillic с and е
	} {
		if err := users.SetName(bg, "mallory", name); !errors.Is(err, lobby.ErrNameTaken) {
			t.Errorf("%q (%+q) beside Alice: %v", name, name, err)
		}
	}
	for _, name := range []string{"Alina", "Alex", "Алиса"} {
		if err := users.SetName(bg, "mallory", name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	if r := (*lobby.Refusal)(nil); !errors.As(users.SetName(bg, "mallory", "\xff\xfe"), &r) || r.Why != lobby.RefNameBytes {
		t.Errorf("invalid UTF-8: %v", r)
	}
	if name, _ := users.Name(bg, "mallory"); name != "Алиса" {
		t.Errorf("mallory's name is %q", name)
	}
}

// TestNamesLookAlikeReclaimed (issue 22, 9): a name claimed by the older
// rule, which took Аlice beside Alice, is claimed again by the new one
// when the server starts.
func TestNamesLookAlikeReclaimed(t *testing.T) {
	dir := t.TempDir()
	st, _, err := lobby.OpenStore(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	st.ClaimName(bg, "mallory", "Аlice", strings.ToLower("Аlice"))
	st.Close()
	st, _, err = lobby.OpenStore(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := lobby.NewUsers(st).SetName(bg, "alice", "Alice"); !errors.Is(err, lobby.ErrNameTaken) {
		t.Fatalf("Alice beside an Аlice kept from before: %v", err)
	}
}

// panicky panics in Update on the key p; otherwise it shows "alive".
type panicky struct{}

func (panicky) Init() tea.Cmd { return nil }
func (p panicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "p":
			panic("boom in Update")
		case "q":
			return p, tea.Quit
		}
	}
	return p, nil
}
func (panicky) View() tea.View { return tea.NewView("alive") }

// TestSSHPanic: a panic in one session, in its program or in the handler,
// ends that session only: others go on and new ones are served.
func TestSSHPanic(t *testing.T) {
	srv, addr := startServer(t, Config{})
	srv.model = func(id, room string, width int) tea.Model {
		if room == "boom" {
			panic("boom in the handler")
		}
		return panicky{}
	}
	key := newKey(t)
	other, otherIn, otherScreen := session(t, dial(t, addr, key))
	otherScreen.waitText(t, "alive")

	sess, in, screen := session(t, dial(t, addr, key))
	screen.waitText(t, "alive")
	io.WriteString(in, "p")
	sess.Wait()

	c := dial(t, addr, key)
	boom, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	boom.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
	if err := boom.Run("boom"); err == nil {
		t.Fatal("a session whose handler panicked exited well")
	}

	_, _, fresh := session(t, dial(t, addr, key))
	fresh.waitText(t, "alive")
	io.WriteString(otherIn, "q")
	if err := other.Wait(); err != nil {
		t.Fatalf("the other session: %v", err)
	}
}

// TestSSHRoom: a player creates a room from the lobby, another joins it by
// naming it on the ssh command line, the host starts, and each sees the
// game from their own seat.
func TestSSHRoom(t *testing.T) {
	srv, addr := startServer(t, Config{})
	ann, bob := newKey(t), newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(ann.PublicKey()), "Ada")
	srv.users.SetName(bg, gossh.FingerprintSHA256(bob.PublicKey()), "Ben")

	_, annIn, annScreen := session(t, dial(t, addr, ann))
	annScreen.waitText(t, "Hello, Ada.")
	io.WriteString(annIn, "n")
	annScreen.waitText(t, "New room")
	io.WriteString(annIn, "\r")
	annScreen.waitText(t, "s: start")
	r := srv.Lobby.Room("room1")
	if r == nil {
		t.Fatal("no room1 in the lobby")
	}

	_, bobIn, bobScreen := ptySession(t, dial(t, addr, bob), "room1", 24, 80)
	bobScreen.waitText(t, "Waiting for the host")
	if s := r.Seats(); !s[1].Human || s[1].Name != "Ben" {
		t.Fatalf("seats: %+v", s)
	}
	io.WriteString(annIn, "s")
	annScreen.waitText(t, "MILLE BORNES")
	bobScreen.waitText(t, "MILLE BORNES")

	// Ada plays first: she selects her first card and discards it, by
	// keys, and the room takes the move.
	io.WriteString(annIn, "1x")
	servertest.WaitRoom(t, r, "Ada's discard", func(s *engine.State) bool {
		for _, e := range s.Events(0, nil) {
			if e.Kind == engine.EvDiscard && e.Seat == 0 {
				return true
			}
		}
		return false
	})

	// Ben leaves the table; his seat goes to a computer.
	io.WriteString(bobIn, "q")
	bobScreen.waitText(t, "Leave the table?")
	io.WriteString(bobIn, "y")
	bobScreen.waitText(t, "n: new room")
	if s := r.Seats(); s[1].Human {
		t.Fatalf("seat 2 after Ben left: %+v", s[1])
	}
}

// TestSSHRandomInput feeds seeded random bytes and window sizes into
// sessions in a room: no session panics and the server goes on serving.
func TestSSHRandomInput(t *testing.T) {
	var logs testkit.Buffer
	srv, addr := startServer(t, Config{Log: LogConfig{Out: &logs}})
	key := newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(key.PublicKey()), "Ivy")
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		rng := mrand.New(mrand.NewPCG(seed, 7))
		c := dial(t, addr, key)
		sess, in, screen := ptySession(t, c, "fuzz", 24, 80)
		screen.waitText(t, "Room fuzz")
		for range 200 {
			if rng.IntN(10) == 0 {
				sess.WindowChange(rng.IntN(300), rng.IntN(500))
				continue
			}
			b := make([]byte, 1+rng.IntN(16))
			for i := range b {
				b[i] = byte(rng.IntN(256))
			}
			if _, err := in.Write(b); err != nil {
				break // the random keys quit the session: fine
			}
		}
		c.Close()
		<-screen.done
	}
	_, _, screen := session(t, dial(t, addr, key))
	screen.waitText(t, "Ivy")
	if strings.Contains(logs.String(), "panic") {
		t.Fatalf("a session panicked:\n%s", logs.String())
	}
}

// TestShutdownBeforeServe: a Shutdown that comes before Serve has started
// accepting (a SIGTERM just after mille serve says it listens) still ends
// Serve; it once accepted forever.
func TestShutdownBeforeServe(t *testing.T) {
	for i := range 30 {
		srv, l := newServer(t, Config{})
		served := make(chan error, 1)
		if i%2 == 0 {
			srv.Shutdown(context.Background()) // before Serve
			go func() { served <- srv.Serve(l) }()
		} else {
			go func() { served <- srv.Serve(l) }() // racing with Shutdown
			srv.Shutdown(context.Background())
		}
		select {
		case err := <-served:
			if err != nil {
				t.Fatalf("run %d: Serve after Shutdown: %v", i, err)
			}
		case <-time.After(testkit.TimeLeft(t)): // only stops a hang
			t.Fatalf("run %d: Serve goes on after Shutdown", i)
		}
	}
}
