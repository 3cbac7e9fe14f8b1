//go:build !race

package ai

// raceOn: see race_test.go.
const raceOn = false
