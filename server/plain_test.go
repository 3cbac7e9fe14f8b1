package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/linemode"
	"github.com/millebornes/mille/server/lobby"
)

// lineClient is an SSH session in the line mode, read line by line.
type lineClient struct {
	t     *testing.T
	name  string
	in    io.Writer
	enter string // what Return sends: a line feed, or a carriage return on a raw terminal
	lines chan string
	all   *testkit.Buffer
}

// plainSession runs command (plain [ROOM]) in a session, with a PTY when
// tty is set (ssh -t), as the player with key.
func plainSession(t *testing.T, addr string, key gossh.Signer, name, command string, tty bool, env ...string) *lineClient {
	t.Helper()
	sess, err := dial(t, addr, key).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if tty {
		if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(command); err != nil {
		t.Fatal(err)
	}
	c := &lineClient{t: t, name: name, in: in, enter: "\n", lines: make(chan string, 1<<14), all: &testkit.Buffer{}}
	if tty {
		c.enter = "\r"
	}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(io.TeeReader(out, c.all))
		for sc.Scan() {
			c.lines <- strings.TrimSuffix(sc.Text(), "\r")
		}
	}()
	return c
}

// send types a line and Return.
func (c *lineClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+c.enter); err != nil {
		c.t.Fatalf("%s typing %q: %v", c.name, line, err)
	}
}

// until reads lines until one starts with prefix.
func (c *lineClient) until(prefix string) string {
	c.t.Helper()
	return c.untilLine(prefix, func(l string) bool { return strings.HasPrefix(l, prefix) })
}

// untilLine reads lines until ok accepts one (what is the line awaited,
// for the failure).
func (c *lineClient) untilLine(what string, ok func(string) bool) string {
	c.t.Helper()
	deadline := time.After(testkit.TimeLeft(c.t)) // only stops a broken test from hanging
	for {
		select {
		case l, open := <-c.lines:
			if !open {
				c.t.Fatalf("%s: the session ended before %q:\n%s", c.name, what, c.all.String())
			}
			if ok(l) {
				return l
			}
		case <-deadline:
			c.t.Fatalf("%s: no %q:\n%s", c.name, what, c.all.String())
		}
	}
}

// TestSSHPlain plays the line mode over SSH: Ada without a terminal makes a
// room from the lobby, Ben with one (ssh -t) names it on the command line
// and erases a typo; Ada deals; each plays from their own seat's turn
// line, which lists only their own hand; Col watches without a hand and
// leaves; Ben and Ada leave to the lobby and quit. Nothing anyone reads
// holds an escape sequence.
func TestSSHPlain(t *testing.T) {
	srv, addr := startServer(t, Config{Rooms: RoomLimits{Max: 4}})
	ann := plainSession(t, addr, newKey(t), "Ada", linemode.Command, false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("Hello, Ada.")
	ann.until("There are no rooms yet.")
	ann.send("create duel 2 random")
	ann.until("Room duel.")
	ann.until("Seats: 1 Ada (you, host) and 2 Computer (computer).")

	bob := plainSession(t, addr, newKey(t), "Ben", linemode.Command+" duel", true)
	bob.until("What is your name?")
	bob.send("Benx\x7f")
	bob.until("Hello, Ben.")
	bob.until("Seats: 1 Ada (here, host) and 2 Ben (you).")
	ann.until("Seats: 1 Ada (you, host) and 2 Ben (here).")
	bob.send("start")
	bob.until("That did not work: only the host can do that.")
	ann.send("start")

	room := srv.Lobby.Room("duel")
	players := map[int]*lineClient{0: ann, 1: bob}
	turns := 0
	for turns < 12 {
		st := room.State()
		seat := st.ToAct()
		c := players[seat]
		switch st.Phase {
		case engine.PhaseCoupFourre, engine.PhaseExtension:
			c.untilLine("a question", func(l string) bool { return strings.HasSuffix(l, "Yes or no.") })
			c.send("no")
			c.untilLine("the answer told", func(l string) bool {
				return strings.HasPrefix(l, "You let ") || strings.HasPrefix(l, "You stop ")
			})
			continue
		case engine.PhaseHandOver, engine.PhaseGameOver:
			t.Fatalf("the hand is over after %d turns", turns)
		}
		line := c.until("Your turn: ")
		st = room.State()
		if st.ToAct() != seat {
			t.Fatalf("%s has a turn line while seat %d is to act", c.name, st.ToAct())
		}
		// The short turn line names every card held, a distance by its
		// miles ("25, 75 miles").
		for _, card := range st.Hands[seat] {
			name := lang.English.Card(card)
			if card.IsDistance() {
				name = fmt.Sprint(card.Miles())
			}
			if card != engine.NoCard && !strings.Contains(line, name) {
				t.Fatalf("%s's turn line %q lacks %v", c.name, line, card)
			}
		}
		obs := engine.Observe(&st, seat)
		a := obs.Legal(nil)[0]
		for slot, card := range obs.MyHand {
			if card == a.Card() {
				verb := "play "
				if a.Kind() == engine.KindDiscard {
					verb = "discard "
				}
				c.send(verb + strings.Replace(fmt.Sprint(slot), "0", "P", 1))
				// told once the table has taken it
				c.untilLine("the move told", func(l string) bool {
					return strings.HasPrefix(l, "You play ") || strings.HasPrefix(l, "You discard ")
				})
				break
			}
		}
		turns++
	}
	cal := plainSession(t, addr, newKey(t), "Col", linemode.Command, false)
	cal.until("What is your name?")
	cal.send("Col")
	cal.until("duel: 2 players, standard rules, computers random, 2 people, playing.")
	cal.send("watch duel")
	cal.until("Mille Bornes, standard rules, 2 players: Ada and Ben.")
	cal.send("hand")
	cal.until("Onlookers see no hand.")
	cal.send("play 1")
	cal.until("You are watching this table: only its players play.")
	cal.send("quit")
	cal.until("Stop watching and leave the table? Yes or no.")
	cal.send("yes")
	cal.until("Back in the lobby")
	cal.send("quit")
	cal.until("Goodbye.")

	bob.send("quit")
	bob.until("Leave the table? A computer player takes your seat.")
	bob.send("yes")
	bob.until("Back in the lobby")
	bob.send("quit")
	bob.until("Goodbye.")
	ann.send("quit")
	ann.until("Leave the table?")
	ann.send("y")
	ann.until("Back in the lobby")
	ann.send("rooms")
	ann.until("There are no rooms yet.") // the room ended with its last person
	ann.send("q")
	ann.until("Goodbye.")
	for _, c := range []*lineClient{ann, bob, cal} {
		if out := c.all.String(); bytes.ContainsAny([]byte(out), "\x1b") {
			t.Errorf("%s read an escape sequence:\n%q", c.name, out)
		}
	}
}

// TestSSHPlainFarewell: at shutdown a player in the line mode reads the
// catalogue's farewell, and that the room is saved and the seat waits.
func TestSSHPlainFarewell(t *testing.T) {
	srv, addr := startServer(t, Config{})
	ann := plainSession(t, addr, newKey(t), "Ada", linemode.Command+" picnic", false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("Seats: 1 Ada (you, host)")
	ann.send("start")
	ann.until("Mille Bornes, standard rules")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	ann.until("The server is shutting down. Thanks for playing!")
	ann.until("Your game in room picnic is saved. When the server is back, join room picnic again: your seat waits for you.")
}

// TestSSHPlainFrench: a client that sends LANG=fr_FR.UTF-8 is spoken to
// in French, and the lobby's langue command changes the language of the
// session, not the server's.
func TestSSHPlainFrench(t *testing.T) {
	_, addr := startServer(t, Config{})
	ann := plainSession(t, addr, newKey(t), "Ada", linemode.Command, false, "LANG=fr_FR.UTF-8")
	ann.until("Quel est votre nom")
	ann.send("Ada")
	ann.until("Bonjour, Ada.")
	bob := plainSession(t, addr, newKey(t), "Ben", linemode.Command, false, "LANG=C.UTF-8")
	bob.until("What is your name?")
	ann.send("langue en")
	ann.until("mille speaks English now.")
	bob.send("Ben")
	bob.until("Hello, Ben.")
	bob.send("lang fr")
	bob.until("mille parle français maintenant.")
	bob.send("salles")
	bob.until("Il n'y a pas encore de salle.")
}

// TestSSHPlainFrenchRefusals (issue 23): a client that sends
// LANG=fr_FR.UTF-8 reads the lobby's refusals in French: a name another
// player has, a computer's, a room that exists, a room name refused.
func TestSSHPlainFrenchRefusals(t *testing.T) {
	_, addr := startServer(t, Config{})
	ann := plainSession(t, addr, newKey(t), "Ada", linemode.Command, false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("Hello, Ada.")
	ann.send("create picnic")
	ann.until("Seats: ")
	fr := &lang.French
	zoe := plainSession(t, addr, newKey(t), "Zoé", linemode.Command, false, "LANG=fr_FR.UTF-8")
	zoe.until("Quel est votre nom")
	for _, tc := range []struct{ send, want string }{
		{"ada", fr.T(lang.NameRefused, fr.T(lang.RefNameTaken))},
		{"Computer", fr.T(lang.NameRefused, fr.T(lang.RefNameMille))},
		{"Zoé", "Bonjour, Zoé."},
		{"create picnic", fr.T(lang.Failed, fr.T(lang.RefRoomExists))},
		{"create pic/nic", fr.T(lang.Failed, fr.T(lang.RefRoomName, lobby.MaxRoomName))},
	} {
		zoe.send(tc.send)
		zoe.until(tc.want)
	}
}

// TestSSHWithoutTerminalIsPlain: a session without a terminal (ssh -T
// HOST, or ssh HOST ROOM without -t) gets the line mode, as local play
// does without a terminal, not a refusal.
func TestSSHWithoutTerminalIsPlain(t *testing.T) {
	_, addr := startServer(t, Config{})
	ann := plainSession(t, addr, newKey(t), "Ada", "picnic", false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("Seats: ")
}

// TestPlainHintComesFirst: a newcomer's terminal gets the line mode's
// hint as its first bytes, before any escape sequence or box drawing,
// so that a screen reader reads it first, in the client's LANG.
func TestPlainHintComesFirst(t *testing.T) {
	_, addr := startServer(t, Config{})
	for _, tc := range []struct {
		env  string
		want *lang.Catalogue
	}{{"", &lang.English}, {"fr_FR.UTF-8", &lang.French}} {
		sess, err := dial(t, addr, newKey(t)).NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		if tc.env != "" {
			if err := sess.Setenv("LANG", tc.env); err != nil {
				t.Fatal(err)
			}
		}
		if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		out, err := sess.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.Shell(); err != nil {
			t.Fatal(err)
		}
		hint := tc.want.T(lang.SrvReader)
		buf := make([]byte, len(hint)+2)
		if _, err := io.ReadFull(out, buf); err != nil {
			t.Fatal(err)
		}
		if string(buf) != hint+"\r\n" {
			t.Fatalf("LANG=%s: the first bytes are %q, want the line mode's hint in %s", tc.env, buf, tc.want.Name)
		}
	}
}

// TestSSHPlainRetiredName: in the line mode too, a name an earlier
// version kept that is now a computer's (issue 24, 10) is asked again,
// saying why; a computer's name is refused there as everywhere.
func TestSSHPlainRetiredName(t *testing.T) {
	srv, addr := startServer(t, Config{})
	key := newKey(t)
	if err := srv.store.SetName(bg, gossh.FingerprintSHA256(key.PublicKey()), "Cal"); err != nil {
		t.Fatal(err)
	}
	c := plainSession(t, addr, key, "Cal", linemode.Command, false)
	c.until("Your name Cal is now one mille gives its computer players")
	c.until("What is your name?")
	c.send("Ca1")
	c.until("Not that name:")
	c.send("Cleo")
	c.until("Hello, Cleo.")
}

// TestSSHPlainRanking: on a new server the line mode's ranking lists the
// house computers at their fixed ratings; a player nobody rated is told
// so; a rated room says it is rated in the list of rooms.
func TestSSHPlainRanking(t *testing.T) {
	_, addr := startServer(t, Config{Rooms: RoomLimits{Max: 4}})
	ann := plainSession(t, addr, newKey(t), "Ada", linemode.Command, false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("There are no rooms yet.")
	ann.send("ranking")
	ann.until("Ranking (")
	for _, line := range []string{"1. expert: 1552, house computer, fixed rating.", "2. hard: 1540", "3. medium: 1500", "4. easy: 1323"} {
		ann.until(line)
	}
	ann.send("ranking Ada")
	ann.until("Nobody called Ada has a rating.")
	ann.send("ranking medium")
	ann.until("3. medium: 1500, house computer, fixed rating.")

	bob := plainSession(t, addr, newKey(t), "Ben", linemode.Command, false)
	bob.until("What is your name?")
	bob.send("Ben")
	bob.until("There are no rooms yet.")
	ann.send("create duel 2 rated")
	ann.until("Room duel.")
	bob.send("rooms")
	bob.until("duel: 2 players, standard rules, computers easy, 1 person, waiting for its host to deal, rated.")
	bob.send("lang fr")
	bob.send("classement fort")
	if line := bob.until("2. fort"); !strings.Contains(line, "1540, ordinateur de la maison, cote fixe.") {
		t.Fatalf("hard in French: %q", line)
	}
}

// TestSSHPlainQuick: quick seats two people asking for it in one rated
// game of two, dealt; a lone person, once the wait is over, plays the
// house computer.
func TestSSHPlainQuick(t *testing.T) {
	srv, addr := startServer(t, Config{Rooms: RoomLimits{Max: 4}})
	// Ada waits for Ben however long his session takes to open: at load
	// 25 that was over the 15 s after which she got a house computer
	// (and Ben, seated alone, another, named Ada too).
	srv.Lobby.SetQuickWait(time.Hour)
	ann := plainSession(t, addr, newKey(t), "Ada", linemode.Command, false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("There are no rooms yet.")
	ann.send("quick")
	ann.until("Looking for an opponent near your rating for a rated game of two")
	bob := plainSession(t, addr, newKey(t), "Ben", linemode.Command, false)
	bob.until("What is your name?")
	bob.send("Ben")
	bob.until("Hello, Ben.")
	bob.send("quick")
	// Whoever's ticket came first sits first: Ada asked first, but her
	// session says it looks before its ticket is in, and a busy machine
	// has let Ben's come in before it.
	for _, c := range []*lineClient{bob, ann} {
		other := map[*lineClient]string{bob: "Ada", ann: "Ben"}[c]
		c.untilLine("the deal of a game of two with "+other, func(l string) bool {
			return strings.HasPrefix(l, "Mille Bornes, standard rules, 2 players: "+other+" and you.") ||
				strings.HasPrefix(l, "Mille Bornes, standard rules, 2 players: you and "+other+".")
		})
	}
	list := srv.Lobby.List()
	if len(list) != 1 || !list[0].Rated || list[0].Humans != 2 || !list[0].Started {
		t.Fatalf("the quick room: %+v", list)
	}
	// Ben leaves the game, which goes on with Ada: it counts as lost at
	// its end, he is told before the lobby's commands.
	bob.send("quit")
	bob.until("Leave the table? This rated game counts as lost")
	bob.send("yes")
	bob.until("The rated game in room " + list[0].Name + " goes on without you: it counts as lost when it ends, unless you come back to your seat before then.")
	bob.until("Back in the lobby") // what to do next comes last

	srv.Lobby.SetQuickWait(time.Millisecond) // nobody else comes
	cyd := plainSession(t, addr, newKey(t), "Cyd", linemode.Command, false)
	cyd.until("What is your name?")
	cyd.send("Cyd")
	cyd.until("Hello, Cyd.")
	cyd.send("quick 5")
	cyd.until("A quick match is for 2, 3, 4 or 6 players: type quick, quick 3, quick 4 or quick 6.")
	cyd.send("help")
	cyd.until("quick 3, quick 4 or quick 6: a rated game of that many players (4 and 6 in teams of two)")
	cyd.send("rapide")
	cyd.until("Mille Bornes, standard rules, 2 players: you and ")
}
