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
	n := len(open)
	used := make([]bool, n)
	band := make([]float64, n)
	widest := 0.0 // the widest band of anyone: nobody farther is near anyone
	for i, t := range open {
		band[i] = quickBandOf(t, now)
		widest = max(widest, band[i])
	}
	mates := partyMates(open)
	// The people of each size by rating (then in the order they came),
	// linked to their neighbours who are not seated yet: an anchor looks
	// outwards from itself, the nearest first, and stops once its table
	// is full or the next one is beyond every band.
	byRating := make([]int, n)
	for i := range byRating {
		byRating[i] = i
	}
	slices.SortFunc(byRating, func(x, y int) int {
		return cmp.Or(cmp.Compare(quickSize(open[x].Size), quickSize(open[y].Size)), cmp.Compare(open[x].Rating, open[y].Rating), cmp.Compare(x, y))
	})
	prev, next := make([]int, n), make([]int, n)
	for k, i := range byRating {
		prev[i], next[i] = -1, -1
		if k > 0 && quickSize(open[byRating[k-1]].Size) == quickSize(open[i].Size) {
			prev[i], next[byRating[k-1]] = byRating[k-1], i
		}
	}
	seat := func(i int) { // i is seated: nobody's neighbour any more
		if used[i] {
			return
		}
		used[i] = true
		if prev[i] >= 0 {
			next[prev[i]] = next[i]
		}
		if next[i] >= 0 {
			prev[next[i]] = prev[i]
		}
	}
	for i, m := range mates {
		// A person waiting for a friend who has not asked for them yet
		// is no one's, and anchors nothing.
		if m < 0 && open[i].Partner != "" {
			seat(i)
		}
	}
	var made []quickMatch
	var layer, group []int
	for i, a := range open {
		if used[i] {
			continue
		}
		size := quickSize(a.Size)
		group = append(group[:0], i)
		if m := mates[i]; m >= 0 {
			group = append(group, m)
		}
		has := func(key string) bool {
			return slices.ContainsFunc(group, func(g int) bool { return open[g].Key == key })
		}
		// The others by distance from a's rating, each distance's in the
		// order they came, as a stable sort by distance would list them.
		l, r := prev[i], next[i]
		for len(group) < size && (l >= 0 || r >= 0) {
			d := math.MaxInt
			if l >= 0 {
				d = a.Rating - open[l].Rating
			}
			if r >= 0 {
				d = min(d, open[r].Rating-a.Rating)
			}
			if float64(d) > max(band[i], widest) {
				break
			}
			layer = layer[:0]
			for ; l >= 0 && a.Rating-open[l].Rating == d; l = prev[l] {
				layer = append(layer, l)
			}
			for ; r >= 0 && open[r].Rating-a.Rating == d; r = next[r] {
				layer = append(layer, r)
			}
			slices.Sort(layer)
			for _, j := range layer {
				if float64(d) > max(band[i], band[j]) {
					continue
				}
				m := mates[j]
				switch {
				case slices.Contains(group, j) || len(group) == size || has(open[j].Key):
				case m < 0:
					group = append(group, j)
				case len(group)+2 <= size && !used[m] && !has(open[m].Key):
					group = append(group, j, m) // a party sits together or not at all
				}
			}
		}
		if len(group) < size && now.Sub(a.Since) < wait {
			continue
		}
		for _, j := range group {
			seat(j)
		}
		if !mine(a) {
			continue
		}
		made = append(made, tableOf(size, open, group, levels))
	}
	return made
}

// tableOf is the table of size made of the people of open that group
// names (the anchor first), seated, the computers at the level of levels
// nearest their mean rating.
func tableOf(size int, open []store.Ticket, group []int, levels []string) quickMatch {
	m := quickMatch{size: size, people: make([]store.Ticket, 0, len(group))}
	sum := 0
	for _, j := range group {
		m.people = append(m.people, open[j])
		sum += open[j].Rating
	}
	m.level = nearestLevel(levels, sum/len(group))
	m.seats = quickSeats(size, m.people, m.level, partyMates(m.people))
	return m
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
		// Mutual: of one key's two tickets (two sessions) naming one
		// friend, the friend's names only one, and the other waits.
		j, ok := at[t.Partner]
		if ok && j != i && at[list[j].Partner] == i && (engine.Config{Players: t.Size}).Teams() && list[j].Size == t.Size {
			mates[i] = j
		}
	}
	return mates
}

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
