package ai

import (
	"flag"
	"fmt"
	"math"
	"reflect"
	"testing"
	"unsafe"

	"github.com/millebornes/mille/engine"
)

var tuneFlag = flag.Bool("tune", false, "run TestTunePolicy: search the policy weights by duplicate play (minutes)")

// TestTunePolicy searches the policy's weights one at a time (coordinate
// search): each weight is moved up and down by a step, and a move is kept
// when it wins more hands against the heuristic on the same deals by more
// than twice the standard error of the paired difference and by more than
// 0.05 points. It starts from
// the tuned policy and prints the best found; run it with
//
//	go test ./ai -run TestTunePolicy -tune -v -timeout 0
func TestTunePolicy(t *testing.T) {
	if !*tuneFlag {
		t.Skip("run with -tune")
	}
	cfg := engine.Config{Players: 2}
	const deals = 40000
	cur := tuned
	curRes := handResults(cfg, deals, 11, &cur)
	t.Logf("start: %.2f%%", 100*share(curRes))
	rv := reflect.ValueOf(&cur).Elem()
	typ := rv.Type()
	for round := range 3 {
		improved := false
		for i := range rv.NumField() {
			// The fields are unexported: NewAt makes them settable.
			f := reflect.NewAt(typ.Field(i).Type, unsafe.Pointer(rv.Field(i).UnsafeAddr())).Elem()
			base := f.Float()
			step := max(math.Abs(plainValue(i))/4, 10)
			if math.Abs(plainValue(i)) < 2 {
				step = max(math.Abs(plainValue(i))/4, 0.05)
			}
			if round > 0 {
				step /= 2
			}
			for _, dir := range []float64{1, -1} {
				for {
					f.SetFloat(f.Float() + dir*step)
					res := handResults(cfg, deals, 11, &cur)
					g, se := pairedGain(curRes, res)
					if testing.Verbose() {
						fmt.Printf("  %s %g: %+.2f ± %.2f\n", typ.Field(i).Name, f.Float(), 100*g, 100*se)
					}
					if g > 2*se && g > 0.0005 {
						t.Logf("round %d: %s = %g: +%.2f ± %.2f → %.2f%%", round, typ.Field(i).Name, f.Float(), 100*g, 100*se, 100*share(res))
						curRes, improved = res, true
						continue
					}
					f.SetFloat(f.Float() - dir*step)
					break
				}
				if f.Float() != base {
					break
				}
			}
		}
		t.Logf("after round %d: %.2f%%\n%s", round, 100*share(curRes), policyLiteral(&cur))
		if !improved {
			break
		}
	}
	fresh := handResults(cfg, deals, 12, &cur)
	old := handResults(cfg, deals, 12, &tuned)
	g, se := pairedGain(old, fresh)
	t.Logf("fresh deals: %.2f%% against tuned %.2f%% (%+.2f ± %.2f)", 100*share(fresh), 100*share(old), 100*g, 100*se)
}

func plainValue(i int) float64 { return reflect.ValueOf(plain).Field(i).Float() }

// policyLiteral prints a policy as Go.
func policyLiteral(p *policy) string {
	rv := reflect.ValueOf(*p)
	s := "policy{"
	for i := range rv.NumField() {
		s += fmt.Sprintf("%s: %g, ", rv.Type().Field(i).Name, rv.Field(i).Float())
	}
	return s + "}"
}
