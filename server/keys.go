package server

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/server/store"
)

// The files the server keeps in its data folder.
const (
	HostKeyFile = "host_ed25519" // the server's SSH host key, PEM
	StoreFile   = "mille.db"     // the server's database (package store)
	// UsersFile held the players' names before the store; OpenStore
	// moves it in.
	UsersFile = "users.json"
)

// HostKey loads the ed25519 host key kept at path, or makes one and keeps
// it there, so that clients see the same server from one run to the next.
func HostKey(path string) (gossh.Signer, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		_, key, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		block, err := gossh.MarshalPrivateKey(key, "mille host key")
		if err != nil {
			return nil, err
		}
		data = pem.EncodeToMemory(block)
		if err := save.WriteFile(path, data); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, nil
}

// Users remembers the name each player chose, by the fingerprint of their
// SSH public key, in the server's store: the key is the identity, there
// are no passwords. Safe for concurrent use.
type Users struct {
	store store.Store
}

// NewUsers returns the players' names kept in st.
func NewUsers(st store.Store) *Users { return &Users{store: st} }

// Name returns the name chosen by the player with key fingerprint id. A
// name the store cannot read now is unknown: the player is asked again.
func (u *Users) Name(id string) (string, bool) {
	name, ok, err := u.store.Name(id)
	return name, ok && err == nil
}

// ErrNameTaken refuses a name another player has.
var ErrNameTaken = errors.New("another player has that name: choose another")

// SetName checks name (ValidName) and remembers it for id. A name is one
// player's: another's, written in other capitals or widths, is refused.
func (u *Users) SetName(id, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	err := u.store.ClaimName(id, name, foldName(name))
	switch {
	case errors.Is(err, store.ErrNameTaken):
		return ErrNameTaken
	case err != nil:
		return errors.New("the server could not keep your name; try again")
	}
	return nil
}

// MaxNameLen bounds a player's name, in characters and in the columns it
// takes on a terminal (a fullwidth letter takes two), so it fits on the
// board.
const MaxNameLen = 12

// ValidName checks a player's name: 1 to MaxNameLen characters and
// columns of letters, digits, spaces or punctuation, which people can
// see, and which are not a computer player's.
func ValidName(name string) error {
	if name == "" || utf8.RuneCountInString(name) > MaxNameLen || ansi.StringWidth(name) > MaxNameLen {
		return fmt.Errorf("a name is 1 to %d characters, as wide as %d letters", MaxNameLen, MaxNameLen)
	}
	visible := false
	for i, r := range name {
		switch {
		case !unicode.IsPrint(r):
			return errors.New("a name has only printable characters")
		case unicode.Is(unicode.M, r) && i == 0:
			// A mark first would sit on whatever precedes the name.
			return errors.New("a name starts with a letter, a digit or a sign")
		case !unicode.Is(unicode.M, r) && !unicode.IsSpace(r):
			visible = true
		}
	}
	if !visible {
		return errors.New("a name needs a letter, a digit or a sign one can see")
	}
	if computerName.MatchString(foldName(name)) {
		return errors.New("that is a computer player's name: choose another")
	}
	return nil
}

// computerName matches the folded names of computer players (table's
// ComputerName) and their look-alikes.
var computerName = regexp.MustCompile(`^computer[0-9]*$`)

// foldName is the form in which two names that look alike are equal:
// lower case, halfwidth, without spaces or marks.
func foldName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case unicode.IsSpace(r) || unicode.Is(unicode.M, r):
			continue
		case r >= '\uff01' && r <= '\uff5e': // fullwidth forms of ASCII
			r = unicode.ToLower(r - 0xfee0)
		}
		b.WriteRune(r)
	}
	return b.String()
}
