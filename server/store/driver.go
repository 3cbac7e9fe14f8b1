//go:build serve

package store

// The SQLite driver, in pure Go so that mille builds without cgo, is
// compiled in with the serve build tag, as mille serve itself is
// (serve.go): it alone was most of the time a first build of the game
// took (docs/server.md tells how to build a mille that serves).
import _ "modernc.org/sqlite"
