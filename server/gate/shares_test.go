package gate

import "testing"

// TestShares: a source takes at most perSource places, and one that holds
// a place takes none of the last tenth, which wait for newcomers.
func TestShares(t *testing.T) {
	s := &Shares{Most: 10, PerSource: 4}
	steps := []struct {
		src  string
		want Share
	}{
		{"a", Taken}, {"a", Taken}, {"a", Taken}, {"a", Taken},
		{"a", SourceFull},
		{"b", Taken}, {"b", Taken}, {"b", Taken}, {"b", Taken},
		{"c", Taken}, // 9 held: the last place is a newcomer's
		{"c", ForNewcomers},
		{"d", Taken},
		{"e", Full},
	}
	for i, st := range steps {
		if got := s.Take(st.src); got != st.want {
			t.Fatalf("step %d, %s: %d, want %d", i, st.src, got, st.want)
		}
	}
	s.Give("a")
	if got := s.Take("c"); got != ForNewcomers {
		t.Fatalf("c after a gave one back: %d", got)
	}
	if got := s.Take("a"); got != ForNewcomers {
		t.Fatalf("a after giving one back: %d", got)
	}
	s.Give("d")
	s.Give("c")
	if got := s.Take("a"); got != Taken {
		t.Fatalf("a with 8 held: %d", got)
	}
	if n := len(s.held); n != 2 {
		t.Fatalf("%d sources remembered, want 2 (a, b)", n)
	}
	var none Shares
	for range 100 {
		if none.Take("a") != Taken {
			t.Fatal("no limit refused")
		}
	}
}

// TestDefaultMaxConns: the default cap follows the descriptor limit, less
// the descriptors kept for files, up to a ceiling.
func TestDefaultMaxConns(t *testing.T) {
	for _, tc := range []struct{ limit, want int }{
		{0, maxConnsCeiling}, {1024, 960}, {256, 192}, {20, 16}, {1 << 20, maxConnsCeiling},
	} {
		if got := maxConnsFor(tc.limit); got != tc.want {
			t.Errorf("maxConnsFor(%d) = %d, want %d", tc.limit, got, tc.want)
		}
	}
	if n := DefaultMaxConns(); n < 16 || n > maxConnsCeiling {
		t.Errorf("DefaultMaxConns() = %d", n)
	}
}
