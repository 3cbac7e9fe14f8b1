package engine

import "testing"

func TestEventText(t *testing.T) {
	two := Names{Config: two, Viewer: 0, Seats: []string{"Ann", "Computer"}}
	teams := Names{Config: four, Viewer: 0, Seats: []string{"Ann", "Bob", "Cy", "Di"}}
	tests := []struct {
		names Names
		e     Event
		want  string
	}{
		{two, Event{Kind: EvAttack, Seat: 1, Card: Stop, Target: 0}, "Computer plays Stop on you"},
		{two, Event{Kind: EvAttack, Seat: 0, Card: Accident, Target: 1}, "You play Accident on Computer"},
		{two, Event{Kind: EvDraw, Seat: 0, Card: Miles100}, "You draw 100"},
		{two, Event{Kind: EvDraw, Seat: 1, Card: NoCard}, "Computer draws a card"},
		{two, Event{Kind: EvPlay, Seat: 1, Card: Miles75}, "Computer plays 75"},
		{two, Event{Kind: EvCoupFourre, Seat: 0, Card: ExtraTank}, "Coup fourré! You play Extra Tank"},
		{two, Event{Kind: EvCoupFourre, Seat: 1, Card: RightOfWay}, "Coup fourré! Computer plays Right of Way"},
		{two, Event{Kind: EvDiscard, Seat: 1, Card: Go}, "Computer discards Go"},
		{two, Event{Kind: EvExtend, Seat: 1}, "Extension called by Computer: the trip is now 1000"},
		{two, Event{Kind: EvStopTrip, Seat: 0}, "You stop at 700"},
		{two, Event{Kind: EvTrip, Seat: 1, Target: 7}, "Computer reaches 700 miles"},
		{two, Event{Kind: EvGameOver, Target: 0}, "The game is over: you won!"},
		{two, Event{Kind: EvGameOver, Target: NoSide}, "The game is over: a tie"},
		{two, Event{Kind: EvCancelled, Card: SpeedLimit, Target: 0}, "Speed Limit on you is thrown out"},
		{two, Event{Kind: EvDeal, Seat: 1}, "New hand: Computer plays first"},
		{teams, Event{Kind: EvAttack, Seat: 1, Card: FlatTire, Target: 0}, "Bob plays Flat Tire on your team"},
		{teams, Event{Kind: EvAttack, Seat: 2, Card: Stop, Target: 1}, "Cy plays Stop on Bob & Di"},
		{teams, Event{Kind: EvGameOver, Target: 1}, "The game is over: Bob & Di won"},
		{Names{Config: three, Viewer: -1}, Event{Kind: EvPlay, Seat: 2, Card: Go}, "Player 3 plays Go"},
		// People sharing a keyboard: nobody is "you", and the one whose
		// draw the observation shows sees its card.
		{Names{Config: two.Config, Viewer: -1, Seats: []string{"Amy", "Ann"}}, Event{Kind: EvDraw, Seat: 1, Card: Miles75}, "Ann draws 75"},
	}
	for _, tt := range tests {
		if got := tt.e.Text(tt.names); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.e, got, tt.want)
		}
	}
}

func TestActionEncoding(t *testing.T) {
	tests := []struct {
		a    Action
		kind ActionKind
		card Card
		side int
		text string
	}{
		{Play(Miles100), KindPlay, Miles100, 0, "play 100"},
		{Attack(Stop, 1), KindPlay, Stop, 1, "attack Stop on side 1"},
		{Attack(SpeedLimit, 2), KindPlay, SpeedLimit, 2, "attack Speed Limit on side 2"},
		{Discard(Go), KindDiscard, Go, 0, "discard Go"},
		{DeclareCoupFourre, KindCoupFourre, NoCard, 0, "coup-fourre"},
		{Extend, KindExtend, NoCard, 0, "extend"},
		{Continue, KindContinue, NoCard, 0, "continue"},
	}
	for _, tt := range tests {
		if tt.a.Kind() != tt.kind || tt.a.Card() != tt.card || tt.a.Target() != tt.side || tt.a.String() != tt.text {
			t.Errorf("%#x: kind %d card %v side %d %q", uint16(tt.a), tt.a.Kind(), tt.a.Card(), tt.a.Target(), tt.a.String())
		}
	}
	if Play(Miles100) != 0x112 || Attack(Stop, 1) != 0x125 || Discard(Go) != 0x20a {
		t.Error("the documented encoding examples are wrong")
	}
}

func TestEventsOfAnApply(t *testing.T) {
	s := newTable(t, two).hand(0, Accident, Miles25).hand(1, Miles50).battle(1, Go).onTop(Miles200).state()
	before := s.EventCount
	s = mustApply(t, s, Attack(Accident, 1))
	got := s.Events(before, nil)
	if len(got) != 2 || got[0].Kind != EvAttack || got[1].Kind != EvDraw || got[1].Seat != 1 || got[1].Card != Miles200 {
		t.Fatalf("events %+v", got)
	}
}

func TestNamesDescribe(t *testing.T) {
	two := Names{Config: two, Viewer: 0, Seats: []string{"Ann", "Computer"}}
	teams := Names{Config: four, Viewer: 0, Seats: []string{"Ann", "Bob", "Cy", "Di"}}
	tests := []struct {
		names Names
		a     Action
		want  string
	}{
		{two, Attack(Stop, 1), "play Stop on Computer"},
		{two, Play(Miles75), "play 75"},
		{two, Play(RightOfWay), "play Right of Way"},
		{two, Discard(Go), "discard Go"},
		{two, DeclareCoupFourre, "declare the coup fourré"},
		{two, DeclineCoupFourre, "let the coup fourré pass"},
		{two, Extend, "extend the trip to 1000"},
		{two, StopTrip, "stop at 700"},
		{two, Continue, "deal the next hand"},
		{teams, Attack(FlatTire, 1), "play Flat Tire on Bob & Di"},
	}
	for _, tt := range tests {
		if got := tt.names.Describe(tt.a); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.a, got, tt.want)
		}
	}
}
