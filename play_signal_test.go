//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/save"
)

// openPTY opens a pseudo-terminal of 80x24: mille needs a terminal.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	fd, err := syscall.Open("/dev/ptmx", syscall.O_RDWR|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Skip("no pseudo-terminals:", err)
	}
	ioctl := func(req uintptr, arg unsafe.Pointer) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), req, uintptr(arg)); e != 0 {
			t.Fatal("ioctl:", e)
		}
	}
	var n uint32
	ioctl(syscall.TIOCGPTN, unsafe.Pointer(&n))
	var unlock int32
	ioctl(syscall.TIOCSPTLCK, unsafe.Pointer(&unlock))
	ws := [4]uint16{24, 80, 0, 0}
	ioctl(syscall.TIOCSWINSZ, unsafe.Pointer(&ws))
	// Non-blocking, so that Close really closes it while a Read waits.
	if err := syscall.SetNonblock(fd, true); err != nil {
		t.Fatal(err)
	}
	master = os.NewFile(uintptr(fd), "ptmx")
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return master, tty
}

// startInTerminal starts cmd as the session leader of a new 80x24
// pseudo-terminal and collects what it draws in out (and its standard
// error in errb); the caller closes master.
func startInTerminal(t *testing.T, cmd *exec.Cmd) (master *os.File, out, errb *testkit.Buffer) {
	t.Helper()
	master, tty := openPTY(t)
	out, errb = new(testkit.Buffer), new(testkit.Buffer)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, errb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		master.Close()
		t.Fatal(err)
	}
	tty.Close()
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			out.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	return master, out, errb
}

// TestSignalKeepsTheGame runs the real mille in a pseudo-terminal on a
// game a few moves in, discards a card (a move no file holds), closes the
// terminal (the kernel sends SIGHUP) or sends SIGTERM, and finds the game
// in the autosave that the next start offers. (A game with no move since
// it was loaded is in its file: the autosave is left to another game.)
func TestSignalKeepsTheGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mille")
	}
	bin := milleBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			data := t.TempDir()
			t.Setenv(save.DirEnv, data)
			game := filepath.Join(t.TempDir(), "game"+save.Ext)
			g, err := local.NewGame(engine.Config{Players: 2}, ai.DefaultLevel, 5)
			if err != nil {
				t.Fatal(err)
			}
			for len(g.History) < 4 {
				// No discard yet, so that "You discard" tells the one below.
				obs := engine.Observe(&g.State, g.State.ToAct())
				legal := obs.Legal(nil)
				a := legal[0]
				for _, l := range legal {
					if l.Kind() != engine.KindDiscard {
						a = l
						break
					}
				}
				if a.Kind() == engine.KindDiscard {
					t.Fatal("the setup must not discard")
				}
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := local.WriteSave(game, g); err != nil {
				t.Fatal(err)
			}

			cmd := exec.Command(bin, game)
			cmd.Env = append(os.Environ(), save.DirEnv+"="+data, "MILLE_CONFIG_DIR="+t.TempDir(), "TERM=xterm-256color")
			master, out, errb := startInTerminal(t, cmd)
			defer master.Close()
			deadline := time.Now().Add(testkit.TimeLeft(t))
			for !strings.Contains(out.String(), "MILLE BORNES") {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("mille did not draw its board:\n%q", out.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			master.Write([]byte("nx")) // no guide, thanks; discard the drawn card
			for !strings.Contains(out.String(), "You discard") {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("mille did not discard:\n%q", out.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if sig == syscall.SIGHUP {
				master.Close() // the terminal window closes
			} else if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Signal(syscall.SIGQUIT)
				time.Sleep(time.Second)
				cmd.Process.Kill()
				t.Fatalf("mille did not stop:\n%s", errb.String())
			}
			path, ok := save.FindAutosave()
			if !ok {
				t.Fatalf("no autosave after %v", sig)
			}
			kept, err := local.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(kept.History) <= len(g.History) || !slices.Equal(kept.History[:len(g.History)], g.History) {
				t.Fatal("the autosave is not the game in progress")
			}
		})
	}
}
