package server

import (
	"errors"
	"testing"

	"github.com/millebornes/mille/server/internal/pgtest"
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
	if err := b.users.SetName("kb", "ANN"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("kb takes Ann's name on the other server: %v", err)
	}
}
