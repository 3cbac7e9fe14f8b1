package lobby

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
)

// brokenStore fails every write of names, as a full or locked database
// does; it reads no names.
type brokenStore struct{ store.Store }

var errBroken = errors.New("database is locked (5) (SQLITE_BUSY)")

func (brokenStore) Name(context.Context, string) (string, bool, error) {
	return "", false, errBroken
}
func (brokenStore) ClaimName(context.Context, string, string, string) error { return errBroken }

// TestStoreErrorsLogged (issue 22, 10): a name the store cannot keep is
// logged with the store's error, where the player once read "try again"
// and the log said nothing; the answers that are no error (a name taken)
// are not.
func TestStoreErrorsLogged(t *testing.T) {
	var logs testkit.Buffer
	logger, _ := events.NewLogger(&logs, events.Text)
	u := NewUsers(LoggedStore{Store: brokenStore{}, Log: events.New(logger)})
	if _, ok := u.Name(bg, "SHA256:ann"); ok {
		t.Fatal("a name read from a broken store")
	}
	if err := u.SetName(bg, "SHA256:ann", "Ada"); err == nil {
		t.Fatal("a name kept in a broken store")
	}
	for _, want := range []string{`msg="store error" key=SHA256:ann op=name err="database is locked`, `op="claim name"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, logs.String())
		}
	}
	logs = testkit.Buffer{}
	taken := NewUsers(LoggedStore{Store: servertest.NewStore(t), Log: events.New(logger)})
	taken.SetName(bg, "SHA256:bob", "Ben")
	if err := taken.SetName(bg, "SHA256:eve", "Ben"); !errors.Is(err, ErrNameTaken) || strings.Contains(logs.String(), "store error") {
		t.Fatalf("a taken name: %v; log:\n%s", err, logs.String())
	}
}
