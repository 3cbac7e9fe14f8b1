package plain

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestCatalogueComplete checks that English has a sentence for every key
// and a name for every card, as any other catalogue must.
func TestCatalogueComplete(t *testing.T) {
	for k, text := range English.Text {
		if strings.TrimSpace(text) == "" && key(k) != keyComma && key(k) != keySemicolon {
			t.Errorf("key %d has no text", k)
		}
	}
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if English.Card(c) == "" {
			t.Errorf("card %d has no name", c)
		}
	}
	if English.Event == nil || English.Reason == nil || English.Brief == nil || English.Why == nil {
		t.Error("English lacks the engine's words")
	}
}
