// Command mille plays Mille Bornes, the French road-race card game, in the
// terminal: the successor of BSD mille(6).
//
//	mille [flags] [file]   play (resume the game saved in file)
//	mille arena [flags]    pit computer players against each other
//	mille bot [flags]      be a computer player on stdin/stdout
//	mille stats            print your lifetime statistics
//	mille serve [flags]    host games over SSH
package main

import (
	"io"
	"os"
)

// version, commit and date are stamped by the release build (-ldflags -X).
var (
	version = "dev"
	commit  = "none"
	date    = "unknown"
)

// subcommands maps a first argument to the command it runs. Each command
// lives in its own file and registers itself in init.
var subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
	}
	return play(args, stdout, stderr)
}
