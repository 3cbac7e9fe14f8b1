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

// TestMaxConnsFor: the cap follows the descriptor limit, less the
// reserved, between 16 and its most; unknown, it is 1,000 at most.
func TestMaxConnsFor(t *testing.T) {
	for _, tc := range []struct{ limit, most, want int }{
		{0, 1000, 1000}, {0, 20000, 1000}, {1024, 1000, 960}, {256, 1000, 192}, {20, 1000, 16}, {1 << 20, 1000, 1000}, {20000, 20000, 19936},
	} {
		if got := MaxConnsFor(tc.limit, tc.most); got != tc.want {
			t.Errorf("MaxConnsFor(%d, %d) = %d, want %d", tc.limit, tc.most, got, tc.want)
		}
	}
}
