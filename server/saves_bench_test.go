package server

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// BenchmarkStartWithKeptRooms measures New, the server's start, on a data
// folder whose store keeps 20,000 rooms of 2,000 hosts (10 each, a
// 40-action game each): the store is pruned, and only the 50 most recent
// rooms (--max-rooms) are loaded; the others come back when someone joins
// them. With a file per room, 20,000 saves took 20 s before the server
// listened (issue 15, defect 10).
func BenchmarkStartWithKeptRooms(b *testing.B) {
	dir := b.TempDir()
	st, err := store.OpenSQLite(filepath.Join(dir, lobby.StoreFile))
	if err != nil {
		b.Fatal(err)
	}
	st.Close()
	g := servertest.Play2(b, 40)
	g.UI = map[string]string{lobby.UIHost: "key-a", lobby.UIUser + "0": "key-a", lobby.UILevel: "easy"}
	data, err := save.Marshal(g)
	if err != nil {
		b.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, lobby.StoreFile))
	if err != nil {
		b.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i := range 20_000 {
		host := fmt.Sprint("key-", i/10)
		_, err := tx.Exec(`INSERT INTO rooms (name, host, players, saved, written, game) VALUES ($1, $2, $3, 1, $4, $5)`,
			fmt.Sprint("r", i), host, host, time.Now().Unix()-int64(i), string(data))
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	db.Close()
	b.ResetTimer()
	for range b.N {
		srv, err := New(Config{Dir: dir, Rooms: RoomLimits{Max: 50}})
		if err != nil {
			b.Fatal(err)
		}
		if n := len(srv.Lobby.List()); n != 50 {
			b.Fatalf("%d rooms restored", n)
		}
		srv.Shutdown(context.Background())
	}
}
