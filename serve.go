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
)

func init() {
	subcommands["serve"] = command{serveCommand, "run an SSH server where friends play from their own terminals"}
}

// serveCommand is mille serve: the SSH server for play over the network.
func serveCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille serve", flag.ContinueOnError)
	listen := fs.String("listen", ":2222", "address to listen on")
	data := fs.String("data", "", "data folder for the host key and the store of players' names and rooms (default: server in mille's data folder)")
	maxSessions := fs.Int("max-sessions", 200, "SSH sessions at once (0: no limit)")
	maxRooms := fs.Int("max-rooms", 50, "rooms at once (0: no limit)")
	idle := fs.Duration("idle", 30*time.Minute, "close sessions that send no key for this long; their seats wait the grace period (0: never)")
	maxHandshakes := fs.Int("max-handshakes", 32, "connections logging in at once (0: no limit)")
	perAddr := fs.Int("max-handshakes-per-addr", server.HandshakesPerAddr, "connections logging in at once from one IP address (0: no limit)")
	maxLevel := fs.String("max-level", ai.Levels[len(ai.Levels)-1], "the strongest computer level a room may have ("+strings.Join(ai.Levels, ", ")+")")
	computers := fs.Int("computers", runtime.GOMAXPROCS(0), "computer players searching at once, shared by every room in turn")
	moveTime := fs.Duration("move-time", time.Second, "the longest a computer player thinks about a move (0: its level's own limit)")
	checkpoint := fs.Duration("checkpoint", 30*time.Second, "write the games in play into the store this often, beside the end of every hand: a crash loses at most that much (0: at the ends of hands only)")
	keepSaves := fs.Duration("keep-saves", server.MaxSaveAge, "forget the kept rooms nobody played for this long")
	perKey := fs.Int("saves-per-key", 10, "rooms kept for each host, the most recent (0: no limit)")
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
		return moveRooms(*data, *exportRooms, *importRooms, stdout, stderr)
	}
	// Catch the signals before anything else: a SIGTERM as soon as the
	// server says it listens must shut it down well, not kill it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := server.New(server.Config{
		Dir: *data, MaxSessions: *maxSessions, MaxRooms: *maxRooms, IdleTimeout: *idle,
		MaxHandshakes: *maxHandshakes, MaxHandshakesPerAddr: *perAddr, Log: stderr,
		MaxLevel: *maxLevel, Computers: *computers, MoveTime: *moveTime,
		CheckpointEvery: *checkpoint, KeepSaves: *keepSaves, SavesPerKey: *perKey,
	})
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
// kept in data's store go out to a folder as save files (the server may
// be running), or come in from one (best with the server stopped).
func moveRooms(data, exportTo, importFrom string, stdout, stderr io.Writer) int {
	st, problems, err := server.OpenStore(data)
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
		names, err := server.ExportRooms(st, exportTo)
		fmt.Fprintf(stdout, "mille serve: %d rooms written into %s\n", len(names), exportTo)
		if err != nil {
			fmt.Fprintln(stderr, "mille serve:", err)
			code = 1
		}
	}
	if importFrom != "" {
		names, problems := server.ImportRooms(st, importFrom, false)
		fmt.Fprintf(stdout, "mille serve: %d rooms kept from %s\n", len(names), importFrom)
		for _, err := range problems {
			fmt.Fprintln(stderr, "mille serve:", err)
			code = 1
		}
	}
	return code
}
