//go:build !serve

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/millebornes/mille/lang"
)

// Without the serve build tag, mille is the game alone: the SSH server,
// its stores (SQLite, PostgreSQL) and their modules were most of what a
// first build compiled, and most people never host (docs/server.md).
func init() {
	subcommands["serve"] = command{serveMissing, lang.CmdServeMissing}
}

// serveMissing is mille serve in a mille built without the server: its
// command line is read as every command's is, then it says how to get a
// mille that serves.
func serveMissing(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille serve", flag.ContinueOnError)
	if code, ok := parseFlags(fs, args, cli().T(lang.UsageServeMissing)+"\n", stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), lang.Err(lang.ErrUnexpectedArg, fs.Arg(0)))
	}
	fmt.Fprint(stderr, "mille serve: "+cli().T(lang.ServeNote))
	return 1
}
