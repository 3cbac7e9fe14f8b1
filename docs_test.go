package main

import (
	"context"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/plain"
	"github.com/millebornes/mille/save"
)

// plainDoc is the line mode's guide, and wholeHand the heading of its
// sample game.
const (
	plainDoc  = "docs/plain.md"
	wholeHand = "## A whole hand\n"
)

// typedLine matches a line the player typed in a transcript: the
// program's lines all end with a mark (. ? : ! or a parenthesis).
var typedLine = regexp.MustCompile(`[^.?:!)]$`)

// asks reports whether a line of the transcript asks the player
// something, after which the next line typed waits for it.
func asks(line string) bool {
	return strings.HasSuffix(line, "?") || strings.HasSuffix(line, "Yes or no.") || strings.HasPrefix(line, "Your turn: ")
}

// TestPlainDocWholeHand plays again the sample game of docs/plain.md
// (mille --plain --players 3 --level easy --seed 77), typing its typed
// lines, and checks that the line mode prints today what the guide
// shows. MILLE_WRITE_DOCS=1 writes the transcript played into the guide
// instead, after a change to what the line mode says.
func TestPlainDocWholeHand(t *testing.T) {
	doc, err := os.ReadFile(plainDoc)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := strings.Cut(string(doc), wholeHand)
	intro, rest, ok2 := strings.Cut(rest, "```\n")
	want, tail, ok3 := strings.Cut(rest, "\n```\n")
	if !ok || !ok2 || !ok3 || !strings.Contains(intro, "--players 3 --level easy --seed 77") {
		t.Fatalf("%s has no sample game of mille --plain --players 3 --level easy --seed 77", plainDoc)
	}
	wantLines := strings.Split(want, "\n")

	t.Setenv(save.DirEnv, t.TempDir())
	t.Setenv("MILLE_CONFIG_DIR", t.TempDir())
	g, err := newGame(engine.Config{Players: 3, Rules: engine.Standard}, "easy", 77, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	lc, err := localConfig(g, "", false, &lang.English)
	if err != nil {
		t.Fatal(err)
	}
	in, typing := io.Pipe()
	out := &lineWriter{lines: make(chan string, 1<<12)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, _, err := plain.New(in, out, &lang.English).PlayLocal(context.Background(), lc, lineOptions); err != nil {
			t.Error(err)
		}
	}()
	var got []string
	// read reads the output up to a line that ends (nil: until the
	// session stops).
	read := func(ends func(string) bool) {
		for {
			select {
			case l := <-out.lines:
				got = append(got, l)
				if ends != nil && ends(l) {
					return
				}
			case <-done:
				for {
					select {
					case l := <-out.lines:
						got = append(got, l)
					default:
						return
					}
				}
			case <-time.After(time.Minute):
				t.Fatalf("no output for a minute; so far:\n%s", strings.Join(got, "\n"))
			}
		}
	}
	read(asks)
	for i, l := range wantLines {
		if !typedLine.MatchString(l) {
			continue
		}
		got = append(got, l)
		if _, err := io.WriteString(typing, l+"\n"); err != nil {
			t.Fatalf("typing %q: %v", l, err)
		}
		// A line that asks comes before the next line typed, in the
		// guide, when the line typed was a move: wait for it. After a
		// command that only tells (help, status), an unknown word
		// typed marks the end of what it told; the marker's refusal is
		// not the guide's.
		then := "" // nothing more is typed
		for _, next := range wantLines[i+1:] {
			if typedLine.MatchString(next) {
				then = "told"
				break
			}
			if asks(next) {
				then = "asks"
				break
			}
		}
		switch then {
		case "":
			continue // what it says is read to the end
		case "asks":
			read(asks)
			continue
		}
		if _, err := io.WriteString(typing, "marker\n"); err != nil {
			t.Fatal(err)
		}
		marker := lang.English.T(lang.Unknown, `"marker"`)
		read(func(l string) bool { return l == marker })
		got = got[:len(got)-1]
	}
	typing.Close()
	read(nil)
	<-done

	if played := strings.Join(got, "\n"); played != want {
		if os.Getenv("MILLE_WRITE_DOCS") == "1" {
			if err := os.WriteFile(plainDoc, []byte(head+wholeHand+intro+"```\n"+played+"\n```\n"+tail), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: the sample game written anew", plainDoc)
			return
		}
		for i := range max(len(got), len(wantLines)) {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(wantLines) {
				w = wantLines[i]
			}
			if g != w {
				t.Fatalf("%s's sample game is not what the line mode prints (MILLE_WRITE_DOCS=1 go test -run %s . writes it anew); line %d:\n the guide: %q\n printed:   %q", plainDoc, t.Name(), i+1, w, g)
			}
		}
	}
}

// lineWriter hands a session's output on line by line.
type lineWriter struct {
	mu      sync.Mutex
	partial string
	lines   chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	text := w.partial + string(p)
	for {
		line, rest, ok := strings.Cut(text, "\n")
		if !ok {
			break
		}
		w.lines <- line
		text = rest
	}
	w.partial = text
	return len(p), nil
}
