package plain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// commands reads what the player types: a line is an answer to the
// question asked (questions.read), or a command, which it finds by its
// word (lookup) and hands to the component that does it (run); a
// move typed before its turn waits for it (ahead). The moves themselves,
// a card and whom it goes to, it reads here.
type commands struct {
	*board
	qs *questions
	// run is what each command does, by its name (commandWords' values),
	// as the game wires its components.
	run map[string]func(args []string)
	// act takes an action at the table; ready reports whether the moves
	// typed ahead may be read now.
	act   func(engine.Action)
	ready func() bool
	// ahead are moves typed while a computer was still to play, read
	// once it has (typedAhead).
	ahead []string
	// replaying: typedAhead is reading them, in order, so that a move
	// it reads goes ahead of the rest instead of after them.
	replaying bool
}

// helpLines are the keys of help's lines, in order.
var helpLines = []lang.Key{lang.Help1, lang.Help2, lang.Help3, lang.Help4, lang.Help5, lang.Help6, lang.Help7, lang.Help8, lang.Help9}

// commandKeys are the commands, by name, with the catalogue's key of the
// words that name each (BSD mille's letters among them: a, d, p, u, y, n,
// w, l, t, z, s, h, v, q), in every language.
var commandKeys = map[string]lang.Key{
	"play": lang.WordPlay, "attack": lang.WordAttack, "discard": lang.WordDiscard, "pick": lang.WordPick,
	"yes": lang.WordYes, "no": lang.WordNo, "status": lang.WordStatus, "hand": lang.WordHand,
	"score": lang.WordScore, "log": lang.WordLog, "hint": lang.WordHint, "undo": lang.WordUndo,
	"save": lang.WordSave, "help": lang.WordHelp, "rules": lang.WordRules, "threats": lang.WordThreats,
	"r": lang.WordAgain, "repeat": lang.WordRepeat, "summary": lang.WordSummary, "history": lang.WordHistory,
	"brief": lang.WordBrief, "verbose": lang.WordVerbose, "review": lang.WordReview, "quit": lang.WordQuit,
	"cancel": lang.WordCancel,
}

// commandWords are the words the player types, in every language, each
// with the name of the command it stands for.
var commandWords = func() map[string]string {
	m := map[string]string{}
	for name, k := range commandKeys {
		for _, w := range lang.Words(k) {
			m[w] = name
		}
	}
	return m
}()

// commandTable is what each command does, by its name: the work of the
// game's components.
func commandTable(g *game) map[string]func([]string) {
	b, cm, qs, sp := g.board, g.cmd, g.qs, g.sp
	return map[string]func([]string){
		"play": cm.play, "attack": cm.attack, "discard": cm.discard, "pick": cm.pick,
		"yes": qs.yes, "no": qs.no, "quit": qs.quit, "cancel": qs.cancel, "r": qs.repeat,
		"status": b.status, "hand": b.hand, "score": b.score, "rules": then(b.rules, qs.reask), "threats": b.threats, "summary": b.summary,
		"log": sp.showLog, "history": sp.history, "repeat": sp.repeatLast,
		"hint": g.hn.start, "review": g.rv.start,
		"undo": g.undo, "save": g.save,
		"help": then(cm.help, qs.reask), "brief": g.Session.setBrief, "verbose": g.Session.setVerbose,
	}
}

// then is command cmd followed by after: a long answer followed by the
// question it interrupted.
func then(cmd func([]string), after func()) func([]string) {
	return func(args []string) {
		cmd(args)
		after()
	}
}

// curtained are the commands that wait, in hot-seat, until the person
// the keyboard passes to has taken it: their moves, and what tells their
// hand.
var curtained = map[string]bool{
	"play": true, "attack": true, "discard": true, "pick": true, "hand": true, "hint": true, "summary": true, "undo": true,
}

// moves are the commands, by name, that act at the table: typed before their turn,
// they wait for it (board.early).
var moves = map[string]bool{"play": true, "attack": true, "discard": true, "yes": true, "no": true}

// lookup finds the command a word typed names: a command's word or
// letter, in any language, or the start of words that all name one
// command ("stat", "déf"); "" for none.
func lookup(word string) string {
	word = strings.ToLower(word)
	if name, ok := commandWords[word]; ok {
		return name
	}
	found := ""
	for w, name := range commandWords {
		if len(w) > 1 && len(word) > 1 && strings.HasPrefix(w, word) && name != found {
			if found != "" {
				return ""
			}
			found = name
		}
	}
	return found
}

// read reads one line the player typed.
func (cm *commands) read(line string) {
	text := strings.TrimSpace(line)
	if cm.qs.read(text) {
		return
	}
	if text == "" {
		cm.qs.repeat(nil)
		return
	}
	words := strings.Fields(text)
	name := lookup(words[0])
	if curtained[name] && cm.qs.asked.kind == promptPass && cm.qs.asked == cm.qs.promptNow() {
		// Hot-seat: the keyboard is still on its way to the person whose
		// turn it is; their hand is theirs to hear once they take it.
		cm.say(lang.PassFirst, cm.qs.asked.who)
		return
	}
	if moves[name] && cm.qs.q == qNone && (cm.early() || len(cm.ahead) > 0 && !cm.replaying) {
		cm.ahead = append(cm.ahead, line) // its turn has not come yet
		return
	}
	run := cm.run[name]
	if run == nil {
		cm.say(lang.Unknown, cm.text(lang.UsageQuoted, shorten(text)))
		return
	}
	run(words[1:])
}

// typedAhead reads the moves typed before their turn, in order, once the
// table is ready for them.
func (cm *commands) typedAhead() {
	if cm.replaying {
		return // the caller's loop reads on
	}
	cm.replaying = true
	defer func() { cm.replaying = false }()
	for len(cm.ahead) > 0 && cm.ready() {
		line := cm.ahead[0]
		cm.ahead = cm.ahead[1:]
		cm.read(line)
	}
}

// shorten cuts what the player typed to a length worth repeating.
func shorten(text string) string {
	const most = 40
	if r := []rune(text); len(r) > most {
		return string(r[:most]) + "…"
	}
	return text
}

// cardArg reads the card a command names: its slot (P, 1 to 6) or its
// name ("go", "75", "right of way"), and the words after it. It tells why
// when there is none.
func (cm *commands) cardArg(args []string) (engine.Card, []string, bool) {
	if cm.obs.Onlooker {
		cm.say(lang.Watching)
		return engine.NoCard, nil, false
	}
	if len(args) == 0 {
		cm.say(lang.WhichCard)
		return engine.NoCard, nil, false
	}
	if slot, ok := cm.slot(args[0]); ok {
		c := cm.obs.MyHand[slot]
		if c == engine.NoCard {
			cm.say(lang.NoSlot, cm.slotName(slot))
			return c, nil, false
		}
		return c, args[1:], true
	}
	for n := min(len(args), 3); n > 0; n-- {
		name := strings.ToLower(strings.Join(args[:n], " "))
		for c := engine.Card(1); c < engine.NumCards; c++ {
			if name == strings.ToLower(c.String()) || slices.ContainsFunc(lang.All, func(cat *lang.Catalogue) bool {
				return name == strings.ToLower(cat.Card(c))
			}) {
				return c, args[n:], true
			}
		}
	}
	cm.say(lang.WhichCard)
	return engine.NoCard, nil, false
}

// slot reads a slot's name: P (or 0) for the card drawn, 1 to 6.
func (cm *commands) slot(word string) (int, bool) {
	if strings.EqualFold(word, cm.text(lang.SlotP)) || word == "0" {
		return engine.DrawSlot, true
	}
	if n, err := strconv.Atoi(word); err == nil && n >= 1 && n < engine.HandSlots {
		return n, true
	}
	return 0, false
}

// play plays a card: on the player's own side, or a hazard on an
// opponent.
func (cm *commands) play(args []string) {
	c, rest, ok := cm.cardArg(args)
	if !ok {
		return
	}
	if c.IsHazard() {
		cm.attackWith(c, rest)
		return
	}
	cm.act(engine.Play(c))
}

// attack plays a hazard on the opponent named, or the only one it can
// go to.
func (cm *commands) attack(args []string) {
	c, rest, ok := cm.cardArg(args)
	if !ok {
		return
	}
	if !c.IsHazard() {
		cm.say(lang.NotHazard, capital(cm.cat.Card(c)), args[0])
		return
	}
	cm.attackWith(c, rest)
}

// attackWith plays hazard c on the side named by the words who, or on
// the only side open to it; with several, it asks which.
func (cm *commands) attackWith(c engine.Card, who []string) {
	opp := cm.view.Opponents()
	if len(who) > 0 && len(opp) > 1 {
		text := strings.Join(who, " ")
		side, ok := cm.matchSide(text)
		if !ok {
			cm.say(lang.NoSuchSide, strconv.Quote(shorten(text)), cm.whomNames(opp))
			return
		}
		cm.act(engine.Attack(c, side))
		return
	}
	if len(opp) == 1 || !cm.obs.MyTurn() {
		cm.act(engine.Attack(c, opp[0]))
		return
	}
	open := cm.view.OpenSides(c)
	switch len(open) {
	case 0:
		cm.act(engine.Attack(c, opp[0])) // the refusal of the first
	case 1:
		cm.act(engine.Attack(c, open[0]))
	default:
		cm.qs.whom(c, open)
	}
}

// discard discards a card.
func (cm *commands) discard(args []string) {
	if c, _, ok := cm.cardArg(args); ok {
		cm.act(engine.Discard(c))
	}
}

// pick is BSD's P: the card is drawn already, so it says which. With a
// card after it, p plays it.
func (cm *commands) pick(args []string) {
	if len(args) > 0 {
		cm.play(args)
		return
	}
	o := &cm.obs
	if !o.MyTurn() || o.Phase != engine.PhasePlay {
		cm.refuse(engine.Continue, engine.ErrNotNow)
		return
	}
	switch c := o.MyHand[engine.DrawSlot]; {
	case c != engine.NoCard:
		cm.say(lang.Picked, cm.cat.Card(c))
	case o.DrawLen == 0:
		cm.say(lang.DeckEmpty)
	default:
		cm.say(lang.PickedAlready)
	}
}

// help tells the commands.
func (cm *commands) help([]string) {
	for _, k := range helpLines {
		cm.say(k)
	}
}
