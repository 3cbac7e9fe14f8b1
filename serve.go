//go:build serve

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/server"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/lobby"
)

func init() {
	subcommands["serve"] = command{serveCommand, "run an SSH server where friends play from their own terminals"}
}

// serveCommand is mille serve: the SSH server for play over the network.
func serveCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille serve", flag.ContinueOnError)
	listen := fs.String("listen", ":2222", "address to listen on")
	data := fs.String("data", "", "data folder for the host key and the store of players' names and rooms (default: server in mille's data folder)")
	db := fs.String("db", "", "keep the store in this PostgreSQL database (postgres://USER@HOST:PORT/DB), which several servers may share, rather than in the data folder ("+docsURL+"server.md)")
	logFormat := fs.String("log-format", events.Text, "log lines on standard error as text (key=value) or json")
	cfg := server.Defaults
	fs.StringVar(&cfg.Advertise, "advertise", "", "with --db: the address (host:port) where the other servers reach this one, to relay the players of its rooms (default: the --listen address)")
	// The limits, in docs/server.md's order: every one holds after login,
	// since any key gets in. 0 sets no limit.
	fs.IntVar(&cfg.MaxSessions, "max-sessions", cfg.MaxSessions, "SSH sessions at once; the last tenth go only to addresses that have none yet (0: no limit)")
	fs.IntVar(&cfg.MaxSessionsPerSource, "max-sessions-per-source", cfg.MaxSessionsPerSource, "sessions at once from one IPv4 address or IPv6 /64; a family or a school behind one address shares them (0: no limit)")
	fs.IntVar(&cfg.MaxRooms, "max-rooms", cfg.MaxRooms, "rooms at once (0: no limit)")
	fs.DurationVar(&cfg.IdleTimeout, "idle", cfg.IdleTimeout, "close sessions that send no key for this long; their seats wait the grace period (0: never)")
	fs.Var(&cfg.MaxStartups, "max-startups", "connections logging in at once, as OpenSSH's MaxStartups START:RATE:FULL: from START on, a newcomer takes the place of a login silent for 0.5 s, else RATE percent of new ones from addresses already logging in or idle are refused, rising to all at FULL")
	fs.IntVar(&cfg.MaxStartupsPerSource, "max-startups-per-source", cfg.MaxStartupsPerSource, "connections logging in at once from one IPv4 address or IPv6 /64")
	fs.DurationVar(&cfg.HandshakeTimeout, "login-grace", cfg.HandshakeTimeout, "close a connection not logged in after this long")
	fs.DurationVar(&cfg.VersionTimeout, "version-timeout", cfg.VersionTimeout, "close a connection whose client has not sent its SSH version line after this long (0: no limit but --login-grace)")
	fs.DurationVar(&cfg.Penalty, "penalty", cfg.Penalty, "refuse for this long the new connections of a source whose connection flooded the server or stalled its login")
	fs.IntVar(&cfg.MaxConns, "max-conns", cfg.MaxConns, "connections at once, logged in or not; the last tenth go only to addresses that have none, and at the cap a newcomer takes the place of one without a session for 2 s (a ControlMaster connection between sessions loses it). Its default is the descriptors the process may open (ulimit -n) less 64, at most 1000: each connection holds a descriptor and some 80 KB")
	fs.IntVar(&cfg.MaxConnsPerSource, "max-conns-per-source", cfg.MaxConnsPerSource, "connections, logged in or not, from one IPv4 address or IPv6 /64")
	fs.IntVar(&cfg.MaxConnsPerKey, "max-conns-per-key", cfg.MaxConnsPerKey, "logged-in connections with one SSH key")
	fs.DurationVar(&cfg.SessionTimeout, "session-timeout", cfg.SessionTimeout, "close a logged-in connection that has no session open for this long")
	fs.IntVar(&cfg.MaxChannels, "max-channels", cfg.MaxChannels, "session channels open on one connection (OpenSSH's MaxSessions)")
	fs.DurationVar(&cfg.ShellTimeout, "shell-timeout", cfg.ShellTimeout, "close a session channel that has not asked for its shell after this long")
	fs.IntVar(&cfg.MaxSessionsPerKey, "max-sessions-per-key", cfg.MaxSessionsPerKey, "sessions of one SSH key at once")
	fs.IntVar(&cfg.MaxRoomsPerKey, "max-rooms-per-key", cfg.MaxRoomsPerKey, "rooms one SSH key hosts at once")
	fs.IntVar(&cfg.KeyRate, "max-keys", cfg.KeyRate, "key and mouse events a second a session may send (as many again at once); more are dropped")
	fs.Func("max-window", fmt.Sprintf("largest terminal drawn for, WIDTHxHEIGHT; a larger one is drawn at this size (default %dx%d)", cfg.MaxWidth, cfg.MaxHeight), func(v string) error {
		if n, err := fmt.Sscanf(v, "%dx%d", &cfg.MaxWidth, &cfg.MaxHeight); n != 2 || err != nil || cfg.MaxWidth < 1 || cfg.MaxHeight < 1 {
			return fmt.Errorf("%q: want WIDTHxHEIGHT, as 500x200", v)
		}
		return nil
	})
	fs.StringVar(&cfg.MaxLevel, "max-level", ai.Levels[len(ai.Levels)-1], "the strongest computer level a room may have ("+strings.Join(ai.Levels, ", ")+")")
	fs.IntVar(&cfg.Computers, "computers", runtime.GOMAXPROCS(0), "computer players searching at once, shared by every room in turn")
	fs.DurationVar(&cfg.CheckpointEvery, "checkpoint", 30*time.Second, "write the games in play into the store this often, beside the end of every hand: a crash loses at most that much (0: at the ends of hands only)")
	fs.DurationVar(&cfg.KeepSaves, "keep-saves", lobby.MaxSaveAge, "forget the kept rooms nobody played for this long")
	fs.IntVar(&cfg.SavesPerKey, "saves-per-key", 10, "rooms kept for each host, the most recent (0: no limit)")
	exportRooms := fs.String("export-rooms", "", "write every kept room into this folder as ROOM.json, a save file, and exit")
	importRooms := fs.String("import-rooms", "", "keep the rooms saved as ROOM.json files in this folder, and exit")
	const usage = "usage: mille serve [flags]\n\nRuns an SSH server: friends join with ssh -t -p 2222 HOST.\n\n"
	if code, ok := parseFlags(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), "unexpected argument %q", fs.Arg(0))
	}
	if *data == "" {
		dir, err := save.Dir()
		if err != nil {
			fmt.Fprintln(stderr, "mille serve:", err)
			return 1
		}
		*data = filepath.Join(dir, "server")
	}
	if *exportRooms != "" || *importRooms != "" {
		return moveRooms(*data, *db, *exportRooms, *importRooms, stdout, stderr)
	}
	// Catch the signals before anything else: a SIGTERM as soon as the
	// server says it listens must shut it down well, not kill it. SIGHUP
	// (the terminal that runs mille serve closed) does the same: it once
	// killed the server with every game and every player's terminal in it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	// With the logs piped (mille serve 2>&1 | tee log), the terminal's
	// closing ends the pipe's reader too, and the next log line would kill
	// the server mid-shutdown: its players would get no goodbye. A write to
	// the broken pipe fails instead.
	signal.Ignore(syscall.SIGPIPE)
	cfg.Dir, cfg.DB, cfg.Log, cfg.LogFormat = *data, *db, stderr, *logFormat
	srv, err := server.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "mille serve:", err)
		return 1
	}
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(stderr, "mille serve:", err)
		return 1
	}
	fmt.Fprintf(stdout, "mille serve: listening on %s (data in %s)\n", l.Addr(), *data)

	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		fmt.Fprintln(stderr, "mille serve:", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "mille serve: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintln(stderr, "mille serve:", err)
		return 1
	}
	<-served
	return 0
}

// moveRooms is mille serve --export-rooms and --import-rooms: the rooms
// kept in data's store (or db's) go out to a folder as save files (the server may
// be running), or come in from one (best with the server stopped).
func moveRooms(data, db, exportTo, importFrom string, stdout, stderr io.Writer) int {
	st, problems, err := lobby.OpenStore(data, db)
	if err != nil {
		fmt.Fprintln(stderr, "mille serve:", err)
		return 1
	}
	defer st.Close()
	code := 0
	for _, err := range problems {
		fmt.Fprintln(stderr, "mille serve: not moved into the store:", err)
	}
	if exportTo != "" {
		names, err := lobby.ExportRooms(st, exportTo)
		fmt.Fprintf(stdout, "mille serve: %d rooms written into %s\n", len(names), exportTo)
		if err != nil {
			fmt.Fprintln(stderr, "mille serve:", err)
			code = 1
		}
	}
	if importFrom != "" {
		names, problems := lobby.ImportRooms(st, importFrom, false)
		fmt.Fprintf(stdout, "mille serve: %d rooms kept from %s\n", len(names), importFrom)
		for _, err := range problems {
			fmt.Fprintln(stderr, "mille serve:", err)
			code = 1
		}
	}
	return code
}
