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
		for _, j := range near {
			if len(group) < size && !keys[open[j].Key] {
				group, keys[open[j].Key] = append(group, j), true
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
		m.seats = quickSeats(size, m.people, m.level)
		made = append(made, m)
	}
	return made
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
// 2nd and 3rd), partners opposite as the engine seats them.
func quickSeats(size int, people []store.Ticket, level string) []int {
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
