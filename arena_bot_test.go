//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
)

// TestArenaMisbehavingBot seats bot programs that never answer, keep
// saying hello, or send escape sequences: the arena reports the bot as
// failed, in bounded time, and nothing the bot sent reaches the terminal
// raw.
func TestArenaMisbehavingBot(t *testing.T) {
	const hello = `{"type":"hello","name":"%s","protocol":1}`
	tests := []struct {
		name, script, want string
	}{
		{"mute", "echo '" + fmt.Sprintf(hello, "mute") + "'\nwhile read -r line; do :; done", "bot mute: no answer within 300ms"},
		{"hellos", "while :; do echo '" + fmt.Sprintf(hello, "parrot") + "'; done",
			`bot parrot: no legal answer in 3 tries (last: a "hello" message, not the action for decision 1)`},
		{"escapes", `printf '{"type":"hello","name":"\\u001b[2Jwiper\\u0007","protocol":1}\n'
printf '\033]0;owned\007\033[31mred alert\n' >&2
while read -r line; do printf '{"type":"error","message":"\\u001b[1;1Hgotcha"}\n'; done`,
			"bot wiper: no legal answer in 3 tries (last: an error line)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			script := filepath.Join(t.TempDir(), tt.name)
			if err := os.WriteFile(script, []byte("#!/bin/sh\n"+tt.script+"\n"), 0o700); err != nil {
				t.Fatal(err)
			}
			var out, errb testkit.Buffer
			done := make(chan int, 1)
			go func() {
				done <- run([]string{"arena", "--seats", "heuristic,cmd:" + script, "--hands", "100", "--move-timeout", "300ms"}, &out, &errb)
			}()
			var code int
			select {
			case code = <-done:
			case <-time.After(time.Minute):
				t.Fatalf("the arena still runs after a minute:\n%s", errb.String())
			}
			stderr := errb.String()
			if code != 1 || !strings.Contains(stderr, `mille arena: seat "cmd:`+script+`" failed: `+tt.want) {
				t.Errorf("exit %d, stderr:\n%s", code, stderr)
			}
			if strings.ContainsAny(stderr, "\x1b\a") {
				t.Errorf("an escape reached the terminal: %q", stderr)
			}
			if tt.name == "escapes" && !strings.Contains(stderr, "red alert\n") {
				t.Errorf("the bot's standard error is lost: %q", stderr)
			}
		})
	}
}
