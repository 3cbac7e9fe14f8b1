package server

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// TestSecondServerRefused (issue 22, 6): a second server on a data folder
// that a running server holds does not start, and says which process
// holds it; once the first has shut down, the folder is free again.
func TestSecondServerRefused(t *testing.T) {
	dir := t.TempDir()
	first, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	second, err := New(Config{Dir: dir})
	if err == nil {
		second.Shutdown(context.Background())
		t.Fatal("a second server started on the same data folder")
	}
	if r := (*lobby.Refusal)(nil); !errors.Is(err, lobby.ErrDataInUse) || !errors.As(err, &r) || r.Args[0] != strconv.Itoa(os.Getpid()) {
		t.Fatalf("second server: %v", err)
	}
	if err := first.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	third, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatalf("after the first shut down: %v", err)
	}
	third.Shutdown(context.Background())
}

// TestDamagedStoreRefused (issue 22, 10): a server on a damaged mille.db
// does not start, and says why.
func TestDamagedStoreRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, lobby.StoreFile), []byte(strings.Repeat("junk ", 2000)), 0o600); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Dir: dir})
	if err == nil {
		srv.Shutdown(t.Context())
		t.Fatal("a server started on a damaged store")
	}
	if !errors.Is(err, store.ErrDamaged) {
		t.Fatalf("damaged store: %v", err)
	}
	// Moved aside, the folder serves again: the refusal left it unlocked.
	if err := os.Rename(filepath.Join(dir, lobby.StoreFile), filepath.Join(dir, lobby.StoreFile+".damaged")); err != nil {
		t.Fatal(err)
	}
	if srv, err := New(Config{Dir: dir}); err != nil {
		t.Fatal(err)
	} else {
		srv.Shutdown(t.Context())
	}
}
