//go:build !race

package server

// raceOn: the tests run under the race detector.
const raceOn = false
