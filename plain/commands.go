package plain

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// command is what a command does with its arguments, as typed.
type command func(g *game, args []string)

// helpLines are the keys of help's lines, in order.
var helpLines = []lang.Key{lang.Help1, lang.Help2, lang.Help3, lang.Help4, lang.Help5, lang.Help6, lang.Help7, lang.Help8, lang.Help9}

// commands are the words the player types, with BSD mille's letters (u,
// d, p, w, s, q, r) and the full-screen game's (t, z) beside them. It is
// filled at init: a command may read the lines typed ahead, which look
// commands up again.
var commands map[string]command

func init() { commands = commandList() }

// commandList is every command by its words.
func commandList() map[string]command {
	return map[string]command{
		"play": (*game).play, "use": (*game).play, "u": (*game).play,
		"attack": (*game).attack, "a": (*game).attack,
		"discard": (*game).discard, "d": (*game).discard,
		"pick": (*game).pick, "p": (*game).pick,
		"yes": (*game).yes, "y": (*game).yes,
		"no": (*game).no, "n": (*game).no,
		"status": (*game).status,
		"hand":   (*game).hand,
		"score":  (*game).score, "w": (*game).score,
		"log": (*game).showLog, "l": (*game).showLog,
		"hint": (*game).hint, "t": (*game).hint,
		"undo": (*game).undo, "z": (*game).undo,
		"save": (*game).save, "s": (*game).save,
		"help": (*game).help, "h": (*game).help, "?": (*game).help,
		"rules": (*game).rules, "threats": (*game).threats,
		"r":       (*game).repeat,
		"repeat":  (*game).repeatLast,
		"summary": (*game).summary, "history": (*game).history,
		"brief": (*game).brief, "verbose": (*game).verbose,
		"review": (*game).reviewCmd, "v": (*game).reviewCmd,
		"quit": (*game).quit, "q": (*game).quit,
		"cancel": (*game).cancel,
	}
}

// french are the commands' French words, by the command each stands for:
// the line mode takes either language's, whatever language it speaks.
var french = map[string]string{
	"jouer": "play", "attaquer": "attack", "défausser": "discard", "defausser": "discard",
	"piocher": "pick", "oui": "yes", "o": "yes", "non": "no",
	"état": "status", "etat": "status", "main": "hand", "points": "score",
	"journal": "log", "conseil": "hint", "reprendre": "undo", "enregistrer": "save",
	"règles": "rules", "regles": "rules", "menaces": "threats", "aide": "help", "répéter": "repeat", "repeter": "repeat",
	"résumé": "summary", "resume": "summary", "historique": "history", "bref": "brief", "analyse": "review", "revoir": "review", "détaillé": "verbose", "detaille": "verbose", "quitter": "quit", "annuler": "cancel",
}

// lookup finds the command a word names (commandName).
func lookup(word string) command { return commands[commandName(word)] }

// moves are the commands that act at the table: typed before their turn,
// they wait for it (game.early).
var moves = map[string]bool{"play": true, "use": true, "u": true, "attack": true, "a": true,
	"discard": true, "d": true, "yes": true, "y": true, "no": true, "n": true}

// commandName finds the name of the command a word names: a command's
// word or letter, in English or French, or the start of words that all
// name one command ("stat", "déf"); "" for none.
func commandName(word string) string {
	word = strings.ToLower(word)
	if w, ok := french[word]; ok {
		word = w
	}
	if _, ok := commands[word]; ok {
		return word
	}
	found := ""
	for name := range commands {
		if len(name) > 1 && len(word) > 1 && strings.HasPrefix(name, word) {
			if found != "" {
				return ""
			}
			found = name
		}
	}
	for name, english := range french {
		if len(word) > 1 && strings.HasPrefix(name, word) && english != found {
			if found != "" {
				return ""
			}
			found = english
		}
	}
	return found
}

// command reads one line the player typed.
func (g *game) command(line string) {
	text := strings.TrimSpace(line)
	switch g.q {
	case qSaveName:
		g.q = qNone
		g.saveAs(text, g.quitting)
		return
	case qTarget:
		if text != "" && yesNo(text) == neither {
			if side, ok := g.matchSide(text); ok {
				g.q = qNone
				g.act(engine.Attack(g.target, side))
				return
			}
			if lookup(strings.Fields(text)[0]) == nil {
				g.say(lang.NoSuchSide, strconv.Quote(text), g.whomNames(g.view.OpenSides(g.target)))
				return
			}
		}
		g.q = qNone // another command: the attack is forgotten
		if text == "" || yesNo(text) == no {
			return
		}
	}
	if text == "" {
		g.repeat(nil)
		return
	}
	words := strings.Fields(text)
	name := commandName(words[0])
	if moves[name] && g.q == qNone && (g.early() || len(g.ahead) > 0 && !g.replaying) {
		g.ahead = append(g.ahead, line) // its turn has not come yet
		return
	}
	c := commands[name]
	if c == nil {
		g.say(lang.Unknown, strconv.Quote(shorten(text)))
		return
	}
	c(g, words[1:])
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
func (g *game) cardArg(args []string) (engine.Card, []string, bool) {
	if g.obs.Onlooker {
		g.say(lang.Watching)
		return engine.NoCard, nil, false
	}
	if len(args) == 0 {
		g.say(lang.WhichCard)
		return engine.NoCard, nil, false
	}
	if slot, ok := g.slot(args[0]); ok {
		c := g.obs.MyHand[slot]
		if c == engine.NoCard {
			g.say(lang.NoSlot, g.slotName(slot))
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
	g.say(lang.WhichCard)
	return engine.NoCard, nil, false
}

// slot reads a slot's name: P (or 0) for the card drawn, 1 to 6.
func (g *game) slot(word string) (int, bool) {
	if strings.EqualFold(word, g.text(lang.SlotP)) || word == "0" {
		return engine.DrawSlot, true
	}
	if n, err := strconv.Atoi(word); err == nil && n >= 1 && n < engine.HandSlots {
		return n, true
	}
	return 0, false
}

// slotName names a slot: P, 1 to 6.
func (g *game) slotName(slot int) string {
	if slot == engine.DrawSlot {
		return g.text(lang.SlotP)
	}
	return strconv.Itoa(slot)
}

// play plays a card: on the player's own side, or a hazard on an
// opponent.
func (g *game) play(args []string) {
	c, rest, ok := g.cardArg(args)
	if !ok {
		return
	}
	if c.IsHazard() {
		g.attackWith(c, rest)
		return
	}
	g.act(engine.Play(c))
}

// attack plays a hazard on the opponent named, or the only one it can
// go to.
func (g *game) attack(args []string) {
	c, rest, ok := g.cardArg(args)
	if !ok {
		return
	}
	if !c.IsHazard() {
		g.say(lang.NotHazard, capital(g.cat.Card(c)), args[0])
		return
	}
	g.attackWith(c, rest)
}

// attackWith plays hazard c on the side named by the words who, or on
// the only side open to it; with several, it asks which.
func (g *game) attackWith(c engine.Card, who []string) {
	opp := g.view.Opponents()
	if len(who) > 0 && len(opp) > 1 {
		text := strings.Join(who, " ")
		side, ok := g.matchSide(text)
		if !ok {
			g.say(lang.NoSuchSide, strconv.Quote(shorten(text)), g.whomNames(opp))
			return
		}
		g.act(engine.Attack(c, side))
		return
	}
	if len(opp) == 1 || !g.obs.MyTurn() {
		g.act(engine.Attack(c, opp[0]))
		return
	}
	open := g.view.OpenSides(c)
	switch len(open) {
	case 0:
		g.act(engine.Attack(c, opp[0])) // the refusal of the first
	case 1:
		g.act(engine.Attack(c, open[0]))
	default:
		g.q, g.target = qTarget, c
		g.say(lang.Whom, g.cat.Card(c), g.whomNames(open))
	}
}

// targetNames names sides as a choice: "Ann or Bob".
func (g *game) targetNames(sides []int) string {
	names := make([]string, len(sides))
	for i, side := range sides {
		names[i] = g.sideName(side)
	}
	return g.list(names, lang.Or)
}

// whomNames lists the sides a question asks to choose from, each with the
// number that names it too: "Ann (or 2) or Bob (or 3)".
func (g *game) whomNames(sides []int) string {
	names := make([]string, len(sides))
	for i, side := range sides {
		names[i] = g.text(lang.SideNumber, g.sideName(side), side+1) // matchSide takes the number too
	}
	return g.list(names, lang.Or)
}

// matchSide finds the opponent's side the player named: a player's name
// or its start ("comp"), the side's name, or its number.
func (g *game) matchSide(text string) (int, bool) {
	text = strings.ToLower(strings.Join(strings.Fields(text), " "))
	if text == "" {
		return 0, false
	}
	cfg := g.obs.Config
	exact, start := -1, -1
	starts := 0
	for _, side := range g.view.Opponents() {
		names := []string{g.sideName(side), strconv.Itoa(side + 1)}
		for seat := range cfg.Players {
			if cfg.SideOf(seat) == side && seat < len(g.view.Seats) {
				names = append(names, g.view.Seats[seat].Name)
			}
		}
		prefix := false
		for _, name := range names {
			name = strings.ToLower(name)
			if name == text {
				exact = side
			}
			prefix = prefix || strings.HasPrefix(name, text)
		}
		if prefix {
			start, starts = side, starts+1
		}
	}
	switch {
	case exact >= 0:
		return exact, true
	case starts == 1:
		return start, true
	}
	return 0, false
}

// discard discards a card.
func (g *game) discard(args []string) {
	if c, _, ok := g.cardArg(args); ok {
		g.act(engine.Discard(c))
	}
}

// pick is BSD's P: the card is drawn already, so it says which. With a
// card after it, p plays it.
func (g *game) pick(args []string) {
	if len(args) > 0 {
		g.play(args)
		return
	}
	o := &g.obs
	if !o.MyTurn() || o.Phase != engine.PhasePlay {
		g.refuse(engine.Continue, engine.ErrNotNow)
		return
	}
	switch c := o.MyHand[engine.DrawSlot]; {
	case c != engine.NoCard:
		g.say(lang.Picked, g.cat.Card(c))
	case o.DrawLen == 0:
		g.say(lang.DeckEmpty)
	default:
		g.say(lang.PickedAlready)
	}
}

// yes answers the question asked last.
func (g *game) yes([]string) { g.answer(true) }

// no answers the question asked last.
func (g *game) no([]string) { g.answer(false) }

// answer answers the question asked last with yes or no.
func (g *game) answer(yes bool) {
	q := g.q
	g.q = qNone
	switch q {
	case qQuit:
		if yes {
			g.finish(Quit)
			return
		}
		g.repeat(nil)
	case qSaveFirst:
		if yes {
			g.q, g.quitting = qSaveName, true
			g.say(lang.SaveName)
			return
		}
		g.finish(Quit)
	case qGame:
		g.answerGame(yes)
	default:
		g.say(lang.NoQuestion)
	}
}

// answerGame answers the table's question, if it still asks it.
func (g *game) answerGame(yes bool) {
	p := g.promptNow()
	if p != g.asked {
		g.say(lang.NoQuestion)
		return
	}
	switch p.kind {
	case promptCoupFourre:
		if yes {
			g.act(engine.DeclareCoupFourre)
		} else {
			g.act(engine.DeclineCoupFourre)
		}
	case promptExtension:
		if yes {
			g.act(engine.Extend)
		} else {
			g.act(engine.StopTrip)
		}
	case promptAnotherHand, promptAnotherGame:
		if yes {
			g.act(engine.Continue)
		} else {
			g.askQuit(true) // as in BSD: no more hands, so offer to save, then leave
		}
	case promptPass:
		if !yes {
			g.q = qGame // still theirs to take
			return
		}
		seat := g.view.Next
		if err := g.t.Show(seat); err != nil {
			g.say(lang.Failed, g.cat.Error(err))
			return
		}
		g.sayMissed(seat)
		g.see(g.t.View())
	default:
		g.say(lang.NoQuestion)
	}
}

// quit asks before leaving.
func (g *game) quit([]string) { g.askQuit(false) }

// askQuit asks once before leaving: whether to save first when the game
// has moves no save holds (yes, no or cancel), else whether to quit.
// Confirmed (no more hands wanted), it only offers to save those moves.
func (g *game) askQuit(confirmed bool) {
	switch {
	case confirmed && g.unsaved():
		g.q = qSaveFirst
		g.say(lang.SaveFirst)
	case confirmed:
		g.finish(Quit)
	case g.view.Watching:
		g.q = qQuit
		g.say(lang.StopWatching)
	case g.opts.Guest:
		g.q = qQuit
		g.say(lang.LeaveTable)
	case g.unsaved():
		g.q = qSaveFirst
		g.say(lang.QuitUnsaved)
	default:
		g.q = qQuit
		g.say(lang.ReallyQuit)
	}
}

// unsaved reports whether quitting would leave moves no save holds: a
// game of the player's own, not over, that moved since it was last saved.
func (g *game) unsaved() bool {
	if g.opts.Guest || g.opts.Save == nil || g.obs.Phase == engine.PhaseGameOver {
		return false
	}
	return g.opts.Unsaved == nil || g.opts.Unsaved()
}

// cancel leaves the question asked unanswered and goes back to the game.
func (g *game) cancel([]string) {
	if g.q == qNone {
		g.say(lang.NoQuestion)
		return
	}
	g.q = qNone
	g.say(lang.Cancelled)
	g.repeat(nil)
}

// save saves the game under the name given, or asks for one.
func (g *game) save(args []string) {
	if g.opts.Save == nil {
		s, ok := g.t.(table.Keeper)
		switch {
		case !ok:
			g.say(lang.NoSave)
		case !g.view.Host:
			g.say(lang.NotHost)
		default:
			g.saved(s.Save())
		}
		return
	}
	if len(args) == 0 {
		g.q, g.quitting = qSaveName, false
		g.say(lang.SaveName)
		return
	}
	g.saveAs(strings.Join(args, " "), false)
}

// saveAs saves the game under name, and then quits if asked to.
func (g *game) saveAs(name string, thenQuit bool) {
	g.quitting = false
	if name == "" {
		g.say(lang.NotSaved)
		if thenQuit {
			g.finish(Quit)
		}
		return
	}
	if g.saved(g.opts.Save(name)) && thenQuit {
		g.finish(SavedQuit)
	}
}

// saved tells where a save went, or why it failed.
func (g *game) saved(path string, err error) bool {
	if err != nil {
		g.say(lang.SaveFailed, g.cat.Error(err))
		return false
	}
	g.say(lang.Saved, path)
	return true
}

// undo takes back the player's last decision of the hand.
func (g *game) undo([]string) {
	err := g.t.Undo()
	switch {
	case errors.Is(err, table.ErrUndoShared):
		g.say(lang.NoUndoShared)
		return
	case err != nil:
		g.say(lang.NoUndo)
		return
	}
	g.stopHint()
	g.q = qNone
	g.say(lang.Undone)
	g.see(g.t.View())
}

// help tells the commands.
func (g *game) help([]string) {
	for _, k := range helpLines {
		g.say(k)
	}
}

// rules tells the rules in a few sentences, with this game's trip.
func (g *game) rules([]string) {
	g.say(lang.Rules1, g.obs.Trip)
	for _, k := range []lang.Key{lang.Rules2, lang.Rules3, lang.Rules4, lang.Rules5, lang.Rules6} {
		g.say(k)
	}
}

// threats tells, in a few words, what stops the player's side now and
// what may: its hazard and the remedy, a Speed Limit, the hazards no
// safety keeps off, and the opponent nearest the end.
func (g *game) threats([]string) {
	o := &g.obs
	me := &o.Tableaus[o.Side()]
	switch {
	case me.Battle.IsHazard():
		g.say(lang.ThreatStopped, g.cat.Card(me.Battle), g.cat.Card(engine.RemedyFor(me.Battle)))
	case !me.Rolling():
		g.say(lang.ThreatNeedGo)
	}
	if me.Limited() {
		g.say(lang.ThreatLimit)
	}
	var open []string
	for _, h := range []engine.Card{engine.OutOfGas, engine.FlatTire, engine.Accident, engine.Stop, engine.SpeedLimit} {
		if !me.Has(engine.SafetyFor(h)) {
			open = append(open, g.cat.Card(h))
		}
	}
	if len(open) == 0 {
		g.say(lang.ThreatSafe)
	} else {
		g.say(lang.ThreatOpen, g.list(open, lang.And))
	}
	nearest := -1
	for _, side := range g.view.Opponents() {
		if nearest < 0 || o.Tableaus[side].Miles > o.Tableaus[nearest].Miles {
			nearest = side
		}
	}
	if nearest >= 0 {
		g.say(lang.ThreatNearest, capital(g.sideName(nearest)), int(o.Trip)-int(o.Tableaus[nearest].Miles))
	}
}

// repeat asks the last question again, or tells the turn again.
func (g *game) repeat([]string) {
	switch g.q {
	case qTarget:
		g.say(lang.Whom, g.cat.Card(g.target), g.whomNames(g.view.OpenSides(g.target)))
	case qQuit, qSaveFirst:
		g.q = qNone
		g.askQuit(false)
	case qSaveName:
		g.say(lang.SaveName)
	default:
		if g.asked.kind == promptNone {
			g.say(lang.Again)
			return
		}
		g.ask(g.asked)
	}
}

// hintResult is a hint found by the n-th search (ai.HintSearch).
type hintResult struct {
	n   int
	a   engine.Action
	why string
}

// hint asks for a suggestion, which comes when found.
func (g *game) hint([]string) {
	if g.opts.Hint == nil {
		g.say(lang.NoHints)
		return
	}
	if !g.obs.MyTurn() {
		g.say(lang.HintOnTurn)
		return
	}
	n, ctx, search := g.hinting.Start(g.opts.Hint, g.obs)
	out := g.hints
	g.say(lang.Thinking)
	go func() {
		a, why := search()
		select {
		case out <- hintResult{n: n, a: a, why: why}:
		case <-ctx.Done():
		}
	}()
}

// stopHint cancels the hint being sought and forgets its answer.
func (g *game) stopHint() { g.hinting.Stop() }

// showHint tells a hint, if it is for the table as it is.
func (g *game) showHint(h hintResult) {
	if !g.hinting.Answer(h.n) {
		return
	}
	text := g.cat.HintLine(g.describe(h.a), h.why)
	g.line(text)
	g.remember(text, kNews, g.obs.EventCount)
}

// describe tells an action in the player's words.
func (g *game) describe(a engine.Action) string {
	c := g.cat.Card(a.Card())
	switch a.Kind() {
	case engine.KindPlay:
		if a.Card().IsHazard() {
			return g.text(lang.ActAttack, c, g.sideName(a.Target()))
		}
		return g.text(lang.ActPlay, c)
	case engine.KindDiscard:
		return g.text(lang.ActDiscard, c)
	case engine.KindCoupFourre:
		return g.text(lang.ActCoupFourre)
	case engine.KindDecline:
		return g.text(lang.ActDecline)
	case engine.KindExtend:
		return g.text(lang.ActExtend)
	case engine.KindStopTrip:
		return g.text(lang.ActStop)
	}
	return g.text(lang.ActContinue)
}
