package server

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
)

// TestSharedNames: two servers on one PostgreSQL database (Config.DB)
// share the players' names: a name chosen on one is known on the other,
// and taken there.
func TestSharedNames(t *testing.T) {
	db := pgtest.URL(t)
	a, _ := startServer(t, Config{DB: db})
	b, _ := startServer(t, Config{DB: db})
	if err := a.users.SetName("ka", "Ann"); err != nil {
		t.Fatal(err)
	}
	if name, ok := b.users.Name("ka"); !ok || name != "Ann" {
		t.Fatalf("the other server knows ka as %q, %v", name, ok)
	}
	if err := b.users.SetName("kb", "ANN"); !errors.Is(err, lobby.ErrNameTaken) {
		t.Fatalf("kb takes Ann's name on the other server: %v", err)
	}
}

// sharedServers starts n servers on one PostgreSQL database, sharing a
// host key as the servers behind one address must, with the players'
// names 1 Ann, 2 Bob, 3 Cal and 4 Dee known; it returns their
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
		srv, addr := startServer(t, Config{Dir: dir, DB: db})
		servers, addrs = append(servers, srv), append(addrs, addr)
	}
	for i, name := range []string{"Ann", "Bob", "Cal", "Dee"} {
		servertest.Must(t, servers[0].users.SetName(client.ID(client.Key(uint64(i+1))), name))
	}
	return servers, addrs, db
}

// TestRelay: Bob, on another server than the one that holds room fam,
// is relayed to it: he sits at Ann's table, and his resized terminal
// follows.
func TestRelay(t *testing.T) {
	_, addrs, _ := sharedServers(t, 2)
	ann := e2ePlayer(t, addrs[0], 1, "fam")
	servertest.Must(t, ann.EnterRoom("Ann", e2eWait))
	bob := e2ePlayer(t, addrs[1], 2, "fam")
	servertest.Must(t, bob.EnterRoom("Bob", e2eWait))
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ann", "Bob"))
	servertest.Must(t, bob.WaitSeated(e2eWait, "Ann", "Bob"))
}

// TestRelayPlain: the line mode is relayed too: Bob, on the other server,
// names Ann's room after plain and sits at her table.
func TestRelayPlain(t *testing.T) {
	_, addrs, _ := sharedServers(t, 2)
	ann := e2ePlayer(t, addrs[0], 1, "fam")
	servertest.Must(t, ann.EnterRoom("Ann", e2eWait))
	bob := plainSession(t, addrs[1], client.Key(2), "Bob", PlainCommand+" fam", false)
	bob.until("Seats: 1 Ann (here, host), 2 Bob (you)")
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ann", "Bob"))
}
