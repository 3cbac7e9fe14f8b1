package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestNotationSpellings pins the spelling of every name: the saves and the
// bot protocol write them, so a change here breaks files and bots.
func TestNotationSpellings(t *testing.T) {
	var cards []string
	for c := Card(1); c < NumCards; c++ {
		cards = append(cards, c.String())
	}
	var phases []string
	for p := range PhaseGameOver + 1 {
		phases = append(phases, p.String())
	}
	var events []string
	for k := EvDeal; k <= EvDeclined; k++ {
		events = append(events, k.String())
	}
	var verbs []string
	for v := VerbPlay; v <= VerbContinue; v++ {
		verbs = append(verbs, v.String())
	}
	for _, tt := range []struct {
		what string
		got  []string
		want string
	}{
		{"cards", cards, "Out of Gas,Flat Tire,Accident,Speed Limit,Stop,Gasoline,Spare Tire,Repairs,End of Limit,Go," +
			"Extra Tank,Puncture Proof,Driving Ace,Right of Way,25,50,75,100,200"},
		{"phases", phases, "play,coup-fourre,extension,hand-over,game-over"},
		{"rulesets", []string{Standard.String(), BSD.String(), Dujardin.String(), Dujardin500.String()}, "standard,bsd,dujardin,dujardin+500"},
		{"events", events, "deal,draw,play,attack,safety,coup-fourre,discard,trip,extend,stop,hand-over,game-over,cancelled,declined"},
		{"verbs", verbs, "play,attack,discard,coup-fourre,decline,extend,stop,continue"},
	} {
		if got := strings.Join(tt.got, ","); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.what, got, tt.want)
		}
	}
}

// TestActionNotation checks every 16-bit value: an action a player could
// take prints and parses back to itself, its verb, card and side build it
// again with NewAction, and every other value fails to print.
func TestActionNotation(t *testing.T) {
	named := 0
	for i := range 1 << 16 {
		a := Action(i)
		text, err := a.MarshalText()
		if err != nil {
			if !strings.HasPrefix(a.String(), "action(") {
				t.Fatalf("%#x: MarshalText fails (%v) but String gives %q", i, err, a.String())
			}
			continue
		}
		named++
		back, err := ParseAction(string(text))
		if err != nil || back != a || a.String() != string(text) {
			t.Fatalf("%#x: %q parses to %#x, %v", i, text, uint16(back), err)
		}
		if b, err := NewAction(a.Verb(), a.Card(), a.Target()); err != nil || b != a {
			t.Fatalf("%#x: NewAction(%v, %v, %d) = %#x, %v", i, a.Verb(), a.Card(), a.Target(), uint16(b), err)
		}
	}
	// 14 cards to play, 5 hazards on 3 sides, 19 to discard, 5 without a card.
	if named != 14+5*3+19+5 {
		t.Errorf("%d actions have a notation", named)
	}
}

// TestParseErrors checks that a refusal says what was wrong, by its
// code and the offending token, and lists the names that would do.
func TestParseErrors(t *testing.T) {
	card := func(s string) error { _, err := ParseCard(s); return err }
	action := func(s string) error { _, err := ParseAction(s); return err }
	for _, tt := range []struct {
		parse func(string) error
		in    string
		want  NotationError
	}{
		{card, "Banana", NotationError{Why: UnknownName, What: "card", Token: "Banana"}},
		{card, "", NotationError{Why: UnknownName, What: "card", Token: ""}},
		{card, "stop", NotationError{Why: UnknownName, What: "card", Token: "stop"}},
		{func(s string) error { _, err := ParsePhase(s); return err }, "nap", NotationError{Why: UnknownName, What: "phase", Token: "nap"}},
		{func(s string) error { _, err := ParseEventKind(s); return err }, "party", NotationError{Why: UnknownName, What: "event", Token: "party"}},
		{func(s string) error { _, err := ParseVerb(s); return err }, "coup_fourre", NotationError{Why: UnknownName, What: "action", Token: "coup_fourre"}},
		{action, "cheat", NotationError{Why: UnknownAction, Token: "cheat"}},
		{action, "play", NotationError{Why: UnknownAction, Token: "play"}},
		{action, "extend now", NotationError{Why: UnknownAction, Token: "extend now"}},
		{action, "play Stop", NotationError{Why: PlayHazard, Verb: VerbPlay, Card: Stop}},
		{action, "attack Stop", NotationError{Why: AttackForm, Token: "attack Stop"}},
		{action, "attack Stop on side 3", NotationError{Why: AttackSide, Verb: VerbAttack, Card: Stop}},
		{action, "attack Go on side 1", NotationError{Why: AttackNotHazard, Verb: VerbAttack, Card: Go}},
		{action, "discard Rocket", NotationError{Why: UnknownName, What: "card", Token: "Rocket"}},
	} {
		var e *NotationError
		if err := tt.parse(tt.in); !errors.As(err, &e) || e.Why != tt.want.Why || e.What != tt.want.What ||
			e.Token != tt.want.Token || e.Verb != tt.want.Verb || e.Card != tt.want.Card {
			t.Errorf("%q: error %#v, want %+v", tt.in, err, tt.want)
		}
	}
	var e *NotationError
	if err := card("Banana"); !errors.As(err, &e) || len(e.Want) != 19 || e.Want[0] != "Out of Gas" {
		t.Errorf("an unknown card wants %q", e.Want)
	}
	if _, err := ParseVerb("coup_fourre"); !errors.As(err, &e) || !slices.Equal(e.Want, verbNames[1:]) {
		t.Errorf("an unknown verb wants %q", e.Want)
	}
	var r *UnknownRuleset
	if _, err := ParseRuleset("calvinball"); !errors.As(err, &r) || r.Name != "calvinball" || len(r.Want) != len(Rulesets) {
		t.Errorf("calvinball: %v", err)
	}
	if _, err := NewAction(VerbExtend, Go, 0); !errors.As(err, &e) || e.Why != TakesNoCard || e.Verb != VerbExtend || e.Card != Go {
		t.Errorf("NewAction(extend, Go): %v", err)
	}
	if _, err := NewAction(VerbDiscard, Go, 1); !errors.As(err, &e) || e.Why != SideNotAttack {
		t.Errorf("NewAction(discard, Go, 1): %v", err)
	}
}

// roundTrip fails t unless a name that parse accepts prints back the same
// through String and MarshalText, and UnmarshalText reads it alike.
func roundTrip[T interface {
	comparable
	String() string
	MarshalText() ([]byte, error)
}, P interface {
	*T
	UnmarshalText([]byte) error
}](t *testing.T, s string, parse func(string) (T, error)) {
	v, err := parse(s)
	var u T
	uerr := P(&u).UnmarshalText([]byte(s))
	if (err == nil) != (uerr == nil) || u != v {
		t.Fatalf("%q: parse gives %v, %v; UnmarshalText %v, %v", s, v, err, u, uerr)
	}
	if err != nil {
		return
	}
	text, merr := v.MarshalText()
	if v.String() != s || string(text) != s || merr != nil {
		t.Fatalf("%q reads as %v, prints %q, %q (%v)", s, v, v.String(), text, merr)
	}
}

func FuzzParseCard(f *testing.F) {
	for c := range NumCards + 1 {
		f.Add(c.String())
	}
	f.Add("out of gas")
	f.Fuzz(func(t *testing.T, s string) { roundTrip(t, s, ParseCard) })
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"play 100", "attack Speed Limit on side 2", "attack Stop on side 01", "attack Stop on side +1",
		"discard Out of Gas", "coup-fourre", "decline", "extend", "stop", "continue", "play  Go", "discard"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { roundTrip(t, s, ParseAction) })
}

func FuzzParsePhase(f *testing.F) {
	for p := range PhaseGameOver + 2 {
		f.Add(p.String())
	}
	f.Add("coup fourré")
	f.Fuzz(func(t *testing.T, s string) { roundTrip(t, s, ParsePhase) })
}

func FuzzParseRuleset(f *testing.F) {
	f.Add("standard")
	f.Add("bsd")
	f.Add("BSD")
	f.Fuzz(func(t *testing.T, s string) { roundTrip(t, s, ParseRuleset) })
}

func FuzzParseEventKind(f *testing.F) {
	for k := range EvDeclined + 2 {
		f.Add(k.String())
	}
	f.Fuzz(func(t *testing.T, s string) { roundTrip(t, s, ParseEventKind) })
}

func FuzzParseVerb(f *testing.F) {
	for v := range VerbContinue + 2 {
		f.Add(v.String())
	}
	f.Add("coup_fourre")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVerb(s)
		if err == nil && v.String() != s {
			t.Fatalf("%q reads as %v", s, v)
		}
	})
}
