package server

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/linemode"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/relay"
)

// TestSharedNames: two servers on one PostgreSQL database (Config.Store.DB)
// share the players' names: a name chosen on one is known on the other,
// and taken there.
func TestSharedNames(t *testing.T) {
	db := pgtest.URL(t)
	a, _ := startServer(t, Config{Store: StoreConfig{DB: db}})
	b, _ := startServer(t, Config{Store: StoreConfig{DB: db}})
	if err := a.users.SetName(bg, "ka", "Ada"); err != nil {
		t.Fatal(err)
	}
	if name, ok := b.users.Name(bg, "ka"); !ok || name != "Ada" {
		t.Fatalf("the other server knows ka as %q, %v", name, ok)
	}
	if err := b.users.SetName(bg, "kb", "ADA"); !errors.Is(err, lobby.ErrNameTaken) {
		t.Fatalf("kb takes Ada's name on the other server: %v", err)
	}
}

// sharedServers starts n servers on one PostgreSQL database, sharing a
// host key as the servers behind one address must, with the players'
// names 1 Ada, 2 Ben, 3 Col and 4 Dot known; it returns their
// addresses and the database's URL.
func sharedServers(t *testing.T, n int) ([]*Server, []string, string) {
	t.Helper()
	db := pgtest.URL(t)
	first := t.TempDir()
	var servers []*Server
	var addrs []string
	for i := range n {
		dir := first
		if i > 0 {
			dir = t.TempDir()
			key, err := os.ReadFile(filepath.Join(first, HostKeyFile))
			servertest.Must(t, err)
			servertest.Must(t, os.WriteFile(filepath.Join(dir, HostKeyFile), key, 0o600))
		}
		srv, addr := startServer(t, Config{Dir: dir, Store: StoreConfig{DB: db}})
		servers, addrs = append(servers, srv), append(addrs, addr)
	}
	for i, name := range []string{"Ada", "Ben", "Col", "Dot"} {
		servertest.Must(t, servers[0].users.SetName(bg, client.ID(client.Key(uint64(i+1))), name))
	}
	return servers, addrs, db
}

// TestRelay: Ben, on another server than the one that holds room fam,
// is relayed to it: he sits at Ada's table, and his resized terminal
// follows.
func TestRelay(t *testing.T) {
	_, addrs, _ := sharedServers(t, 2)
	ann := e2ePlayer(t, addrs[0], 1, "fam")
	servertest.Must(t, ann.EnterRoom("Ada", e2eWait))
	bob := e2ePlayer(t, addrs[1], 2, "fam")
	servertest.Must(t, bob.EnterRoom("Ben", e2eWait))
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ada", "Ben"))
	servertest.Must(t, bob.WaitSeated(e2eWait, "Ada", "Ben"))
}

// TestRelayPlain: the line mode is relayed too: Ben, on the other server,
// names Ada's room after plain and sits at her table.
func TestRelayPlain(t *testing.T) {
	_, addrs, _ := sharedServers(t, 2)
	ann := e2ePlayer(t, addrs[0], 1, "fam")
	servertest.Must(t, ann.EnterRoom("Ada", e2eWait))
	bob := plainSession(t, addrs[1], client.Key(2), "Ben", linemode.Command+" fam", false)
	bob.until("Seats: 1 Ada (here, host), 2 Ben (you)")
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ada", "Ben"))
}

// TestRelaySource: the holder of a room counts a relayed session against
// its player's address, not the relaying server's, and believes no
// stranger who claims another. Server a, which holds room fam, takes one
// session an address; Ben and Col, from two addresses, reach it through
// server b (one address to a) and both sit. Dot, from Ada's address,
// sends a the command a relaying server would, claiming another key and address:
// she is no server, so she is counted at Ada's address, and refused.
func TestRelaySource(t *testing.T) {
	db := pgtest.URL(t)
	first := t.TempDir()
	_, addrA := startServer(t, Config{Dir: first, Store: StoreConfig{DB: db}, Sessions: SessionLimits{PerSource: 1}})
	dir := t.TempDir()
	key, err := os.ReadFile(filepath.Join(first, HostKeyFile))
	servertest.Must(t, err)
	servertest.Must(t, os.WriteFile(filepath.Join(dir, HostKeyFile), key, 0o600))
	b, addrB := startServer(t, Config{Dir: dir, Store: StoreConfig{DB: db}})
	for i, name := range []string{"Ada", "Ben", "Col", "Dot"} {
		servertest.Must(t, b.users.SetName(bg, client.ID(client.Key(uint64(i+1))), name))
	}
	from := func(addr string, n uint64, ip, cmd string) *client.Client {
		c, err := client.Dial(addr, client.Key(n), client.Options{Command: cmd, Width: 120, Height: 40, From: net.ParseIP(ip)})
		servertest.Must(t, err)
		t.Cleanup(func() { c.Close() })
		return c
	}
	ann := from(addrA, 1, "127.0.0.2", "fam")
	servertest.Must(t, ann.EnterRoom("Ada", e2eWait))
	bob := from(addrB, 2, "127.0.0.3", "fam")
	servertest.Must(t, bob.EnterRoom("Ben", e2eWait))
	cal := from(addrB, 3, "127.0.0.4", "fam")
	servertest.Must(t, cal.EnterRoom("Col", e2eWait))
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ada", "Ben", "Col"))

	conn, err := client.Login(addrA, client.Key(4), net.ParseIP("127.0.0.2"), e2eWait)
	servertest.Must(t, err)
	defer conn.Close()
	dee, err := conn.NewSession()
	servertest.Must(t, err)
	out, _ := dee.CombinedOutput(relay.Command + " kd 10.9.9.9 fam")
	if !strings.Contains(string(out), "as many sessions open as one address may") {
		t.Fatalf("a stranger's claim of another key and address: %q", out)
	}
}

// TestRelayOneConnection: a server relays all its players to another on
// one connection. Server a, which holds room fam, takes one connection
// an address and one session channel a connection; Ben and Col, relayed
// through server b, both sit at Ada's table (each relayed player was a
// connection of its own from b's address, and the second was refused).
func TestRelayOneConnection(t *testing.T) {
	db := pgtest.URL(t)
	first := t.TempDir()
	_, addrA := startServer(t, Config{Dir: first, Store: StoreConfig{DB: db}, Gate: gate.Limits{MaxConnsPerSource: 1, MaxChannels: 1}})
	dir := t.TempDir()
	key, err := os.ReadFile(filepath.Join(first, HostKeyFile))
	servertest.Must(t, err)
	servertest.Must(t, os.WriteFile(filepath.Join(dir, HostKeyFile), key, 0o600))
	b, addrB := startServer(t, Config{Dir: dir, Store: StoreConfig{DB: db}})
	for i, name := range []string{"Ada", "Ben", "Col"} {
		servertest.Must(t, b.users.SetName(bg, client.ID(client.Key(uint64(i+1))), name))
	}
	ann, err := client.Dial(addrA, client.Key(1), client.Options{Command: "fam", Width: 120, Height: 40, From: net.ParseIP("127.0.0.2")})
	servertest.Must(t, err)
	defer ann.Close()
	servertest.Must(t, ann.EnterRoom("Ada", e2eWait))
	bob := e2ePlayer(t, addrB, 2, "fam")
	servertest.Must(t, bob.EnterRoom("Ben", e2eWait))
	cal := e2ePlayer(t, addrB, 3, "fam")
	servertest.Must(t, cal.EnterRoom("Col", e2eWait))
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ada", "Ben", "Col"))
}
