package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
)

// The end-to-end tests connect real SSH clients (x/crypto/ssh with a PTY)
// and read their screens through a terminal emulator; what the screens
// say is known to server/internal/client/script.go only.

// e2eWait bounds every wait for a screen: it only keeps a broken test from
// hanging, on a machine as busy as it gets.
const e2eWait = 60 * time.Second

// e2ePlayer connects the player with key number seed, asking for room on
// the command line.
func e2ePlayer(t *testing.T, addr string, seed uint64, room string) *client.Client {
	t.Helper()
	c, err := client.Dial(addr, client.Key(seed), client.Options{Command: room, Width: 120, Height: 40})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// waitUntil waits for a condition on the server's side; the deadline only
// stops a broken test.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(e2eWait)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// fillRoom has four new players (keys 1 to 4, names typed at their first
// login) fill the 4-player team room called room, in seat order, and the
// first, its host, start the game.
func fillRoom(t *testing.T, srv *Server, addr, room string) ([]*client.Client, *lobby.Room) {
	t.Helper()
	names := []string{"Ada", "Ben", "Col", "Dot"}
	var cs []*client.Client
	for i, name := range names {
		c := e2ePlayer(t, addr, uint64(i+1), room)
		servertest.Must(t, c.EnterRoom(name, e2eWait))
		cs = append(cs, c)
	}
	servertest.Must(t, cs[0].WaitSeated(e2eWait, names...))
	r := srv.Lobby.Room(room)
	if r == nil {
		t.Fatalf("no room %s", room)
	}
	for i, s := range r.Seats() {
		if !s.Human || s.Name != names[i] {
			t.Fatalf("seat %d: %+v", i+1, s)
		}
	}
	// A room made from the command line has a new seed each time; the
	// test deals a seeded game instead, so every run plays the same hand.
	servertest.Must(t, r.Redeal(7))
	servertest.Must(t, cs[0].Start(e2eWait))
	for _, c := range cs[1:] {
		servertest.Must(t, c.WaitGame(e2eWait))
	}
	return cs, r
}

// toAct returns the seat whose turn it is.
func toAct(r *lobby.Room) int {
	st := r.State()
	return st.ToAct()
}

// TestE2EReconnect: in the middle of a hand a player whose turn it is
// not drops the connection; the seat waits for them, and the same key
// brings them back to the same seat, hand and board, from where they play
// on through the keyboard.
func TestE2EReconnect(t *testing.T) {
	t.Parallel() // waits on its server more than it computes
	srv, addr := startServer(t, Config{})
	cs, r := fillRoom(t, srv, addr, "back")
	playKeys(t, r, cs, 10)
	away := (toAct(r) + 1) % 4
	others := slices.Delete(slices.Clone(cs), away, away+1)
	drawLen := int(r.State().DrawLen)
	servertest.Must(t, client.WaitAll(e2eWait, "the same board on every screen, caught up with the room", cs, func(screens [][]string) bool {
		for _, s := range screens {
			if client.PublicBoard(s) != client.PublicBoard(screens[0]) || client.DeckCount(s) != drawLen {
				return false
			}
		}
		return true
	}))
	hand, before := client.Hand(cs[away].Text()), client.PublicBoard(cs[away].Lines())
	if hand == "" || before == "" {
		t.Fatalf("no hand or board on the screen:\n%s", cs[away].Text())
	}
	cs[away].Close()
	waitUntil(t, "the seat shows its player away", func() bool {
		s := r.Seats()[away]
		return s.Human && !s.Connected
	})

	back := e2ePlayer(t, addr, uint64(away+1), "back")
	servertest.Must(t, back.WaitFor(e2eWait, "the same hand and board", func(s string) bool {
		return client.Hand(s) == hand && client.PublicBoard(strings.Split(s, "\n")) == before
	}))
	if s := r.Seats()[away]; !s.Human || !s.Connected || s.Name != []string{"Ada", "Ben", "Col", "Dot"}[away] {
		t.Fatalf("seat %d after coming back: %+v", away+1, s)
	}
	// Nothing moved while the player was away: once the others see them
	// back, their boards are the one the player left.
	servertest.Must(t, client.WaitAll(e2eWait, "the others' boards as the player left them", others, func(screens [][]string) bool {
		for _, s := range screens {
			if client.PublicBoard(s) != before {
				return false
			}
		}
		return true
	}))
	cs[away] = back
	if moves, _ := playKeys(t, r, cs, 8); moves < 8 {
		t.Fatalf("the game went on for %d moves only", moves)
	}
}

// TestE2ETeamHand: four players fill a 4-player team room through their
// SSH clients and play a whole hand with their keyboards, each reading
// their own screen; at every quiet moment (a seat to play, nothing asked)
// the four screens show the same public board, with the draw pile the
// room holds, and at the end all four show the end of the hand. What to
// play is chosen by a seeded computer player from the seat's observation,
// as a person would choose from the screen.
func TestE2ETeamHand(t *testing.T) {
	t.Parallel() // waits on its server more than it computes
	srv, addr := startServer(t, Config{})
	cs, r := fillRoom(t, srv, addr, "team")
	moves, boards := playKeys(t, r, cs, -1)
	servertest.Must(t, client.WaitAll(e2eWait, "the end of the hand", cs, func(screens [][]string) bool {
		for _, s := range screens {
			if !client.HandOver(strings.Join(s, "\n")) {
				return false
			}
		}
		return true
	}))
	t.Logf("a hand of %d moves, the boards compared at %d quiet moments", moves, boards)
	if boards < 20 {
		t.Fatalf("only %d quiet moments in a hand", boards)
	}
}

// playKeys drives room r until the hand is over, or for at most maxMoves moves
// (-1: no limit). The seats with a client in cs play through their
// keyboards, what to play chosen by a seeded computer player from the
// seat's observation, as a person would choose from the screen; the others
// are the room's computers. Before each move by keys the clients' screens
// must agree on the public board, and the player's must show its turn and
// have caught up with the room: the draw pile's count, and a board changed
// by the player's own last play when it plays again. It returns the moves
// made and the number of boards compared.
func playKeys(t *testing.T, r *lobby.Room, cs []*client.Client, maxMoves int) (moves, boards int) {
	t.Helper()
	var live []*client.Client
	for _, c := range cs {
		if c != nil {
			live = append(live, c)
		}
	}
	var bots []ai.Player
	for i := range cs {
		bot, err := ai.New("heuristic", uint64(i+1))
		servertest.Must(t, err)
		bots = append(bots, bot)
	}
	var buf [engine.MaxLegal]engine.Action
	lastBoard, lastActor := "", -1
	for ; moves != maxMoves; moves++ {
		st, version, ended := r.State(), r.Version(), r.Ended()
		if ended {
			t.Fatalf("the room ended after %d moves", moves)
		}
		if st.Phase >= engine.PhaseHandOver {
			break
		}
		seat := st.ToAct()
		obs := engine.Observe(&st, seat)
		c := cs[seat]
		if c != nil {
			switch obs.Phase {
			case engine.PhaseCoupFourre:
				servertest.Must(t, c.WaitFor(e2eWait, "the coup fourré question", client.AskedCoupFourre))
			case engine.PhaseExtension:
				servertest.Must(t, c.WaitFor(e2eWait, "the extension question", client.AskedExtension))
			default:
				var board string
				servertest.Must(t, client.WaitAll(e2eWait, fmt.Sprintf("the same board, seat %d to play, after %d moves", seat+1, moves), live, func(screens [][]string) bool {
					board = client.PublicBoard(screens[0])
					for _, s := range screens[1:] {
						if client.PublicBoard(s) != board {
							return false
						}
					}
					mine := c.Lines()
					return board != "" && client.PublicBoard(mine) == board && client.MyTurn(strings.Join(mine, "\n")) &&
						client.DeckCount(mine) == int(obs.DrawLen) && (seat != lastActor || board != lastBoard)
				}))
				boards++
				lastBoard = board
			}
			a := bots[seat].Choose(context.Background(), &obs, obs.Legal(buf[:0]))
			servertest.Must(t, c.Send(client.KeysFor(&obs, a)))
			lastActor = -1
			if a.Kind() == engine.KindPlay || a.Kind() == engine.KindCoupFourre {
				lastActor = seat
			}
		}
		waitUntil(t, fmt.Sprintf("seat %d's move after %d moves", seat+1, moves), func() bool {
			return r.Version() != version
		})
	}
	return moves, boards
}

// TestE2ERandomInGame feeds seeded random bytes, keys, mouse clicks and
// window sizes (zero included) into three sessions of a started game while
// the host's stays clean; the random players may leave, quit or play. Then
// they drop their connections: no session panicked, the computers keep
// their seats warm, and the host plays on through the keyboard with a
// screen that keeps up with the room.
func TestE2ERandomInGame(t *testing.T) {
	t.Parallel() // waits on its server more than it computes
	var logs testkit.Buffer
	srv, addr := startServer(t, Config{Log: LogConfig{Out: &logs}})
	cs, r := fillRoom(t, srv, addr, "fuzz")
	// The random players get the turn, so that their keys can play.
	for toAct(r) == 0 {
		playKeys(t, r, cs, 1)
	}
	vocabulary := []string{client.KeyLeft, client.KeyRight, "\x1b[A", "\x1b[B", "1", "2", "3", "4", "5", "6",
		"u", "d", "x", "p", "P", client.KeyEnter, " ", "y", "n", "t", "?", "w", "o", "r", "[", "]", "g", "i",
		"z", "b", "a", "s", "L", "\x1b", "\t", "\x7f", "q", "\x03", "\x1a", "\x13", "\x0c"}
	steps := 300
	if testing.Short() {
		steps = 100
	}
	var wg sync.WaitGroup
	for i, c := range cs[1:] {
		rng := rand.New(rand.NewPCG(uint64(i+1), 11))
		// The draws are made here, so every run sends the same input.
		var input []string
		for range steps {
			switch k := rng.IntN(20); {
			case k == 0:
				input = append(input, fmt.Sprintf("resize %d %d", rng.IntN(300), rng.IntN(200)))
			case k < 6:
				b := make([]byte, 1+rng.IntN(16))
				for j := range b {
					b[j] = byte(rng.IntN(256))
				}
				input = append(input, string(b))
			case k < 8:
				x, y := 1+rng.IntN(120), 1+rng.IntN(40)
				input = append(input, fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", x, y, x, y))
			default:
				input = append(input, vocabulary[rng.IntN(len(vocabulary))])
			}
		}
		wg.Go(func() {
			for _, in := range input {
				var w, h int
				if n, _ := fmt.Sscanf(in, "resize %d %d", &w, &h); n == 2 {
					c.Resize(w, h)
					continue
				}
				if c.Send(in) != nil {
					return // the random keys ended the session: fine
				}
			}
		})
	}
	wg.Wait()
	for _, c := range cs[1:] {
		c.Close()
	}
	if strings.Contains(logs.String(), "panic") {
		t.Fatalf("a session panicked:\n%s", logs.String())
	}
	waitUntil(t, "the random players away or gone", func() bool {
		for _, s := range r.Seats()[1:] {
			if s.Connected {
				return false
			}
		}
		return true
	})
	moves, _ := playKeys(t, r, []*client.Client{cs[0], nil, nil, nil}, 12)
	if moves == 0 {
		t.Fatal("the room did not go on")
	}
	if strings.Contains(logs.String(), "panic") {
		t.Fatalf("a session panicked:\n%s", logs.String())
	}
}
