package table_test

import (
	"fmt"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// A person plays a computer at a table: they act through their connection,
// the table checks every action with the engine, and every change reaches
// them as a View that holds only what their seat may see.
func Example() {
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 42,
		[]record.Seat{{Name: "Ann", Human: true}, {Name: "Computer", Level: "random"}})
	if err != nil {
		panic(err)
	}
	t, err := table.FromRecord("", g, []string{"ann", ""}, "ann", false, table.Config{}, nil)
	if err != nil {
		panic(err)
	}
	defer t.Close()
	c, err := t.Join("ann", "Ann", -1)
	if err != nil {
		panic(err)
	}
	v := c.View()
	fmt.Println("you are seat", v.Viewer(), "against side", v.Opponents(), "-", v.SeatName(1))

	// The table refuses what the engine refuses, by its code (a front
	// end words it with lang.Catalogue.Reason).
	fmt.Println(c.Act(engine.Play(engine.Miles100)))

	// A move the engine allows; then the views come until it is Ann's
	// turn again (the computer has played meanwhile).
	before := v.Obs.EventCount
	if err := c.Act(v.Obs.Legal(nil)[0]); err != nil {
		panic(err)
	}
	for v = range c.Updates() {
		if v.Next == v.Seat {
			break
		}
	}
	for i := before; i < v.Obs.EventCount; i++ {
		fmt.Println(v.Obs.Log[i%engine.LogSize].Text(v.Names(v.SeatName)))
	}
	// Output:
	// you are seat 0 against side [1] - Computer
	// engine: refused: need-go
	// You discard 100
	// Computer draws a card
	// Computer discards Repairs
	// You draw Gasoline
}
