package lobby

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// A testBot is a bot program run in the test, connected to the host by
// pipes: program reads the host's lines from in and writes its own to
// out.
type testBot func(in io.Reader, out io.Writer)

// The test's bot programs: one that plays (the easy computer), and the
// hostile ones of issue 35, each greeting as protocol 2 asks.
var (
	goodBot testBot = func(in io.Reader, out io.Writer) {
		p, _ := ai.New("easy", 1)
		bot.Serve(context.Background(), in, out, p, "good", "1")
	}
	silentBot testBot = func(in io.Reader, out io.Writer) {
		fmt.Fprintln(out, `{"type":"hello","name":"silent","protocol":2}`)
		io.Copy(io.Discard, in)
	}
	garbageBot testBot = func(in io.Reader, out io.Writer) {
		fmt.Fprintln(out, `{"type":"hello","name":"garbage","protocol":2}`)
		sc := bufio.NewScanner(in)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			fmt.Fprintln(out, "\x1b[2J{not json")
		}
	}
	floodBot testBot = func(in io.Reader, out io.Writer) {
		fmt.Fprintln(out, `{"type":"hello","name":"flood","protocol":2}`)
		go io.Copy(io.Discard, in)
		for range 1000 { // answers to nothing asked, as fast as it can
			if _, err := fmt.Fprintln(out, `{"type":"action","id":12345,"index":0}`); err != nil {
				return
			}
		}
	}
)

// connect runs program as a bot connected to a new client, which the
// test's end closes with the pipes.
func connect(t *testing.T, program testBot) *bot.Client {
	hostR, botW := io.Pipe()
	botR, hostW := io.Pipe()
	go program(botR, botW)
	c, err := bot.NewClient(hostW, hostR, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		hostR.Close()
		botR.Close()
	})
	return c
}

// ladderStore is a store with bots a and b registered by owner "key-o".
func ladderStore(t *testing.T, bots ...string) *store.SQL {
	st := servertest.NewStore(t)
	for _, key := range bots {
		servertest.Must(t, st.RegisterBot(bg, key, "key-o", key, names.Skeleton(key), time.Now()))
	}
	return st
}

// onLadder runs the bot key's Ladder in a goroutine; its return comes on
// the channel, and its games' rooms on games.
func onLadder(ctx context.Context, l *Lobby, c *bot.Client, key string, games chan<- string) <-chan error {
	done := make(chan error, 1)
	go func() {
		done <- l.Ladder(ctx, c, key, key, "key-o", func(room string) {
			if games != nil {
				games <- room
			}
		})
	}()
	return done
}

// TestLadderBots: two bots on the ladder play rated games one after the
// other, unattended; their ratings change, and the ranking marks them as
// bots.
func TestLadderBots(t *testing.T) {
	st := ladderStore(t, "bot-a", "bot-b")
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		l.Store, l.Ratings, l.Bots = st, st, st
		defer l.Close()
		ctx, cancel := context.WithCancel(context.Background())
		games := make(chan string, 4)
		a := onLadder(ctx, l, connect(t, goodBot), "bot-a", games)
		synctest.Wait()
		if l.BotsWaiting() != 1 {
			t.Fatalf("%d bots waiting, want bot-a", l.BotsWaiting())
		}
		b := onLadder(ctx, l, connect(t, goodBot), "bot-b", nil)
		synctest.Wait() // their first game is dealt
		if list := l.List(); len(list) != 1 || list[0].Bots != 2 || list[0].Humans != 0 {
			t.Fatalf("the rooms list: %+v, want one room of two bots and no person", list)
		}
		first, second := <-games, <-games
		if first == second {
			t.Fatalf("two games in room %s", first)
		}
		cancel()
		for _, done := range []<-chan error{a, b} {
			if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("a bot left the ladder with %v", err)
			}
		}
		list, err := l.Ranking(10)
		if err != nil {
			t.Fatal(err)
		}
		bots := 0
		for _, r := range list {
			if r.Bot {
				bots++
				if r.Games < 2 {
					t.Errorf("%s: %d rated games, want 2 at least", r.Name, r.Games)
				}
			}
		}
		if bots != 2 {
			t.Fatalf("the ranking marks %d bots, want 2: %+v", bots, list)
		}
	})
}

// TestLadderFaults: a bot that stays silent, sends garbage or floods the
// host with answers to nothing loses its game, rated as the good bot's
// win, and the good bot plays on; the third fault within the hour
// benches the key, which is refused then.
func TestLadderFaults(t *testing.T) {
	st := ladderStore(t, "good", "bad")
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		l.Store, l.Ratings, l.Bots = st, st, st
		defer l.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		good := onLadder(ctx, l, connect(t, goodBot), "good", nil)
		for i, program := range []testBot{silentBot, garbageBot, floodBot} {
			err := <-onLadder(ctx, l, connect(t, program), "bad", nil)
			var fault *Fault
			if !errors.As(err, &fault) || fault.Benched != (i == 2) {
				t.Fatalf("hostile bot %d: %v, want a fault, benched the third time", i, err)
			}
			t.Logf("hostile bot %d: %v", i, fault)
			p, ok, err := st.Rating(bg, "good")
			if err != nil || !ok || p.Wins != i+1 {
				t.Fatalf("after hostile bot %d: the good bot's rating %+v %v %v, want %d wins", i, p, ok, err, i+1)
			}
			if l.Room(fault.Room) != nil {
				t.Fatalf("room %s is still open after its forfeit", fault.Room)
			}
		}
		if err := <-onLadder(ctx, l, connect(t, goodBot), "bad", nil); !errors.Is(err, ErrBenched) {
			t.Fatalf("the benched key: %v, want ErrBenched", err)
		}
		// The bench is the store's: another server of it, or this one
		// started again, refuses the bot too, for the hour.
		other := NewLobby(0)
		other.Store, other.Ratings, other.Bots = st, st, st
		defer other.Close()
		if until, benched := other.Benched("bad"); !benched || !until.Equal(time.Now().Add(BenchFor)) {
			t.Fatalf("another lobby of the store: benched %v until %v", benched, until)
		}
		synctest.Wait()
		select {
		case err := <-good:
			t.Fatalf("the good bot left the ladder: %v", err)
		default:
		}
		if l.BotsWaiting() != 1 {
			t.Fatalf("%d bots waiting, want the good one", l.BotsWaiting())
		}
	})
}

// TestLadderCluster: on a server of a cluster two bots of the ladder are
// seated at one table, both on this server, as on a server alone; the
// second bot's seat was kept for a relay from another server, and its
// session ended on a nil seat.
func TestLadderCluster(t *testing.T) {
	l := clusterLobby(t, pgtest.URL(t), "a", servertest.NewClock())
	st := l.Store.(*store.SQL)
	for _, key := range []string{"bot-a", "bot-b"} {
		servertest.Must(t, st.RegisterBot(bg, key, "key-o", key, names.Skeleton(key), time.Now()))
	}
	l.Ratings, l.Bots = st, st
	seats := make(chan *table.Conn, 2)
	for _, key := range []string{"bot-a", "bot-b"} {
		go func() {
			c, err := l.waitForGame(bg, key, key, "key-o")
			if err != nil {
				t.Error(err)
			}
			seats <- c
		}()
	}
	a, b := <-seats, <-seats
	if a == nil || b == nil || a.Table() != b.Table() || !a.Table().Started() {
		t.Fatalf("the bots' seats: %v and %v", a, b)
	}
}

// TestForfeitKeepsGivenUp: a rated game a person left (a computer plays
// their seat, given up) and whose bot then broke the protocol is lost by
// both: the person's seat stays a forfeit, not won, so the store rates
// it for nobody (every side forfeited). The person was rated as its
// winner, +239, seen over OpenSSH.
func TestForfeitKeepsGivenUp(t *testing.T) {
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 9, []record.Seat{{Name: "Computer", Level: "easy"}, {Name: "Pybot", Human: true}})
	if err != nil {
		t.Fatal(err)
	}
	seating := table.Seating{Users: []string{"", "key-bot"}, GaveUp: []string{"key-ada", ""}, GaveUpAs: []string{"Ada", ""}}
	for _, tc := range []struct {
		name    string
		seating table.Seating
		want    []store.ResultSeat
	}{
		{"the person left first", seating, []store.ResultSeat{{Key: "key-ada", Name: "Ada", Forfeit: true}, {Key: "key-bot", Name: "Pybot", Side: 1, Forfeit: true}}},
		{"nobody left", table.Seating{Users: []string{"key-ada", "key-bot"}}, []store.ResultSeat{{Key: "key-ada", Name: "Computer", Won: true}, {Key: "key-bot", Name: "Pybot", Side: 1, Forfeit: true}}},
	} {
		res := forfeitOf("quick2", g, tc.seating, 1, time.Unix(0, 0), "easy")
		if !slices.Equal(res.Seats, tc.want) {
			t.Errorf("%s: the result's seats %+v, want %+v", tc.name, res.Seats, tc.want)
		}
	}
}
