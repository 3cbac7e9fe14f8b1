//go:build linux

package main

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/lobby"
	gossh "golang.org/x/crypto/ssh"
)

// startServe runs the real mille serve on a free loopback port and
// returns it with its address; its standard error goes to errb.
func startServe(t *testing.T, bin, data string, errb *testkit.Buffer) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--data", data)
	return cmd, serveOnLoopback(t, cmd, errb)
}

// serveOnLoopback starts a mille serve command on a free loopback port and
// returns its address once it listens; its standard error goes to errb.
func serveOnLoopback(t *testing.T, cmd *exec.Cmd, errb *testkit.Buffer) string {
	t.Helper()
	cmd.Args = append(cmd.Args, "--listen", "127.0.0.1:0")
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, "LC_ALL=C") // its first line is read in English
	cmd.Stderr = errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(line, "mille serve: listening on ")
	if err != nil || !ok {
		t.Fatalf("mille serve says %q, %v; stderr: %s", line, err, errb.String())
	}
	go io.Copy(io.Discard, out)
	return strings.Fields(addr)[0]
}

// sshTerminal logs into addr with key as ssh -t does and runs command (the
// room to join, or "" for the lobby). It returns the session's input and
// a function that waits until the screen shows a text.
func sshTerminal(t *testing.T, addr string, key gossh.Signer, command string) (io.Writer, func(string)) {
	t.Helper()
	in, waitText, _ := sshTerminalOutput(t, addr, key, command)
	return in, waitText
}

// sshTerminalOutput is sshTerminal that also returns everything the
// session wrote, escape sequences included.
func sshTerminalOutput(t *testing.T, addr string, key gossh.Signer, command string) (io.Writer, func(string), *testkit.Buffer) {
	t.Helper()
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "friend", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	sess.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{})
	in, _ := sess.StdinPipe()
	var screen testkit.Buffer
	sess.Stdout = &screen
	if command == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(command)
	}
	if err != nil {
		t.Fatal(err)
	}
	waitText := func(want string) {
		t.Helper()
		deadline := time.Now().Add(testkit.TimeLeft(t))
		for !strings.Contains(ansi.Strip(screen.String()), want) {
			if time.Now().After(deadline) {
				t.Fatalf("the screen never showed %q:\n%s", want, ansi.Strip(screen.String()))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return in, waitText, &screen
}

// newKey makes an SSH key, a player's identity.
func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	key, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// nameKey records name for key in the store of data folder data, as if
// its person had chosen it at a first login.
func nameKey(t *testing.T, data string, key gossh.Signer, name string) {
	t.Helper()
	st, _, err := lobby.OpenStore(data, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := lobby.NewUsers(st).SetName(context.Background(), gossh.FingerprintSHA256(key.PublicKey()), name); err != nil {
		t.Fatal(err)
	}
}

// keptGame reads the game of room name from the store of data folder
// data.
func keptGame(t *testing.T, data, name string) record.Game {
	t.Helper()
	st, _, err := lobby.OpenStore(data, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	k, err := st.Room(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return k.Game
}

// TestServeSignalsSaveRooms runs mille serve, plays into a room over SSH,
// sends SIGTERM, or SIGHUP as when the terminal that runs mille serve
// closes (issue 15, 11: it killed the server at once): the player's
// terminal is given back (mouse reports off, the cursor shown, the normal
// screen) with a line saying why and that the game is saved, the server
// exits well, the room is in its store, and the next mille serve brings
// it back.
func TestServeSignalsSaveRooms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mille")
	}
	bin := milleBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) { serveSignal(t, bin, sig) })
	}
}

func serveSignal(t *testing.T, bin string, sig syscall.Signal) {
	data := t.TempDir()
	key := newKey(t)
	nameKey(t, data, key, "Ada")

	var errb testkit.Buffer
	cmd, addr := startServe(t, bin, data, &errb)
	in, waitText, out := sshTerminalOutput(t, addr, key, "sig")
	waitText("s: start")
	io.WriteString(in, "s")
	waitText("MILLE BORNES")

	cmd.Process.Signal(sig)
	waitText("Your game in room sig is saved")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("mille serve after %v: %v\n%s", sig, err, errb.String())
	}
	// The terminal is given back before the goodbye.
	screen := out.String()
	bye := strings.LastIndex(screen, lang.English.T(lang.FarewellBye))
	for _, seq := range []struct{ on, off string }{
		{ansi.SetModeAltScreenSaveCursor, ansi.ResetModeAltScreenSaveCursor},
		{ansi.HideCursor, ansi.ShowCursor},
		{ansi.SetModeMouseButtonEvent, ansi.ResetModeMouseButtonEvent},
		{ansi.SetModeMouseExtSgr, ansi.ResetModeMouseExtSgr},
	} {
		on, off := strings.LastIndex(screen, seq.on), strings.LastIndex(screen, seq.off)
		if on < 0 || off < on || off > bye {
			t.Errorf("%q (at %d) is not undone by %q (at %d) before the goodbye (at %d)", seq.on, on, seq.off, off, bye)
		}
	}
	g := keptGame(t, data, "sig")
	if !g.Seats[0].Human || g.Seats[0].Name != "Ada" || g.Seats[1].Human {
		t.Fatalf("saved seats: %+v", g.Seats)
	}

	var errb2 testkit.Buffer
	cmd2, _ := startServe(t, bin, data, &errb2)
	// Standard error comes through a pipe: give it a moment.
	for deadline := time.Now().Add(testkit.TimeLeft(t)); !strings.Contains(errb2.String(), "rooms=sig"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the next start did not restore the room: %s", errb2.String())
		}
	}
	cmd2.Process.Signal(syscall.SIGTERM)
	if err := cmd2.Wait(); err != nil {
		t.Fatalf("the second mille serve: %v", err)
	}
}
