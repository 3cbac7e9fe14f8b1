package ai

import (
	"context"
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestHintSearch: an answer counts only for the search under way; a new
// search, Stop, or a table that moved on leaves the older answers behind.
func TestHintSearch(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 1)
	if err != nil {
		t.Fatal(err)
	}
	obs := engine.Observe(&s, s.ToAct())
	fn := func(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, Reason) {
		return legal[0], WhyFinish
	}
	var h HintSearch
	if h.On() || h.Answer(0) {
		t.Fatal("the zero search waits for nothing")
	}
	first, ctx1, search := h.Start(fn, obs)
	if a, why := search(); why != WhyFinish || a != obs.Legal(nil)[0] {
		t.Fatalf("search: %v %d", a, why)
	}
	if !h.On() || h.Stale(obs.EventCount) || !h.Stale(obs.EventCount+1) {
		t.Error("a search under way is stale once the table moves on, not before")
	}
	second, _, _ := h.Start(fn, obs)
	if ctx1.Err() == nil {
		t.Error("a new search leaves the older one running")
	}
	if h.Answer(first) {
		t.Error("the first search's answer taken after a second began")
	}
	if !h.Answer(second) || h.On() || h.Answer(second) {
		t.Error("the second search's answer is taken once")
	}
	third, _, _ := h.Start(fn, obs)
	h.Stop()
	if h.Answer(third) {
		t.Error("a stopped search's answer taken")
	}
}
