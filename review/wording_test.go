package review

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/lang"
)

// TestDepthAndLabelWords: a depth reads in the feminine after "profondeur", and
// the strong label does not repeat the hard level's word ("fort, comme
// fort/expert").
func TestDepthAndLabelWords(t *testing.T) {
	for _, tc := range []struct {
		c    *lang.Catalogue
		got  string
		want string
	}{
		{&lang.French, lang.French.T(lang.RvDepth, DepthIn(&lang.French, Normal)), "profondeur normale"},
		{&lang.French, DepthIn(&lang.French, Quick), "rapide"},
		{&lang.English, lang.English.T(lang.RvDepth, DepthIn(&lang.English, Normal)), "depth normal"},
		{&lang.English, DepthIn(&lang.English, Deep), "deep"},
		{&lang.English, DepthIn(&lang.English, Depth(9)), "depth(9)"},
		{&lang.French, LabelIn(&lang.French, "strong"), "confirmé"},
		{&lang.French, LabelIn(&lang.French, "good"), "bon"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.c.Name, tc.got, tc.want)
		}
	}
	if LabelIn(&lang.French, "strong") == lang.French.Level("hard") {
		t.Error("French: the strong label is the hard level's word")
	}
	if s := lang.English.T(lang.StRatingLine, "x", 1.0, "good", "hard"); !strings.Contains(s, "points lost per decision") {
		t.Errorf("English rating line %q: want \"points lost per decision\"", s)
	}
}
