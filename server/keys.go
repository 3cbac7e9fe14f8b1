package server

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"unicode"
	"unicode/utf8"

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

// SetName checks name (ValidName) and remembers it for id.
func (u *Users) SetName(id, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	if err := u.store.SetName(id, name); err != nil {
		return errors.New("the server could not keep your name; try again")
	}
	return nil
}

// MaxNameLen bounds a player's name, so it fits on the board.
const MaxNameLen = 12

// ValidName checks a player's name: 1 to MaxNameLen letters, digits,
// spaces or punctuation, no control characters.
func ValidName(name string) error {
	if name == "" || utf8.RuneCountInString(name) > MaxNameLen {
		return fmt.Errorf("a name is 1 to %d characters", MaxNameLen)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return errors.New("a name has only printable characters")
		}
	}
	return nil
}
