package main

import (
	"fmt"
	"io"
)

// play runs the terminal game; it is replaced once the UI lands.
func play(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stdout, "mille: the rules engine is built (go test ./engine); the terminal game is not playable yet.")
	return 0
}
