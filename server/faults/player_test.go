package faults

import (
	"bufio"
	"context"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/client"
)

// cat is the language the players speak: the catalogue gives every
// sentence they wait for (the suite knows no text of its own).
var cat = &lang.English

// asks reports whether line is a sentence of key k, whatever its
// arguments.
func asks(line string, k lang.Key) bool { return sentence(k).MatchString(line) }

var (
	sentencesMu sync.Mutex
	sentences   = map[lang.Key]*regexp.Regexp{}
)

// verbs are the formatting verbs of the catalogue's texts.
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+ #0]*\d*(\.\d+)?[a-zA-Z%]`)

// sentence is the pattern of the catalogue's sentence k.
func sentence(k lang.Key) *regexp.Regexp {
	sentencesMu.Lock()
	defer sentencesMu.Unlock()
	if re, ok := sentences[k]; ok {
		return re
	}
	parts := verbs.Split(cat.Text[k], -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	re := regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
	sentences[k] = re
	return re
}

// segment is what a player read in one session, line by line.
type segment struct {
	server string
	start  time.Time
	final  bool // the session of the player's return, once the schedule is over
	lines  []string
	times  []time.Time // when each line came
}

// player is a scripted person playing a room in the line mode: it
// answers every question, plays the first card the table takes, and when
// its session ends or stays silent it connects again, to a server that
// is up, and names its room. It keeps every line it read.
type player struct {
	name, other string // its name, and its opponent's
	key         uint64
	room        string
	host        bool          // creates the room
	created     chan struct{} // closed once the host's room is made
	h           *harness
	rng         *rand.Rand // the player's goroutine's alone

	mu     sync.Mutex
	segs   []*segment
	over   bool // told the game is over
	frozen bool // answers nothing any more
}

// silence is how long a player waits for a line before it gives up on
// its session and connects again, as a person would.
const silence = 2500 * time.Millisecond

// play plays until ctx ends or the game does; made: the host's room is
// made, and the host comes back to it by name (it once went to the lobby
// at every return, where its room's name was taken, and never played
// again after its first session).
func (p *player) play(ctx context.Context, made bool) {
	for ctx.Err() == nil && !p.isOver() {
		cmd := "plain " + p.room
		if p.host && !made {
			cmd = "plain"
		}
		s := p.h.pick(ctx, p.rng)
		if s == nil {
			return
		}
		p.session(ctx, s, cmd, &made, false)
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(100+p.rng.IntN(200)) * time.Millisecond):
		}
	}
}

// session is one session on server s running cmd, until it ends, stays
// silent or ctx ends. final: the return after the schedule, which only
// reads, until a second of quiet.
func (p *player) session(ctx context.Context, s *serverProc, cmd string, made *bool, final bool) {
	conn, err := client.Login(s.addr, client.Key(p.key), nil, 3*time.Second)
	if err != nil {
		return
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		return
	}
	in, err := sess.StdinPipe()
	if err != nil {
		return
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return
	}
	if err := sess.Start(cmd); err != nil {
		return
	}
	seg := &segment{server: s.name, start: time.Now(), final: final}
	p.mu.Lock()
	p.segs = append(p.segs, seg)
	p.mu.Unlock()
	lines := make(chan string, 1024)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- strings.TrimSuffix(sc.Text(), "\r")
		}
	}()
	quiet := silence
	if final {
		quiet = time.Second
	}
	timer := time.NewTimer(quiet)
	defer timer.Stop()
	t := &turn{}
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		case line, open := <-lines:
			if !open {
				return
			}
			p.mu.Lock()
			seg.lines, seg.times = append(seg.lines, line), append(seg.times, time.Now())
			frozen := p.frozen || final
			p.mu.Unlock()
			timer.Reset(quiet)
			if frozen {
				continue
			}
			if !p.answer(in, line, t, made) {
				return
			}
		}
	}
}

// turn is where a player is in trying its cards on its turn.
type turn struct{ tried int }

// tries are what a player types on its turn, in order, until the table
// takes one: the card drawn, each card of the hand, then the drawn one
// discarded (always allowed), or, once the draw pile is out and no card
// was drawn, each card of the hand discarded: with "discard p" alone, a
// player whose cards could not be played stopped there, and its room
// waited for it (the game-over schedule's last hands, a stall that was
// the player's).
var tries = []string{"play p", "play 1", "play 2", "play 3", "play 4", "play 5", "play 6",
	"discard p", "discard 1", "discard 2", "discard 3", "discard 4", "discard 5", "discard 6"}

// answer answers one line; it reports false when the session is over for
// the player (it connects again, unless the game is over).
func (p *player) answer(in io.Writer, line string, t *turn, made *bool) bool {
	say := func(s string) {
		time.Sleep(time.Duration(15+p.rng.IntN(40)) * time.Millisecond) // a quick player, not an instant one
		io.WriteString(in, s+"\n")
	}
	switch {
	case asks(line, lang.AskName):
		say(p.name)
	case p.host && !*made && asks(line, lang.Hello):
		say("create " + p.room + " 2")
	case p.host && asks(line, lang.InRoom):
		if !*made {
			*made = true
			close(p.created)
		}
	case p.host && asks(line, lang.Seats) && strings.Contains(line, p.other+" ("+cat.Text[lang.MarkHere]):
		say("start")
	case asks(line, lang.Turn), asks(line, lang.TurnShort): // TurnShort: nothing to play, only discards
		t.tried = 0
		say(tries[0])
	case asks(line, lang.Cant), asks(line, lang.CantDo), asks(line, lang.NoSlot), asks(line, lang.WhichCard), asks(line, lang.NotHazard):
		if t.tried++; t.tried < len(tries) {
			say(tries[t.tried])
		}
	case asks(line, lang.CoupFourre):
		say("yes")
	case asks(line, lang.ExtensionYou):
		say("no")
	case line == cat.Text[lang.AnotherHand]:
		say("yes")
	case line == cat.Text[lang.AnotherGame]:
		// The player goes without a word, its seat kept, so the room
		// and its game stay for the checker: had both said no, the room
		// would end, and the game nobody keeps go, moves and all.
		p.mu.Lock()
		p.over = true
		p.mu.Unlock()
		return false
	case asks(line, lang.NoticeMoved), asks(line, lang.NoticeStoreLost), line == cat.Text[lang.TableEnded],
		asks(line, lang.JoinedWatching), asks(line, lang.Failed), asks(line, lang.BackInLobby):
		return false
	}
	return true
}

func (p *player) isOver() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.over
}

// freeze stops the player answering.
func (p *player) freeze() {
	p.mu.Lock()
	p.frozen = true
	p.mu.Unlock()
}

// segments returns what the player read, session by session.
func (p *player) segments() []*segment {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*segment, len(p.segs))
	for i, s := range p.segs {
		c := *s
		c.lines, c.times = slices.Clone(s.lines), slices.Clone(s.times)
		out[i] = &c
	}
	return out
}

// firstRead is when the player first read a sentence of key k at or
// after from; zero if never.
func (p *player) firstRead(k lang.Key, from time.Time) time.Time {
	var first time.Time
	for _, seg := range p.segments() {
		for i, l := range seg.lines {
			if at := seg.times[i]; !at.Before(from) && asks(l, k) && (first.IsZero() || at.Before(first)) {
				first = at
			}
		}
	}
	return first
}
