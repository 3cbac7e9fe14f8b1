package screens

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// fullDisk is a store whose disk is full: a room cannot be written.
type fullDisk struct {
	store.Store
	path string
}

func (f fullDisk) PutRoom(context.Context, store.Room, string) error {
	return &fs.PathError{Op: "write", Path: f.path, Err: syscall.ENOSPC}
}

// TestSaveErrorHidesPaths (issue 15, 12): a save that fails on the
// server's disk tells the host a short sentence; the path is in the log.
func TestSaveErrorHidesPaths(t *testing.T) {
	data := t.TempDir()
	wal := filepath.Join(data, lobby.StoreFile+"-wal")
	l, users := lobbyOfAnnAndBob(t)
	var logs testkit.Buffer
	log := events.New(slog.New(slog.NewTextHandler(&logs, nil)))
	l.Store = fullDisk{servertest.NewStore(t), wal}
	l.Logf = func(format string, args ...any) { log.Error(fmt.Sprintf(format, args...)) }
	s := session(t, l, users, "key-a", "", 80)
	s.Log = log
	c, err := l.Create(bg, "fam", "key-a", "Ada", 0, servertest.Config(2, engine.Standard, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Join(bg, "fam", "key-b", "Ben", -1)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	_, err = s.keep(c)()
	if err == nil || strings.Contains(lang.English.Error(err), data) || strings.Contains(lang.French.Error(err), data) {
		t.Fatalf("the host reads %v", err)
	}
	if !strings.Contains(logs.String(), wal) {
		t.Fatalf("the log does not say where: %s", logs.String())
	}
	// The room's own refusals are for the players, as they are.
	if _, err := s.keep(b)(); !errors.Is(err, table.ErrNotHost) {
		t.Fatalf("a guest saving reads %v", err)
	}
}
