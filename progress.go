package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// progressOf returns a progress reporter counting in unit ("decisions"):
// a bar redrawn in place on a terminal, a plain line every tenth of the
// run otherwise.
func progressOf(w io.Writer, unit string) func(done, total int) {
	tty := false
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	printed := 0
	return func(done, total int) {
		if tty {
			const width = 40
			n := done * width / total
			fmt.Fprintf(w, "\r[%s%s] %d/%d %s", strings.Repeat("#", n), strings.Repeat(".", width-n), done, total, unit)
			if done == total {
				fmt.Fprintln(w)
			}
			return
		}
		// Work may finish several at a time, so done may step over a tenth.
		step := max(1, total/10)
		if done/step > printed/step || done == total {
			printed = done
			fmt.Fprintf(w, "%d/%d %s\n", done, total, unit)
		}
	}
}
