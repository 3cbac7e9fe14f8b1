//go:build sqlite

package store

// The SQLite driver, in pure Go so that mille builds without cgo, is
// compiled in only with the sqlite build tag: it alone is most of the
// time a first build of mille takes, and only mille serve uses it
// (docs/server.md tells how to build a mille that serves).
import _ "modernc.org/sqlite"
