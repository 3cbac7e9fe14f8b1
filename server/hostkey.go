package server

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/millebornes/mille/save"
	gossh "golang.org/x/crypto/ssh"
)

// HostKeyFile is the server's SSH host key in its data folder, PEM.
const HostKeyFile = "host_ed25519"

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
