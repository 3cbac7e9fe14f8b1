package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// versionLine is what mille --version prints: the release build's stamps
// (-ldflags -X), else what Go's build info knows of a build from source
// (go build, go install): the module's version and the commit it was
// built from, with the commit's time, where a release build's stamps would say
// "dev (commit none, built unknown)".
func versionLine() string {
	v, c, d := version, commit, date
	if info, ok := debug.ReadBuildInfo(); ok && v == "dev" {
		if mv := info.Main.Version; mv != "" && mv != "(devel)" {
			v = mv
		}
		modified := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				c = s.Value
			case "vcs.time":
				d = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if len(c) > 12 {
			c = c[:12] // as git log --oneline says it
		}
		if modified && c != commit && !strings.HasSuffix(v, "+dirty") {
			c += "+dirty"
		}
	}
	return fmt.Sprintf("mille %s (commit %s, built %s)", v, c, d)
}
