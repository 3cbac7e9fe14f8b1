package plain

import (
	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// hints seeks the move the hint command suggests, away from the game's
// loop, and tells it when found if the table has not moved on.
type hints struct {
	*board
	sp   *speech
	hint ai.HintFunc // nil: no hints
	// found brings the hint sought; search is the search under way.
	found  chan hintResult
	search ai.HintSearch
}

// hintResult is a hint found by the n-th search (ai.HintSearch).
type hintResult struct {
	n   int
	a   engine.Action
	why ai.Reason
}

// start asks for a suggestion, which comes when found.
func (hn *hints) start([]string) {
	if hn.hint == nil {
		hn.say(lang.NoHints)
		return
	}
	if !hn.obs.MyTurn() {
		hn.say(lang.HintOnTurn)
		return
	}
	n, ctx, search := hn.search.Start(hn.hint, hn.obs)
	out := hn.found
	hn.say(lang.Thinking)
	go func() {
		a, why := search()
		select {
		case out <- hintResult{n: n, a: a, why: why}:
		case <-ctx.Done():
		}
	}()
}

// on reports whether a hint is being sought.
func (hn *hints) on() bool { return hn.search.On() }

// stop cancels the hint being sought and forgets its answer.
func (hn *hints) stop() { hn.search.Stop() }

// show tells a hint, if it is for the table as it is.
func (hn *hints) show(h hintResult) {
	if !hn.search.Answer(h.n) {
		return
	}
	hn.sp.heard(hn.cat.HintLine(hn.cat.Describe(hn.names(), h.a), h.why), hn.obs.EventCount)
}
