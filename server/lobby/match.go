package lobby

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/server/store"
)

// Which tables the quick match makes of the people waiting (quick.go
// waits and seats; this is the choice alone, the same on one server and
// in a cluster, where every server makes it from the shared queue).

// The band of ratings a quick match takes as near, in the points a person
// reads: quickBand at first, quickWiden more every second waited.
const (
	quickBand  = 100
	quickWiden = 50
)

// quickBandOf is how far from t's rating a quick match looks at now.
func quickBandOf(t store.Ticket, now time.Time) float64 {
	return quickBand + quickWiden*max(0, now.Sub(t.Since).Seconds())
}

// quickMatch is a table the quick match makes: its size, its people
// (the anchor first, the one who waited longest, who hosts it) and the
// seat of each (seats[i] is people[i]'s); the other seats are the
// computers', at level.
type quickMatch struct {
	size   int
	people []store.Ticket
	seats  []int
	level  string
}

// matchQuick is the tables to make now of the tickets waiting (those not
// taken into a room), for the server that mine says the anchors it makes
// are: the tickets in the order they came, each one not yet seated is an
// anchor, whose table takes the people who asked for a table of the same
// size whose ratings are nearest the anchor's, each within the band of
// the anchor or of their own (the wider: it widens as they wait), never
// one key twice. A table full of people is made at once; once the anchor
// has waited wait, its table is made with the people near enough there
// are, the computers at the level nearest their mean rating filling the
// other seats. A table anchored on another server's ticket is that
// server's to make: its people are left out of this one's.
func matchQuick(waiting []store.Ticket, now time.Time, wait time.Duration, levels []string, mine func(store.Ticket) bool) []quickMatch {
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
		m := quickMatch{size: size}
		sum := 0
		for _, j := range group {
			m.people = append(m.people, open[j])
			sum += open[j].Rating
		}
		m.level = nearestLevel(levels, sum/len(group))
		m.seats = quickSeats(size, m.people, m.level, partyMates(m.people))
		made = append(made, m)
	}
	return made
}

// partyMates is, for each ticket, the index of its party's other
// ticket: two people who each asked for a table of the same size for
// teams (4 or 6) with the other (Ticket.Partner), not taken into a room;
// -1 for a ticket of nobody's party, or whose friend has not asked yet.
func partyMates(list []store.Ticket) []int {
	mates := make([]int, len(list))
	at := map[string]int{}
	for i, t := range list {
		mates[i] = -1
		if t.Partner != "" {
			at[t.Key] = i
		}
	}
	for i, t := range list {
		j, ok := at[t.Partner]
		if ok && j != i && list[j].Partner == t.Key && partySize(t.Size) && list[j].Size == t.Size {
			mates[i] = j
		}
	}
	return mates
}

// partySize reports whether a table of size players seats a party of
// two: tables of teams of two, where friends sit as partners.
func partySize(size int) bool { return size == 4 || size == 6 }

// quickSize is the table a ticket asks for: one of engine.PlayerCounts,
// else two.
func quickSize(n int) int {
	if slices.Contains(engine.PlayerCounts[:], n) {
		return n
	}
	return 2
}

// quickSeats seats a table of size: people alone at tables of 2 and 3,
// the anchor first, the others in the order given, the computers in the
// seats left; in teams (4 and 6) the sides as even as their ratings let
// them (the computers at level's fixed rating): the strongest first,
// dealt out to the sides there and back (two sides: 1st and 4th against
// 2nd and 3rd), partners opposite as the engine seats them. A party
// (mates[i], the index in people of i's friend, or -1) has a side of its
// own; the others then go, the strongest first, to the side with a free
// seat whose ratings add up to least.
func quickSeats(size int, people []store.Ticket, level string, mates []int) []int {
	cfg := engine.Config{Players: size}
	seats := make([]int, len(people))
	if size < 4 {
		for i := range people {
			seats[i] = i
		}
		return seats
	}
	// Everyone at the table, people and computers, by rating.
	order := make([]int, size) // index into people, or -1 a computer
	ratings := make([]int, size)
	for i := range order {
		order[i], ratings[i] = -1, rating.Display(rating.House[level])
		if i < len(people) {
			order[i], ratings[i] = i, people[i].Rating
		}
	}
	idx := make([]int, size)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(ratings[y], ratings[x]) })
	sides := cfg.Sides()
	filled := make([]int, sides) // players seated on each side
	if slices.ContainsFunc(mates, func(m int) bool { return m >= 0 }) {
		return partySeats(cfg, idx, order, ratings, mates)
	}
	for k, at := range idx {
		round, pos := k/sides, k%sides
		side := pos
		if round%2 == 1 {
			side = sides - 1 - pos
		}
		seat := side + filled[side]*sides
		filled[side]++
		if p := order[at]; p >= 0 {
			seats[p] = seat
		}
	}
	return seats
}

// partySeats is quickSeats for a table with a party: idx is everyone at
// the table by rating (the strongest first), order[k] the index in people
// of idx's k-th or -1 (a computer), ratings theirs.
func partySeats(cfg engine.Config, idx, order, ratings, mates []int) []int {
	sides := cfg.Sides()
	seats := make([]int, len(mates))
	filled := make([]int, sides)
	sum := make([]int, sides)
	sit := func(at, side int) {
		if p := order[at]; p >= 0 {
			seats[p] = side + filled[side]*sides
		}
		filled[side]++
		sum[side] += ratings[at]
	}
	placed := make([]bool, len(order))
	side := 0
	for _, at := range idx {
		p := order[at]
		if p < 0 || mates[p] < 0 || placed[at] || side == sides {
			continue
		}
		mate := slices.Index(order, mates[p])
		sit(at, side)
		sit(mate, side)
		placed[at], placed[mate] = true, true
		side++
	}
	for _, at := range idx {
		if placed[at] {
			continue
		}
		best := -1
		for s := range sides {
			if filled[s] < 2 && (best < 0 || sum[s] < sum[best]) {
				best = s
			}
		}
		sit(at, best)
	}
	return seats
}

// nearestLevel is the computer level of levels whose fixed rating is
// nearest display.
func nearestLevel(levels []string, display int) string {
	best := ""
	for _, level := range levels {
		d := abs(rating.Display(rating.House[level]) - display)
		if best == "" || d < abs(rating.Display(rating.House[best])-display) {
			best = level
		}
	}
	return best
}

// abs is |n|.
func abs(n int) int { return max(n, -n) }
