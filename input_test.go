//go:build linux

package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/save"
)

// decoderKiller is issue 22's 69 bytes: a CSI with 34 parameters, on
// which Bubble Tea's input decoder panicked in its own goroutine and ended
// the process, local game or server.
var decoderKiller = "\x1b[" + strings.Repeat("1;", 33) + "1"

// TestDecoderPanicInput runs the real mille, in a terminal and as mille
// serve, and types the 69 bytes at it: the game goes on and reads the
// keys after them, and the server goes on serving the player who typed
// them and another.
func TestDecoderPanicInput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mille")
	}
	bin := milleBinary(t)
	t.Run("local", func(t *testing.T) {
		data := t.TempDir()
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), save.DirEnv+"="+data, "MILLE_CONFIG_DIR="+t.TempDir(), "TERM=xterm-256color")
		master, out, errb := startInTerminal(t, cmd)
		defer master.Close()
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		waitOut := func(want string) {
			t.Helper()
			deadline := time.After(20 * time.Second)
			for !strings.Contains(out.String(), want) {
				select {
				case err := <-exited:
					t.Fatalf("mille ended (%v) before showing %q; stderr:\n%s", err, want, errb.String())
				case <-deadline:
					cmd.Process.Kill()
					t.Fatalf("mille never showed %q:\n%q", want, out.String())
				case <-time.After(20 * time.Millisecond):
				}
			}
		}
		waitOut("Welcome to Mille Bornes")
		for range 3 {
			io.WriteString(master, decoderKiller)
		}
		// m ends the sequence; n declines the rules, x discards.
		io.WriteString(master, "mnx")
		waitOut("You discard")
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatal("mille did not end on SIGTERM")
		}
	})
	t.Run("serve", func(t *testing.T) {
		var errb testkit.Buffer
		cmd, addr := startServe(t, bin, t.TempDir(), &errb)
		in, waitText := sshTerminal(t, addr, newKey(t), "")
		waitText("Name:")
		for range 3 {
			io.WriteString(in, decoderKiller)
		}
		io.WriteString(in, "xAda\r")
		waitText("Hello, Ada.")
		_, otherText := sshTerminal(t, addr, newKey(t), "")
		otherText("Name:")
		if cmd.ProcessState != nil || strings.Contains(errb.String(), "panic") {
			t.Fatalf("mille serve ended or panicked:\n%s", errb.String())
		}
	})
}
