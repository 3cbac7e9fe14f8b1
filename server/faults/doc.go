// Package faults is mille serve's fault-injection suite (issue 32), in
// its tests: two or three mille serve processes share a throwaway
// PostgreSQL cluster of their own, each through a small TCP proxy, while
// scripted players play rooms in the line mode; a seeded schedule pauses,
// kills and restarts the servers, restarts PostgreSQL, holds rows and
// tables locked, exhausts a server's connection pool, and makes the
// proxies delay, drop and cut the servers' connections. After each
// schedule a checker reads the database and every player's transcript and
// verifies the rooms' invariants. docs/server.md, "The fault suite",
// tells how to run it and one seed of it.
package faults
