package faults

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// pgTemplate is a data folder made by initdb once per run of the tests:
// each schedule's cluster starts from a copy of it, a fraction of an
// initdb's time.
var pgTemplate struct {
	once     sync.Once
	bin, dir string
	err      error
}

// tempRoot holds the folders the suite makes for PostgreSQL, which the
// postgres user must reach (a test's TempDir is private to root);
// TestMain removes it.
var tempRoot string

// pgBin finds PostgreSQL's programs (Debian keeps them off PATH).
func pgBin() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) > 0 {
		sort.Slice(found, func(i, j int) bool {
			a, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(found[i]))))
			b, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(found[j]))))
			return a < b
		})
		return filepath.Dir(found[len(found)-1]), nil
	}
	p, err := exec.LookPath("initdb")
	if err != nil {
		return "", fmt.Errorf("no initdb: install PostgreSQL (.ci/run does)")
	}
	return filepath.Dir(p), nil
}

// asPostgres runs a PostgreSQL program as the postgres user when the
// tests run as root (initdb and postgres refuse root).
func asPostgres(name string, args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	return exec.Command(name, args...)
}

// pgDir makes a folder under tempRoot that the postgres user owns.
func pgDir(prefix string) (string, error) {
	dir, err := os.MkdirTemp(tempRoot, prefix)
	if err != nil {
		return "", err
	}
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chown", "postgres", dir).CombinedOutput(); err != nil {
			return "", fmt.Errorf("chown %s: %v: %s", dir, err, out)
		}
	}
	return dir, nil
}

// makeTemplate runs initdb once.
func makeTemplate() (string, string, error) {
	pgTemplate.once.Do(func() {
		bin, err := pgBin()
		if err != nil {
			pgTemplate.err = err
			return
		}
		dir, err := pgDir("template-")
		if err != nil {
			pgTemplate.err = err
			return
		}
		out, err := asPostgres(filepath.Join(bin, "initdb"), "-D", filepath.Join(dir, "data"), "-A", "trust", "-U", "mille", "-N").CombinedOutput()
		if err != nil {
			pgTemplate.err = fmt.Errorf("initdb: %v: %s", err, out)
			return
		}
		pgTemplate.bin, pgTemplate.dir = bin, dir
	})
	return pgTemplate.bin, pgTemplate.dir, pgTemplate.err
}

// pgCluster is a schedule's own PostgreSQL, on a loopback port, which the
// schedule may stop and start again.
type pgCluster struct {
	bin, dir string
	port     int
}

// newCluster copies the template and starts it; it is stopped and
// removed when t ends.
func newCluster(t *testing.T) *pgCluster {
	t.Helper()
	bin, tmpl, err := makeTemplate()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir, err := pgDir("pg-")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-a", filepath.Join(tmpl, "data"), filepath.Join(dir, "data")).CombinedOutput(); err != nil {
		t.Fatalf("copying the template cluster: %v: %s", err, out)
	}
	c := &pgCluster{bin: bin, dir: dir, port: freePort(t)}
	t.Cleanup(func() {
		c.stop()
		os.RemoveAll(dir)
	})
	if err := c.start(); err != nil {
		t.Fatal(err)
	}
	return c
}

// start starts the cluster and waits until it takes connections. It
// runs without fsync, which loses nothing when PostgreSQL is killed (only
// when the machine stops), and with synchronous commits: a stop at once
// must lose no transaction it said was committed.
func (c *pgCluster) start() error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=150 -c fsync=off", c.port, c.dir)
	out, err := asPostgres(filepath.Join(c.bin, "pg_ctl"), "-D", filepath.Join(c.dir, "data"), "-o", opts,
		"-l", filepath.Join(c.dir, "pg.log"), "-w", "-t", "30", "start").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	return nil
}

// stop stops the cluster at once, as a crash would (its next start
// recovers from its log).
func (c *pgCluster) stop() {
	asPostgres(filepath.Join(c.bin, "pg_ctl"), "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop").Run()
}

// addr is the cluster's address.
func (c *pgCluster) addr() string { return fmt.Sprintf("127.0.0.1:%d", c.port) }

// url is the URL of the cluster's database at addr (the cluster's, or a
// proxy's in front of it).
func dbURL(addr string) string {
	return "postgres://mille@" + addr + "/postgres?sslmode=disable"
}

// open opens the cluster directly, for the checker and the faults, with
// deadlines of its own: a locked table never holds the suite up.
func (c *pgCluster) open(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", dbURL(c.addr())+"&connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(8)
	t.Cleanup(func() { db.Close() })
	return db
}

// query runs f with a deadline of d.
func query(d time.Duration, f func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return f(ctx)
}

// freePort returns a loopback port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
