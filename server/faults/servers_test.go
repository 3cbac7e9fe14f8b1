package faults

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/server"
)

// milleBin is mille built once per run of the tests, with the serve tag:
// the servers are that program, in processes of their own.
var milleBin struct {
	once sync.Once
	path string
	err  error
}

// buildMille builds mille serve into tempRoot, once.
func buildMille() (string, error) {
	milleBin.once.Do(func() {
		_, here, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(here), "..", "..")
		out := filepath.Join(tempRoot, "mille")
		cmd := exec.Command("go", "build", "-tags", "serve", "-o", out, ".")
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			milleBin.err = fmt.Errorf("building mille serve: %v: %s", err, b)
			return
		}
		milleBin.path = out
	})
	return milleBin.path, milleBin.err
}

// serverProc is one mille serve process of a schedule, on a port and a
// data folder it keeps across restarts, reaching PostgreSQL through its
// proxy.
type serverProc struct {
	name  string // A, B, C
	dir   string
	addr  string
	proxy *proxy
	log   *os.File

	mu     sync.Mutex
	cmd    *exec.Cmd
	paused bool
}

// newServer makes server name's folder, with the host key of hostKey
// (the servers behind one address share one), and starts it.
func newServer(t *testing.T, name, hostKey string, p *proxy) *serverProc {
	t.Helper()
	dir := t.TempDir()
	key, err := os.ReadFile(hostKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, server.HostKeyFile), key, 0o600); err != nil {
		t.Fatal(err)
	}
	log, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	s := &serverProc{name: name, dir: dir, addr: fmt.Sprintf("127.0.0.1:%d", freePort(t)), proxy: p, log: log}
	t.Cleanup(func() {
		s.kill()
		log.Close()
		if keep := os.Getenv("MILLE_FAULTS_LOGS"); keep != "" { // the whole log, for a person to read
			b, _ := os.ReadFile(filepath.Join(dir, "log"))
			os.WriteFile(filepath.Join(keep, strings.ReplaceAll(t.Name(), "/", "_")+"-"+name+".log"), b, 0o644)
		}
	})
	if err := s.start(); err != nil {
		t.Fatal(err)
	}
	return s
}

// start starts the process and waits until it listens; a start that
// fails (PostgreSQL out of reach) is tried again for 20 s.
func (s *serverProc) start() error {
	bin, err := buildMille()
	if err != nil {
		return err
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := s.startOnce(bin)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (s *serverProc) startOnce(bin string) error {
	cmd := exec.Command(bin, "serve", "-listen", s.addr, "-data", s.dir, "-db", dbURL(s.proxy.addr()),
		"-checkpoint", "500ms", "-max-sessions-per-source", "500", "-max-startups-per-source", "500",
		"-max-conns-per-source", "500", "-max-sessions-per-key", "20", "-max-conns-per-key", "20", "-penalty", "0s")
	cmd.Stderr = s.log
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	fmt.Fprintf(s.log, "--- %s starts\n", time.Now().Format("15:04:05.000"))
	if err := cmd.Start(); err != nil {
		return err
	}
	// The line that says it listens (lang.ServeListening, in whatever
	// language mille speaks here) names the address.
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.Contains(line, s.addr) {
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("server %s did not start: %q %v", s.name, line, err)
	}
	go func() { // the rest of its standard output, unread, must not block it
		buf := make([]byte, 4096)
		for {
			if _, err := out.Read(buf); err != nil {
				return
			}
		}
	}()
	s.mu.Lock()
	s.cmd, s.paused = cmd, false
	s.mu.Unlock()
	return nil
}

// signal sends sig to the process, if it runs.
func (s *serverProc) signal(sig syscall.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		s.cmd.Process.Signal(sig)
		s.paused = sig == syscall.SIGSTOP
	}
}

// kill kills the process (SIGKILL) and waits for it.
func (s *serverProc) kill() {
	s.mu.Lock()
	cmd := s.cmd
	s.cmd = nil
	s.mu.Unlock()
	if cmd != nil {
		cmd.Process.Kill()
		cmd.Wait()
		fmt.Fprintf(s.log, "--- %s killed\n", time.Now().Format("15:04:05.000"))
	}
}

// up reports whether the process runs and is not paused: where a player
// who comes back may connect.
func (s *serverProc) up() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cmd != nil && !s.paused
}

// tail is the end of the server's log, for a failure's report, without
// the lines of logins and sessions, which the players' reconnections fill
// it with: the checker never reads it.
func (s *serverProc) tail(n int) string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "log"))
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if !strings.Contains(l, " msg=login ") && !strings.Contains(l, " msg=session ") && !strings.Contains(l, ` msg="session end" `) && !strings.Contains(l, ` msg="session relayed" `) {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
