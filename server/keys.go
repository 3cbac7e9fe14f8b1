package server

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"unicode"
	"unicode/utf8"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/save"
)

// The files the server keeps in its data folder.
const (
	HostKeyFile = "host_ed25519" // the server's SSH host key, PEM
	UsersFile   = "users.json"   // players' names by key fingerprint
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
// SSH public key: the key is the identity, there are no passwords.
// Safe for concurrent use.
type Users struct {
	path  string
	mu    sync.Mutex
	names map[string]string
}

// LoadUsers reads the names kept at path (none if the file does not exist).
func LoadUsers(path string) (*Users, error) {
	u := &Users{path: path, names: map[string]string{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return u, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &u.names); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return u, nil
}

// Name returns the name chosen by the player with key fingerprint id.
func (u *Users) Name(id string) (string, bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	name, ok := u.names[id]
	return name, ok
}

// SetName remembers name for id and writes the file.
func (u *Users) SetName(id, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.names[id] = name
	data, err := json.MarshalIndent(u.names, "", "  ")
	if err != nil {
		return err
	}
	return save.WriteFile(u.path, append(data, '\n'))
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
