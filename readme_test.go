//go:build linux

package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/save"
)

// readmeCommands returns the mille command lines of README.md's shell
// blocks, without their comments.
func readmeCommands(t *testing.T) []string {
	f, err := os.Open("README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	inShell := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			inShell = line == "```sh"
		case inShell && strings.HasPrefix(line, "mille"):
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			lines = append(lines, strings.TrimSpace(line))
		}
	}
	return lines
}

// shellWords splits a command line as a shell would, for the simple lines
// of the README (words and double-quoted strings).
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// TestReadmeCommands runs every mille command line of the README as
// written: the subcommands to their end, and each way of starting the game
// in a pseudo-terminal until its board shows, then quits it with q.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mille and plays the README's commands")
	}
	bin := filepath.Dir(milleBinary(t))
	lines := readmeCommands(t)
	if len(lines) < 8 {
		t.Fatalf("found only %d mille command lines in README.md", len(lines))
	}
	for _, line := range lines {
		t.Run(line, func(t *testing.T) {
			data, config := t.TempDir(), t.TempDir()
			os.WriteFile(filepath.Join(config, "options.json"), []byte(`{"seenGuide":true,"animation":"off"}`), 0o600)
			t.Setenv(save.DirEnv, data)
			// "mille mygame" resumes a save of that name.
			g, err := local.NewGame(engine.Config{Players: 2}, "easy", 3)
			if err != nil {
				t.Fatal(err)
			}
			if path, err := save.Path("mygame"); err != nil {
				t.Fatal(err)
			} else if _, err := local.WriteSave(path, g); err != nil {
				t.Fatal(err)
			}
			// "mille review" reviews the last game finished.
			if _, err := save.KeepFinished(data, g, 20, time.Now()); err != nil {
				t.Fatal(err)
			}
			args := shellWords(line)
			cmd := exec.Command(filepath.Join(bin, "mille"), args[1:]...)
			cmd.Env = append(os.Environ(), save.DirEnv+"="+data, "MILLE_CONFIG_DIR="+config,
				"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "TERM=xterm-256color")
			switch sub := append(args, "")[1]; sub {
			case "arena", "stats", "bot", "review":
				cmd.Stdin = strings.NewReader("") // a bot with nobody to talk to says hello and stops
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				if len(out) == 0 {
					t.Fatal("no output")
				}
			case "serve":
				joinServer(t, cmd)
			case "--plain":
				playLinesThrough(t, cmd)
			default:
				playInTerminal(t, cmd)
			}
		})
	}
}

// playInTerminal starts the game in a pseudo-terminal, waits for its board
// and quits it (q, then y: a game with no move since it began or was
// loaded has nothing to save).
func playInTerminal(t *testing.T, cmd *exec.Cmd) {
	master, out, errb := startInTerminal(t, cmd)
	defer master.Close()
	waitFor := func(text string) {
		t.Helper()
		deadline := time.Now().Add(testkit.TimeLeft(t))
		for !strings.Contains(out.String(), text) {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("no %q on the screen:\n%q\n%s", text, out.String(), errb.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor("MILLE BORNES")
	master.Write([]byte("q"))
	waitFor("Really quit")
	master.Write([]byte("y"))
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("mille: %v\n%s", err, errb.String())
		}
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("mille did not quit:\n%s", errb.String())
	}
}

// playLinesThrough plays the line mode through pipes, as a screen reader
// would read it: status, then quit without saving. Its output is lines of
// plain text.
func playLinesThrough(t *testing.T, cmd *exec.Cmd) {
	cmd.Stdin = strings.NewReader("status\nquit\nyes\nno\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	text := string(out)
	if !strings.Contains(text, "Type help for the commands.") || !strings.Contains(text, "Draw pile: ") || !strings.HasSuffix(text, "Goodbye.\n") {
		t.Fatalf("the line mode said:\n%s", text)
	}
	if i := strings.IndexFunc(text, func(r rune) bool { return r < ' ' && r != '\n' }); i >= 0 {
		t.Fatalf("a control character at %d:\n%q", i, text)
	}
}

// joinServer runs mille serve as written but on a free loopback port, and
// joins it as the README's ssh lines do: a first login asks the name, and
// the room named on the command line opens. SIGTERM then stops it well.
func joinServer(t *testing.T, cmd *exec.Cmd) {
	var errb testkit.Buffer
	addr := serveOnLoopback(t, cmd, &errb)
	in, waitText := sshTerminal(t, addr, newKey(t), "friday") // ssh -t -p 2222 HOST friday
	waitText("choose the name")
	io.WriteString(in, "Ada\r")
	waitText("Room friday")
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("mille serve after SIGTERM: %v\n%s", err, errb.String())
	}
}
