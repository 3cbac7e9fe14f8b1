package server

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
)

// serveDirEnv names the data folder of TestServeProcess, when the test
// binary runs as the server of TestKillResumesFromCheckpoint.
const serveDirEnv = "MILLE_TEST_SERVE_DIR"

// serveDBEnv names the PostgreSQL database of TestServeProcess, when it
// runs as one of the servers of TestKillHolder.
const serveDBEnv = "MILLE_TEST_SERVE_DB"

// TestServeProcess is not a test: run by TestKillResumesFromCheckpoint as
// a process of its own (the test binary again), it serves the data folder
// of serveDirEnv on loopback, checkpointing often, and says its address
// on standard output, until it is killed.
func TestServeProcess(t *testing.T) {
	dir := os.Getenv(serveDirEnv)
	if dir == "" {
		t.Skip("the server process of TestKillResumesFromCheckpoint")
	}
	db := os.Getenv(serveDBEnv)
	if db != "" {
		lobby.DefaultRoom.Pace = 0 // the computers play at once: a whole game in seconds
	}
	srv, err := New(Config{Dir: dir, Store: StoreConfig{DB: db, CheckpointEvery: 20 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("listening on %s\n", l.Addr())
	t.Fatal(srv.Serve(l))
}

// serveProcess starts TestServeProcess on data folder dir and returns it
// with its address.
func serveProcess(t *testing.T, dir string) (*exec.Cmd, string) {
	t.Helper()
	return serveSharedProcess(t, dir, "")
}

// serveSharedProcess is serveProcess on PostgreSQL database db, if set.
func serveSharedProcess(t *testing.T, dir, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeProcess$")
	cmd.Env = append(os.Environ(), serveDirEnv+"="+dir, serveDBEnv+"="+db)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if err != nil || !ok {
		t.Fatalf("the server process says %q, %v", line, err)
	}
	return cmd, addr
}

// TestKillResumesFromCheckpoint is issue 15's defect 9: a SIGKILL lost
// every game in progress. A server runs as a process of its own; Ada and
// Ben play room fam (with two computers) through their SSH clients; once
// the store holds a checkpoint of the hand under way the server is
// killed. The next server brings the room back from that checkpoint: Ben's
// seat waits for his key, a stranger may only watch, and Ada starts the
// game again where it was.
func TestKillResumesFromCheckpoint(t *testing.T) {
	if testing.Short() || os.Getenv("MILLE_LONG_TESTS") != "1" {
		t.Skip("runs servers in processes of their own: MILLE_LONG_TESTS=1 (docs/CONTRIBUTING.md)")
	}
	dir := t.TempDir()
	st, _, err := lobby.OpenStore(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	users := lobby.NewUsers(st)
	servertest.Must(t, users.SetName(bg, client.ID(client.Key(1)), "Ada"))
	servertest.Must(t, users.SetName(bg, client.ID(client.Key(2)), "Ben"))
	servertest.Must(t, users.SetName(bg, client.ID(client.Key(3)), "Xan"))
	defer st.Close()

	cmd, addr := serveProcess(t, dir)
	// Ben connects once Ada has made the room, so that she hosts it: both
	// dialling at once left the host to whichever the server took first.
	ann := e2ePlayer(t, addr, 1, "fam")
	servertest.Must(t, ann.EnterRoom("Ada", e2eWait))
	bob := e2ePlayer(t, addr, 2, "fam")
	servertest.Must(t, bob.EnterRoom("Ben", e2eWait))
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ada", "Ben"))
	servertest.Must(t, ann.Start(e2eWait))
	servertest.Must(t, bob.WaitGame(e2eWait))
	// Ada and Ben discard on their turns, the computers play theirs,
	// until the store holds a checkpoint some moves into the hand.
	var kept int
	for deadline := time.Now().Add(e2eWait); kept < 8; {
		if time.Now().After(deadline) {
			t.Fatalf("no checkpoint of 8 moves; the last had %d", kept)
		}
		for _, c := range []*client.Client{ann, bob} {
			if text := c.Text(); client.MyTurn(text) {
				servertest.Must(t, c.Send(client.DiscardDrawn))
			} else if client.AskedCoupFourre(text) {
				servertest.Must(t, c.Send("n"))
			}
		}
		time.Sleep(20 * time.Millisecond)
		if k, err := st.Room(bg, "fam"); err == nil && !k.Game.State.HandOver() {
			kept = len(k.Game.History)
		}
	}
	servertest.Must(t, cmd.Process.Kill())
	cmd.Wait()
	k, err := st.Room(bg, "fam")
	if err != nil {
		t.Fatal(err)
	}

	_, addr = serveProcess(t, dir)
	ann = e2ePlayer(t, addr, 1, "")
	servertest.Must(t, ann.WaitText(e2eWait, "fam", "saved game"))
	x := e2ePlayer(t, addr, 3, "fam")
	servertest.Must(t, x.WaitText(e2eWait, "You are watching"))
	ann = e2ePlayer(t, addr, 1, "fam")
	servertest.Must(t, ann.WaitText(e2eWait, "A saved game", "Ben", "away"))
	servertest.Must(t, ann.Start(e2eWait))
	servertest.Must(t, ann.WaitFor(e2eWait, "the deck as the checkpoint left it", func(string) bool {
		return client.DeckCount(ann.Lines()) == int(k.Game.State.DrawLen)
	}))
	if got, err := st.Room(bg, "fam"); err != nil || len(got.Game.History) < len(k.Game.History) {
		t.Fatalf("the kept game after the restart: %v", err)
	}
}
