package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/millebornes/mille/internal/testkit"
)

// TestPythonBot: the example bot in Python (examples/bot/mille_bot.py,
// standard library only) plays the bot protocol v2 against the arena's
// host: one deal in duplicate, two whole hands against easy, with every
// answer taken (a refused one fails the bot and the arena). python3 is
// needed; .ci/run installs it, and under CI=true its absence fails.
func TestPythonBot(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is not installed")
		}
		t.Skip("python3 is not installed")
	}
	var out, errb testkit.Buffer
	code := run([]string{"arena", "--seats", "cmd:python3 examples/bot/mille_bot.py,easy", "--hands", "2", "--move-timeout", "10s"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if report := out.String() + errb.String(); !strings.Contains(report, "2/2 hands") || !strings.Contains(report, "cmd:python3 examples/bot/mille_bot.py      2") {
		t.Fatalf("the arena's report:\n%s", report)
	}
}
