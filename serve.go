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
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/server"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/lobby"
)

func init() {
	subcommands["serve"] = command{serveCommand, lang.CmdServe}
}

// serveCommand is mille serve: the SSH server for play over the network.
func serveCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille serve", flag.ContinueOnError)
	listen := fs.String("listen", ":2222", cli().T(lang.FlagServeListen))
	data := fs.String("data", "", cli().T(lang.FlagServeData))
	db := fs.String("db", "", cli().T(lang.FlagServeDb, docsURL))
	logFormat := fs.String("log-format", events.Text, cli().T(lang.FlagServeLogFormat))
	cfg := server.Defaults
	fs.StringVar(&cfg.Cluster.Advertise, "advertise", "", cli().T(lang.FlagServeAdvertise))
	// The limits, in docs/server.md's order: every one holds after login,
	// since any key gets in. 0 sets no limit.
	fs.IntVar(&cfg.Sessions.Max, "max-sessions", cfg.Sessions.Max, cli().T(lang.FlagServeMaxSessions))
	fs.IntVar(&cfg.Sessions.PerSource, "max-sessions-per-source", cfg.Sessions.PerSource, cli().T(lang.FlagServeMaxSessionsPerSource))
	fs.IntVar(&cfg.Rooms.Max, "max-rooms", cfg.Rooms.Max, cli().T(lang.FlagServeMaxRooms))
	fs.DurationVar(&cfg.Sessions.Idle, "idle", cfg.Sessions.Idle, cli().T(lang.FlagServeIdle))
	fs.Var(startupsFlag{&cfg.Gate.MaxStartups}, "max-startups", cli().T(lang.FlagServeMaxStartups))
	fs.IntVar(&cfg.Gate.MaxStartupsPerSource, "max-startups-per-source", cfg.Gate.MaxStartupsPerSource, cli().T(lang.FlagServeMaxStartupsPerSource))
	fs.DurationVar(&cfg.Gate.HandshakeTimeout, "login-grace", cfg.Gate.HandshakeTimeout, cli().T(lang.FlagServeLoginGrace))
	fs.DurationVar(&cfg.Gate.VersionTimeout, "version-timeout", cfg.Gate.VersionTimeout, cli().T(lang.FlagServeVersionTimeout))
	fs.DurationVar(&cfg.Gate.Penalty, "penalty", cfg.Gate.Penalty, cli().T(lang.FlagServePenalty))
	fs.IntVar(&cfg.Gate.MaxConns, "max-conns", cfg.Gate.MaxConns, cli().T(lang.FlagServeMaxConns))
	fs.IntVar(&cfg.Gate.MaxConnsPerSource, "max-conns-per-source", cfg.Gate.MaxConnsPerSource, cli().T(lang.FlagServeMaxConnsPerSource))
	fs.IntVar(&cfg.Gate.MaxConnsPerKey, "max-conns-per-key", cfg.Gate.MaxConnsPerKey, cli().T(lang.FlagServeMaxConnsPerKey))
	fs.DurationVar(&cfg.Gate.SessionTimeout, "session-timeout", cfg.Gate.SessionTimeout, cli().T(lang.FlagServeSessionTimeout))
	fs.IntVar(&cfg.Gate.MaxChannels, "max-channels", cfg.Gate.MaxChannels, cli().T(lang.FlagServeMaxChannels))
	fs.DurationVar(&cfg.Gate.ShellTimeout, "shell-timeout", cfg.Gate.ShellTimeout, cli().T(lang.FlagServeShellTimeout))
	fs.IntVar(&cfg.Sessions.PerKey, "max-sessions-per-key", cfg.Sessions.PerKey, cli().T(lang.FlagServeMaxSessionsPerKey))
	fs.IntVar(&cfg.Rooms.PerKey, "max-rooms-per-key", cfg.Rooms.PerKey, cli().T(lang.FlagServeMaxRoomsPerKey))
	fs.IntVar(&cfg.Sessions.KeyRate, "max-keys", cfg.Sessions.KeyRate, cli().T(lang.FlagServeMaxKeys))
	fs.Func("max-window", cli().T(lang.FlagServeMaxWindow, cfg.Sessions.MaxWidth, cfg.Sessions.MaxHeight), func(v string) error {
		if n, err := fmt.Sscanf(v, "%dx%d", &cfg.Sessions.MaxWidth, &cfg.Sessions.MaxHeight); n != 2 || err != nil || cfg.Sessions.MaxWidth < 1 || cfg.Sessions.MaxHeight < 1 {
			return lang.Err(lang.ErrSize, v)
		}
		return nil
	})
	fs.StringVar(&cfg.Rooms.MaxLevel, "max-level", ai.Levels[len(ai.Levels)-1], cli().T(lang.FlagServeMaxLevel, strings.Join(ai.Levels, ", ")))
	fs.IntVar(&cfg.Rooms.Computers, "computers", runtime.GOMAXPROCS(0), cli().T(lang.FlagServeComputers))
	fs.DurationVar(&cfg.Store.CheckpointEvery, "checkpoint", 30*time.Second, cli().T(lang.FlagServeCheckpoint))
	fs.DurationVar(&cfg.Store.KeepSaves, "keep-saves", lobby.MaxSaveAge, cli().T(lang.FlagServeKeepSaves))
	fs.IntVar(&cfg.Store.SavesPerKey, "saves-per-key", 10, cli().T(lang.FlagServeSavesPerKey))
	memoryLimit := fs.Int64("memory-limit", cfg.MemoryLimit>>20, cli().T(lang.FlagServeMemoryLimit))
	exportRooms := fs.String("export-rooms", "", cli().T(lang.FlagServeExportRooms))
	importRooms := fs.String("import-rooms", "", cli().T(lang.FlagServeImportRooms))
	results := fs.String("export-results", "", cli().T(lang.FlagServeExportResults))
	usage := cli().T(lang.UsageServe)
	if code, ok := parseFlags(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), lang.Err(lang.ErrUnexpectedArg, fs.Arg(0)))
	}
	if *data == "" {
		dir, err := save.Dir()
		if err != nil {
			fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
			return 1
		}
		*data = filepath.Join(dir, "server")
	}
	if *exportRooms != "" || *importRooms != "" {
		return moveRooms(*data, *db, *exportRooms, *importRooms, stdout, stderr)
	}
	if *results != "" {
		if err := exportResults(*data, *db, *results, stdout); err != nil {
			fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
			return 1
		}
		return 0
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
	cfg.Dir, cfg.Store.DB, cfg.Log = *data, *db, server.LogConfig{Out: stderr, Format: *logFormat}
	cfg.MemoryLimit = max(0, *memoryLimit) << 20
	srv, err := server.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
		return 1
	}
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
		return 1
	}
	fmt.Fprintln(stdout, cli().T(lang.ServeListening, l.Addr(), *data))

	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "mille serve: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
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
		fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
		return 1
	}
	defer st.Close()
	code := 0
	for _, err := range problems {
		fmt.Fprintln(stderr, "mille serve:", cli().T(lang.ErrNotMoved, cli().Error(err)))
	}
	if exportTo != "" {
		names, err := lobby.ExportRooms(st, exportTo)
		fmt.Fprintln(stdout, cli().T(lang.ServeExported, len(names), exportTo))
		if err != nil {
			fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
			code = 1
		}
	}
	if importFrom != "" {
		names, problems := lobby.ImportRooms(st, importFrom, false)
		fmt.Fprintln(stdout, cli().T(lang.ServeImported, len(names), importFrom))
		for _, err := range problems {
			fmt.Fprintln(stderr, "mille serve:", cli().Error(err))
			code = 1
		}
	}
	return code
}

// startupsFlag is --max-startups: the gate's value, a refusal said in the
// catalogue's words rather than the gate's English.
type startupsFlag struct{ *gate.Startups }

// Set reads the value as the gate does.
func (f startupsFlag) Set(text string) error {
	if err := f.Startups.Set(text); err != nil {
		return lang.Err(lang.ErrStartups, text)
	}
	return nil
}
