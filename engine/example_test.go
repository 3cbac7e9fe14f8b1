package engine_test

import (
	"fmt"

	"github.com/millebornes/mille/engine"
)

// A hand played to its end by taking the first legal action each time:
// the state is a value, Legal lists what the seat to act may do, and Step
// moves the game on (the engine draws for each turn).
func Example() {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 42)
	if err != nil {
		panic(err)
	}
	var buf [engine.MaxLegal]engine.Action
	for !s.HandOver() {
		legal := s.Legal(buf[:0])
		if err := s.Step(legal[0]); err != nil {
			panic(err)
		}
	}
	fmt.Println("hand over after", s.EventCount, "events")
	fmt.Println("points:", s.HandScores[0].Total(), "to", s.HandScores[1].Total())
	// Output:
	// hand over after 194 events
	// points: 850 to 725
}

// What a player may know is an Observation: it checks an action and says
// why the engine refuses it, in words a player reads.
func ExampleObservation_Check() {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 42)
	if err != nil {
		panic(err)
	}
	obs := engine.Observe(&s, s.ToAct())
	for _, c := range obs.MyHand {
		if c.IsDistance() {
			fmt.Printf("play %v: %v\n", c, obs.Check(engine.Play(c)))
			break
		}
	}
	// Output:
	// play 100: engine: refused: need-go
}

// Every action has one spelling, which ParseAction reads back.
func ExampleParseAction() {
	a, err := engine.ParseAction("attack Stop on side 1")
	fmt.Println(a, err, a.Card(), a.Target())
	_, err = engine.ParseAction("attack Stop 1")
	fmt.Println(err)
	// Output:
	// attack Stop on side 1 <nil> Stop 1
	// "attack Stop 1": an attack is written attack HAZARD on side N
}
