package channel

import (
	"io"
	"strings"
	"testing"
)

// TestWindowsKeepTheNewest (issue 15, 7): a storm of window changes
// leaves one change to take, the newest.
func TestWindowsKeepTheNewest(t *testing.T) {
	w := NewWindows()
	for i := range 1000 {
		w.Set(Window{80 + i, 24})
	}
	taken := 0
	for len(w.changed) > 0 {
		<-w.changed
		taken++
	}
	if taken != 1 || w.Get() != (Window{1079, 24}) {
		t.Fatalf("%d changes to take, the size %v", taken, w.Get())
	}
}

// TestInputBuffer: input waits for its reader up to the limit; past it
// put refuses; the end comes after what was put.
func TestInputBuffer(t *testing.T) {
	b := NewInputBuffer(8)
	if !b.Put([]byte("abcde")) || b.Put([]byte("fghij")) || !b.Put([]byte("fgh")) {
		t.Fatal("the limit did not hold at 8 bytes")
	}
	b.End(io.EOF)
	got, err := io.ReadAll(b)
	if string(got) != "abcdefgh" || err != nil {
		t.Fatalf("read %q, %v", got, err)
	}
}

// TestInputBufferLetsPastesGo (issue 36): a paste read to its end
// leaves no room of its size held for the session's life, through the
// buffer's reader or Until's.
func TestInputBufferLetsPastesGo(t *testing.T) {
	paste := strings.Repeat("Mille Bornes ", 1000)
	for _, until := range []bool{false, true} {
		b := NewInputBuffer(1 << 20)
		var r io.Reader = b
		if until {
			r = b.Until()
		}
		b.Put([]byte(paste))
		got := make([]byte, len(paste))
		if _, err := io.ReadFull(r, got); err != nil || string(got) != paste {
			t.Fatalf("until %v: read %d bytes, %v", until, len(got), err)
		}
		if c := cap(b.data); c > readSize {
			t.Errorf("until %v: %d bytes kept after the paste was read", until, c)
		}
	}
}

// TestSessionLang: the client's LC_ALL, LC_MESSAGES and LANG choose as in
// a shell, the last value set of each counting.
func TestSessionLang(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, "en"},
		{[]string{"LANG=fr_FR.UTF-8"}, "fr"},
		{[]string{"LANG=fr_FR.UTF-8", "LC_ALL=C"}, "en"},
		{[]string{"LANG=fr_FR.UTF-8", "LANG=en_US.UTF-8"}, "en"},
		{[]string{"TERM=xterm", "LC_MESSAGES=fr_CH"}, "fr"},
	} {
		if got := Lang(tc.env).Tag; got != tc.want {
			t.Errorf("%v: %s, want %s", tc.env, got, tc.want)
		}
	}
}

// TestCRLF: a session's line feeds reach the client as CR LF, the rest
// unchanged, and a write reports the caller's byte count.
func TestCRLF(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a\nb", "a\r\nb"},
		{"\n\n\x1b[2Kx\n", "\r\n\r\n\x1b[2Kx\r\n"},
	} {
		var b strings.Builder
		n, err := CRLF{&b}.Write([]byte(tc.in))
		if err != nil || n != len(tc.in) || b.String() != tc.want {
			t.Errorf("CRLF(%q) = %q, %d, %v", tc.in, b.String(), n, err)
		}
	}
}

// pieces records the writes it is given.
type pieces struct {
	strings.Builder
	sizes []int
}

func (p *pieces) Write(b []byte) (int, error) {
	p.sizes = append(p.sizes, len(b))
	return p.Builder.Write(b)
}

// TestLockedWriterChunks (issue 36): a LockedWriter hands its session at
// most WriteChunk bytes at a time, every byte in order, and reports the
// caller's count.
func TestLockedWriterChunks(t *testing.T) {
	for _, n := range []int{0, 1, WriteChunk - 1, WriteChunk, WriteChunk + 1, 5*WriteChunk + 17} {
		in := strings.Repeat("0123456789abcdef", n/16+1)[:n]
		var p pieces
		got, err := (&LockedWriter{W: &p}).Write([]byte(in))
		if err != nil || got != n || p.String() != in {
			t.Errorf("%d bytes: wrote %d, %v, the same bytes %v", n, got, err, p.String() == in)
		}
		for _, s := range p.sizes {
			if s > WriteChunk || s == 0 {
				t.Errorf("%d bytes: a write of %d (pieces %v)", n, s, p.sizes)
			}
		}
		if want := (n + WriteChunk - 1) / WriteChunk; len(p.sizes) != want {
			t.Errorf("%d bytes in %d writes, want %d", n, len(p.sizes), want)
		}
	}
}
