//go:build race

package ai

// raceOn: the race detector slows a search about tenfold, enough for a
// loaded search to meet a level's time cap.
const raceOn = true
