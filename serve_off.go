//go:build !serve

package main

import (
	"flag"
	"fmt"
	"io"
)

// Without the serve build tag, mille is the game alone: the SSH server,
// its stores (SQLite, PostgreSQL) and their modules were most of what a
// first build compiled, and most people never host (docs/server.md).
func init() {
	subcommands["serve"] = command{serveMissing, "run an SSH server where friends play (in a mille built with -tags serve)"}
}

// serveNote says how to get a mille that serves.
const serveNote = "This mille was built without the server. A release binary serves; from source, build it with\n" +
	"-tags serve: go install -tags serve github.com/millebornes/mille@latest, or go build -tags serve -o mille .\n"

// serveMissing is mille serve in a mille built without the server: its
// command line is read as every command's is, then it says how to get a
// mille that serves.
func serveMissing(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille serve", flag.ContinueOnError)
	if code, ok := parseFlags(fs, args, "usage: mille serve [flags]\n\n"+serveNote+"\n", stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), "unexpected argument %q", fs.Arg(0))
	}
	fmt.Fprint(stderr, "mille serve: "+serveNote)
	return 1
}
