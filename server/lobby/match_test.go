package lobby

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// t0 is the moment the matching tests' people start waiting.
var t0 = time.Date(2026, 11, 28, 23, 0, 0, 0, time.UTC)

// ticket is a ticket of the matching tests: id, key "k"+id, rating,
// size, waiting since t0 plus after, on server "".
func ticket(id int64, r, size int, after time.Duration) store.Ticket {
	return store.Ticket{ID: id, Key: fmt.Sprint("k", id), Rating: r, Size: size, Since: t0.Add(after)}
}

// made is the matches as "ids@seats/level" lines, for the tests' reading.
func made(ms []quickMatch) []string {
	var out []string
	for _, m := range ms {
		s := fmt.Sprint(m.size, ":")
		for i, p := range m.people {
			s += fmt.Sprintf(" %d@%d", p.ID, m.seats[i])
		}
		out = append(out, s+" "+m.level)
	}
	return out
}

func all(store.Ticket) bool { return true }

// friend is ticket t asking to sit with the key of ticket id.
func friend(t store.Ticket, id int64) store.Ticket {
	t.Partner = fmt.Sprint("k", id)
	return t
}

// TestMatchQuick: who the quick match seats together, and where.
func TestMatchQuick(t *testing.T) {
	wait := DefaultQuickWait
	for _, tt := range []struct {
		name    string
		waiting []store.Ticket
		at      time.Duration // after t0
		mine    func(store.Ticket) bool
		want    []string
	}{
		{"the nearest rating, not the first come",
			[]store.Ticket{ticket(1, 1500, 2, 0), ticket(2, 1000, 2, 0), ticket(3, 1580, 2, 0), ticket(4, 1490, 2, 0)}, 0, all,
			[]string{"2: 1@0 4@1 medium"}},
		{"too far apart at first",
			[]store.Ticket{ticket(1, 1500, 2, 0), ticket(2, 1800, 2, 0)}, 0, all, nil},
		{"the band widens as they wait: 300 points after 4 s",
			[]store.Ticket{ticket(1, 1500, 2, 0), ticket(2, 1800, 2, 0)}, 4 * time.Second, all,
			[]string{"2: 1@0 2@1 expert"}},
		{"one who waited widens the band for a newcomer",
			[]store.Ticket{ticket(1, 1500, 2, 0), ticket(2, 1800, 2, 4*time.Second)}, 4 * time.Second, all,
			[]string{"2: 1@0 2@1 expert"}},
		{"tables of one size only",
			[]store.Ticket{ticket(1, 1500, 3, 0), ticket(2, 1500, 3, 0), ticket(3, 1500, 2, 0), ticket(4, 1500, 3, 0)}, 0, all,
			[]string{"3: 1@0 2@1 4@2 medium"}},
		{"not full: they wait",
			[]store.Ticket{ticket(1, 1500, 6, 0), ticket(2, 1500, 6, 0), ticket(3, 1500, 6, 0)}, 14 * time.Second, all, nil},
		{"the wait over: the people there and computers",
			[]store.Ticket{ticket(1, 1500, 6, 0), ticket(2, 1500, 6, 0), ticket(3, 875, 4, 0)}, wait, all,
			[]string{"6: 1@0 2@1 medium", "4: 3@2 easy"}},
		{"teams as even as the ratings let them: 1800+1200 against 1600+1400",
			[]store.Ticket{ticket(1, 1400, 4, 0), ticket(2, 1800, 4, 0), ticket(3, 1200, 4, 0), ticket(4, 1600, 4, 0)}, 10 * time.Second, all,
			[]string{"4: 1@3 3@2 4@1 2@0 medium"}},
		{"three teams of two: 1st+6th, 2nd+5th, 3rd+4th",
			[]store.Ticket{ticket(1, 1500, 6, 0), ticket(2, 1600, 6, 0), ticket(3, 1400, 6, 0), ticket(4, 1700, 6, 0), ticket(5, 1300, 6, 0), ticket(6, 1550, 6, 0)}, 10 * time.Second, all,
			[]string{"6: 1@5 6@2 2@1 3@4 4@0 5@3 medium"}},
		{"one key never twice at a table",
			[]store.Ticket{ticket(1, 1500, 2, 0), {ID: 2, Key: "k1", Rating: 1500, Size: 2, Since: t0}}, 0, all, nil},
		{"a ticket taken into a room is nobody's to match",
			[]store.Ticket{ticket(1, 1500, 2, 0), {ID: 2, Key: "k2", Rating: 1500, Size: 2, Since: t0, Room: "quick9"}}, 0, all, nil},
		{"a table anchored on another server is that server's to make",
			[]store.Ticket{{ID: 1, Key: "k1", Rating: 1500, Size: 2, Since: t0, Server: "a"}, {ID: 2, Key: "k2", Rating: 1500, Size: 2, Since: t0.Add(time.Second), Server: "b"},
				{ID: 3, Key: "k3", Rating: 1500, Size: 2, Since: t0.Add(2 * time.Second), Server: "b"}}, 2 * time.Second,
			func(t store.Ticket) bool { return t.Server == "b" }, nil},
		{"a party of two sits as partners: 1500+1400 against 1800+1200",
			[]store.Ticket{friend(ticket(1, 1500, 4, 0), 2), friend(ticket(2, 1400, 4, 0), 1), ticket(3, 1800, 4, 0), ticket(4, 1200, 4, 0)}, 10 * time.Second, all,
			[]string{"4: 1@0 2@2 3@1 4@3 medium"}},
		{"a party waits for the friend who has not asked, and anchors nothing",
			[]store.Ticket{friend(ticket(1, 1500, 4, 0), 2), ticket(3, 1500, 4, 0)}, wait, all,
			[]string{"4: 3@0 medium"}},
		{"a party takes two seats or none",
			[]store.Ticket{ticket(1, 1500, 4, 0), ticket(2, 1500, 4, 0), ticket(3, 1500, 4, 0), friend(ticket(4, 1500, 4, 0), 5), friend(ticket(5, 1500, 4, 0), 4)}, 0, all,
			[]string{"4: 4@0 5@2 1@1 2@3 medium"}},
		{"two parties of a table of 6, and the others on the third side",
			[]store.Ticket{friend(ticket(1, 1500, 6, 0), 2), friend(ticket(2, 1500, 6, 0), 1), friend(ticket(3, 1500, 6, 0), 4), friend(ticket(4, 1500, 6, 0), 3), ticket(5, 1500, 6, 0), ticket(6, 1500, 6, 0)}, 0, all,
			[]string{"6: 1@0 2@3 3@1 4@4 5@2 6@5 medium"}},
		{"no party at tables of two",
			[]store.Ticket{friend(ticket(1, 1500, 2, 0), 2), friend(ticket(2, 1500, 2, 0), 1)}, 0, all, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := made(matchQuick(tt.waiting, t0.Add(tt.at), wait, ai.Levels, tt.mine))
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestQuickSeatsEvenTeams: the sides of a team table, people and
// computers, are within the spread of one rating of each other.
func TestQuickSeatsEvenTeams(t *testing.T) {
	for _, size := range []int{4, 6} {
		people := []store.Ticket{ticket(1, 1900, size, 0), ticket(2, 1100, size, 0), ticket(3, 1500, size, 0)}
		seats := quickSeats(size, people, "medium", nil)
		cfg := engine.Config{Players: size}
		sum := make([]int, cfg.Sides())
		taken := map[int]bool{}
		for i, s := range seats {
			sum[cfg.SideOf(s)] += people[i].Rating
			taken[s] = true
		}
		for s := range size {
			if !taken[s] {
				sum[cfg.SideOf(s)] += rating.Display(rating.House["medium"])
			}
		}
		lo, hi := sum[0], sum[0]
		for _, v := range sum {
			lo, hi = min(lo, v), max(hi, v)
		}
		if len(taken) != len(people) || hi-lo > 800 {
			t.Fatalf("%d players: seats %v, sides' sums %v", size, seats, sum)
		}
	}
}

// quickResult is what a Quick call returned.
type quickResult struct {
	c   *table.Conn
	err error
}

// quickAsync asks l for a quick match of size for key k (named k) on a
// goroutine of its own.
func quickAsync(ctx context.Context, l *Lobby, k string, size int) chan quickResult {
	ch := make(chan quickResult, 1)
	go func() {
		c, err := l.Quick(ctx, k, k, size)
		ch <- quickResult{c, err}
	}()
	return ch
}

// TestQuickTables: four people asking for a table of 4 sit at one, in
// two teams, dealt at once; three asking for 3 at another; the one who
// asked for 6 alone, after the wait, sits with five computers.
func TestQuickTables(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		defer l.Close()
		var fours, threes []chan quickResult
		for i := range 4 {
			fours = append(fours, quickAsync(bg, l, fmt.Sprint("four", i), 4))
			if i < 3 {
				threes = append(threes, quickAsync(bg, l, fmt.Sprint("three", i), 3))
			}
		}
		six := quickAsync(bg, l, "six", 6)
		synctest.Wait()
		rooms := map[*table.Table]int{}
		for _, chs := range [][]chan quickResult{fours, threes} {
			for _, ch := range chs {
				r := <-ch
				if r.err != nil {
					t.Fatal(r.err)
				}
				rooms[r.c.Table()]++
				if !r.c.Table().Started() {
					t.Fatalf("%s not dealt", r.c.Table().Name())
				}
			}
		}
		if len(rooms) != 2 || l.Waiting() != 1 {
			t.Fatalf("%d rooms, %d waiting", len(rooms), l.Waiting())
		}
		for tb, n := range rooms {
			if tb.Config().Game.Players != n {
				t.Fatalf("%s: %d players at a table of %d", tb.Name(), n, tb.Config().Game.Players)
			}
		}
		time.Sleep(DefaultQuickWait)
		r := <-six
		if r.err != nil {
			t.Fatal(r.err)
		}
		synctest.Wait() // the deal, as for the tables above (it was read before it, under the race detector at load)
		humans := 0
		for _, s := range r.c.Table().Seats() {
			if s.Human {
				humans++
			}
		}
		if tb := r.c.Table(); tb.Config().Game.Players != 6 || humans != 1 || !tb.Started() || tb.Config().Level != "easy" {
			t.Fatalf("the lone six: %d players, %d people, started %v, level %s", tb.Config().Game.Players, humans, tb.Started(), tb.Config().Level)
		}
	})
}

// TestQuickAttacks: a client that queues and drops, again and again,
// leaves nobody waiting and no goroutine behind; one that queues twice
// with one key is never seated against itself; a flood of 200 at once
// of one size, with a wait of an hour, fills 50 tables of 4 and leaves
// nobody waiting.
func TestQuickAttacks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		defer l.Close()
		l.SetQuickWait(time.Hour)
		for range 100 {
			ctx, cancel := context.WithCancel(bg)
			ch := quickAsync(ctx, l, "dropper", 2)
			synctest.Wait()
			cancel()
			if r := <-ch; !errors.Is(r.err, context.Canceled) {
				t.Fatalf("a dropped quick match: %v", r.err)
			}
		}
		synctest.Wait()
		if l.Waiting() != 0 || len(l.List()) != 0 {
			t.Fatalf("after the drops: %d waiting, rooms %v", l.Waiting(), l.List())
		}
		a, b := quickAsync(bg, l, "twice", 2), quickAsync(bg, l, "twice", 2)
		synctest.Wait()
		if l.Waiting() != 2 {
			t.Fatalf("%d waiting, want the same key twice", l.Waiting())
		}
		other := quickAsync(bg, l, "other", 2)
		synctest.Wait()
		ro := <-other
		var first, second quickResult
		select { // whichever of the two came first
		case first = <-a:
			second = <-b
		case first = <-b:
			second = <-a
		}
		if ro.err != nil || first.err != nil || first.c.Table() != ro.c.Table() {
			t.Fatalf("the first of the twice and the other: %v, %v", first.err, ro.err)
		}
		if second.err != nil || second.c.Table() == ro.c.Table() {
			t.Fatalf("the second of the twice: %v", second.err)
		}
		var flood []chan quickResult
		for i := range 200 {
			flood = append(flood, quickAsync(bg, l, fmt.Sprint("flood", i), 4))
		}
		synctest.Wait()
		tables := map[*table.Table]bool{}
		for _, ch := range flood {
			r := <-ch
			if r.err != nil {
				t.Fatal(r.err)
			}
			tables[r.c.Table()] = true
		}
		if len(tables) != 50 || l.Waiting() != 0 {
			t.Fatalf("%d tables for 200 people, %d waiting", len(tables), l.Waiting())
		}
	})
}

// TestQuickArrival: a table with a person of another server of the
// cluster keeps their seat and is dealt once they are relayed to it;
// one whose person never comes is dealt after quickArrival with a
// computer in that seat, not a seat that person would lose.
func TestQuickArrival(t *testing.T) {
	for _, comes := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			l := NewLobby(0)
			defer l.Close()
			here := &quickWaiter{t: store.Ticket{ID: 1, Key: "ka", Name: "Ada", Rating: 875, Size: 2, Since: l.now()}, seated: make(chan quickSeat, 1)}
			l.quick.waiting = append(l.quick.waiting, here)
			there := store.Ticket{ID: 2, Key: "kb", Name: "Ben", Rating: 875, Size: 2, Since: l.now(), Server: "b"}
			l.seatQuick(quickMatch{size: 2, people: []store.Ticket{here.t, there}, seats: []int{0, 1}, level: "easy"})
			s := <-here.seated
			if s.err != nil {
				t.Fatal(s.err)
			}
			tb := s.c.Table()
			if tb.Started() || !tb.Seats()[1].Human || tb.Seats()[1].Connected {
				t.Fatalf("before Ben comes: started %v, seats %+v", tb.Started(), tb.Seats())
			}
			if comes {
				time.Sleep(3 * time.Second) // relayed from his server
				ben, err := l.Join(bg, tb.Name(), "kb", "Ben", -1)
				if err != nil || ben.Seat() != 1 {
					t.Fatalf("Ben's seat: %v", err)
				}
				time.Sleep(quickArrivalTick)
				synctest.Wait() // the room's look at that instant made
				if !tb.Started() || !tb.Seats()[1].Connected {
					t.Fatalf("Ben here: started %v", tb.Started())
				}
				return
			}
			time.Sleep(quickArrival - time.Second)
			if tb.Started() {
				t.Fatal("dealt before the arrival's wait")
			}
			time.Sleep(time.Second + quickArrivalTick)
			synctest.Wait()
			if !tb.Started() || tb.Seats()[1].Human {
				t.Fatalf("nobody came: started %v, seat 2 %+v", tb.Started(), tb.Seats()[1])
			}
		})
	}
}

// BenchmarkMatchQuick is one pass's choice over 1,000 and 10,000 people
// waiting for tables of every size, their ratings spread over 1,000
// points, some waiting long enough to be seated with computers: the work
// a pass does each second on every server with people waiting (each
// anchor looks outwards by rating until its table is full: n log n for
// the sort, where the square comparison it replaced took 1.7 s a pass at
// 10,000).
func BenchmarkMatchQuick(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			waiting := benchTickets(n)
			now := t0.Add(20 * time.Second)
			for b.Loop() {
				matchQuick(waiting, now, DefaultQuickWait, ai.Levels, all)
			}
		})
	}
}

// benchTickets are n people waiting for tables of every size, their
// ratings spread over 1000 points, waiting up to 20 s.
func benchTickets(n int) []store.Ticket {
	var waiting []store.Ticket
	for i := range n {
		size := engine.PlayerCounts[i%len(engine.PlayerCounts)]
		waiting = append(waiting, ticket(int64(i+1), 1000+(i*7919)%1000, size, time.Duration(i%20)*time.Second))
	}
	return waiting
}

// matchQuickSquare is matchQuick as it was before it looked outwards
// from each anchor by rating: each anchor compared with every person of
// its size (the square of the people waiting). TestMatchQuickWindow
// checks the two choose the same.
func matchQuickSquare(waiting []store.Ticket, now time.Time, wait time.Duration, levels []string, mine func(store.Ticket) bool) []quickMatch {
	open := slices.DeleteFunc(slices.Clone(waiting), func(t store.Ticket) bool { return t.Room != "" })
	slices.SortStableFunc(open, func(a, b store.Ticket) int {
		return cmp.Or(a.Since.Compare(b.Since), cmp.Compare(a.ID, b.ID))
	})
	used := make([]bool, len(open))
	band := make([]float64, len(open))
	bySize := map[int][]int{} // the tickets of each size, in order
	for i, t := range open {
		band[i] = quickBandOf(t, now)
		bySize[quickSize(t.Size)] = append(bySize[quickSize(t.Size)], i)
	}
	mates := partyMates(open)
	for i, m := range mates {
		// A person waiting for a friend who has not asked for them yet
		// is no one's, and anchors nothing.
		used[i] = m < 0 && open[i].Partner != ""
	}
	var made []quickMatch
	var near []int
	for i, a := range open {
		if used[i] {
			continue
		}
		size := quickSize(a.Size)
		near = near[:0]
		for _, j := range bySize[size] {
			d := math.Abs(float64(open[j].Rating - a.Rating))
			if j != i && !used[j] && d <= max(band[i], band[j]) {
				near = append(near, j)
			}
		}
		slices.SortStableFunc(near, func(x, y int) int {
			return cmp.Compare(abs(open[x].Rating-a.Rating), abs(open[y].Rating-a.Rating))
		})
		group, keys := []int{i}, map[string]bool{a.Key: true}
		if m := mates[i]; m >= 0 {
			group, keys[open[m].Key] = append(group, m), true
		}
		for _, j := range near {
			m := mates[j]
			switch {
			case slices.Contains(group, j) || len(group) == size || keys[open[j].Key]:
			case m < 0:
				group, keys[open[j].Key] = append(group, j), true
			case len(group)+2 <= size && !used[m] && !keys[open[m].Key]:
				group = append(group, j, m) // a party sits together or not at all
				keys[open[j].Key], keys[open[m].Key] = true, true
			}
		}
		if len(group) < size && now.Sub(a.Since) < wait {
			continue
		}
		for _, j := range group {
			used[j] = true
		}
		if !mine(a) {
			continue
		}
		made = append(made, tableOf(size, open, group, levels))
	}
	return made
}

// TestMatchQuickWindow: matchQuick, which looks outwards from each anchor
// in the people sorted by rating, makes the same tables, seats and levels
// as the square comparison it replaced, over random queues: sizes, ties
// of rating, waits, parties, keys twice, tickets taken, another server's
// anchors.
func TestMatchQuickWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 6))
	for round := range 2000 {
		n := 1 + rng.IntN(40)
		var waiting []store.Ticket
		for i := range n {
			tk := ticket(int64(i+1), 1000+50*rng.IntN(20), engine.PlayerCounts[rng.IntN(len(engine.PlayerCounts))], time.Duration(rng.IntN(25))*time.Second)
			switch rng.IntN(10) {
			case 0:
				tk.Key = fmt.Sprint("k", 1+rng.IntN(n)) // a key twice
			case 1:
				tk.Room = "quick1"
			case 2, 3:
				tk.Partner = fmt.Sprint("k", 1+rng.IntN(n))
				if rng.IntN(2) == 0 {
					tk.Size = 4
				}
			}
			tk.Server = fmt.Sprint(rng.IntN(2))
			waiting = append(waiting, tk)
		}
		// make some parties mutual
		for i := range waiting {
			if p := waiting[i].Partner; p != "" {
				for j := range waiting {
					if waiting[j].Key == p && j != i && rng.IntN(2) == 0 {
						waiting[j].Partner, waiting[j].Size = waiting[i].Key, waiting[i].Size
					}
				}
			}
		}
		now := t0.Add(time.Duration(rng.IntN(30)) * time.Second)
		mine := func(t store.Ticket) bool { return t.Server == "0" }
		want := made(matchQuickSquare(waiting, now, DefaultQuickWait, ai.Levels, mine))
		if got := made(matchQuick(waiting, now, DefaultQuickWait, ai.Levels, mine)); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d: %+v\ngot  %q\nwant %q", round, waiting, got, want)
		}
	}
}
