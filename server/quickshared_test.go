package server

import (
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/linemode"
)

// TestSharedQuick: on two servers sharing one PostgreSQL, Col and Dot
// ask for a quick match of 4 on the second, Ada and Ben on the first:
// one table of four is made on the second (Col waited longest), rated,
// Ada and Ben are told their table is on another server and relayed to
// it, and the game is dealt once all four sit.
func TestSharedQuick(t *testing.T) {
	servers, addrs := quickServers(t)
	var players []*lineClient
	for i, name := range []string{"Col", "Dot", "Ada", "Ben"} {
		key := map[string]uint64{"Ada": 1, "Ben": 2, "Col": 3, "Dot": 4}[name]
		p := plainSession(t, addrs[1-i/2], client.Key(key), name, linemode.Command, false)
		p.until("Hello, " + name + ".")
		p.send("quick 4")
		p.until("Looking for 3 other players near your rating for a rated game of 4 in 2 teams of two")
		players = append(players, p)
	}
	for _, p := range players[2:] {
		if line := p.until("Your table is on another server"); !strings.Contains(line, "room quick") {
			t.Fatalf("%s: %q", p.name, line)
		}
	}
	for _, p := range players {
		p.until("Mille Bornes, standard rules, 4 players")
	}
	list := servers[1].Lobby.List()
	if len(list) != 1 || !list[0].Rated || list[0].Humans != 4 || !list[0].Started || list[0].Players != 4 {
		t.Fatalf("the quick room on the second server: %+v", list)
	}
	if servers[0].Lobby.Room(list[0].Name) != nil || servers[0].Lobby.Waiting()+servers[1].Lobby.Waiting() != 0 {
		t.Fatal("a room on the first server, or someone still waiting")
	}
}

// TestSharedQuickParty (issue 35): on two servers sharing one
// PostgreSQL, Ada on the first asks for a game of 4 with Ben, Ben on the
// second with Ada, Col and Dot for a game of 4 on the second: the four
// sit at one table, Ada and Ben as partners, on one server, the other's
// people relayed there. Which server makes it is a race, and either is
// right: Ada waited longest, but her party is whole only once Ben asks,
// and the second server may see his ticket and make the table before
// the first reads the queue again.
func TestSharedQuickParty(t *testing.T) {
	_, addrs := quickServers(t)
	var players []*lineClient
	for i, name := range []string{"Ada", "Col", "Dot", "Ben"} {
		key := map[string]uint64{"Ada": 1, "Ben": 2, "Col": 3, "Dot": 4}[name]
		p := plainSession(t, addrs[min(i, 1)], client.Key(key), name, linemode.Command, false)
		p.until("Hello, " + name + ".")
		players = append(players, p)
	}
	for _, p := range players {
		switch p.name {
		case "Ada":
			p.send("quick 4 with Ben")
			p.until("Looking for a rated game of 4 in teams of two with Ben as your partner")
		case "Ben":
			p.send("quick 4 with Ada")
			p.until("Looking for a rated game of 4 in teams of two with Ada as your partner")
		default:
			p.send("quick 4")
			p.until("Looking for 3 other players")
		}
	}
	var welcome []string
	for _, p := range players {
		welcome = append(welcome, p.until("Mille Bornes, standard rules, 4 players"))
	}
	var relayed []string
	for _, p := range players {
		if strings.Contains(p.all.String(), "Your table is on another server") {
			relayed = append(relayed, p.name)
		}
	}
	if r := strings.Join(relayed, " "); r != "Ada" && r != "Col Dot Ben" {
		t.Fatalf("relayed to the table's server: %q, want the people of the other server (Ada, or Col, Dot and Ben)", r)
	}
	if !strings.Contains(welcome[0], "you & Ben against") {
		t.Fatalf("Ada reads %q: Ben is not her partner", welcome[0])
	}
}

// quickServers starts two servers sharing one PostgreSQL whose quick
// matches seat people only, however slow the sessions, and wait for the
// people relayed, however slow.
func quickServers(t *testing.T) ([]*Server, []string) {
	t.Helper()
	servers, addrs, _ := sharedServers(t, 2)
	for _, s := range servers {
		s.Lobby.SetQuickWait(time.Hour)
		s.Lobby.SetQuickArrival(time.Hour)
	}
	return servers, addrs
}
