package server

// The tests open SQLite stores whatever the build tags.
import _ "modernc.org/sqlite"
