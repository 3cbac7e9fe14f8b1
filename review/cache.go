package review

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// Marshal encodes r as JSON, the format of the cache and of mille review
// --json (docs/review.md). Decode reads it back equal.
func Marshal(r *Review) ([]byte, error) {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// ErrVersion is wrapped by Decode's error for a review of another Version.
var ErrVersion = errors.New("made by another version of the review")

// Decode reads a review that Marshal wrote. A review of another Version
// is refused with ErrVersion: its figures are not today's.
func Decode(rd io.Reader) (*Review, error) {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	var r Review
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("review: %v", err)
	}
	if r.Version != Version {
		return nil, fmt.Errorf("review version %d, this mille makes %d: %w", r.Version, Version, ErrVersion)
	}
	return &r, nil
}

// CacheDir is the folder of cached reviews: "reviews" in the saves folder
// (save.Dir).
func CacheDir() (string, error) {
	d, err := save.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "reviews"), nil
}

// cacheName is the file in the cache of the review of a game whose
// history hashes to history, at a depth, for some seats, from a place in
// the history: "HASH-normal-0.json", "HASH-deep-0,2.json",
// "HASH-quick-0-from120.json".
func cacheName(history string, depth Depth, seats []int, from int) string {
	s := make([]string, len(seats))
	for i, seat := range seats {
		s[i] = strconv.Itoa(seat)
	}
	name := history + "-" + depth.String() + "-" + strings.Join(s, ",")
	if from > 0 {
		name += "-from" + strconv.Itoa(from)
	}
	return name + ".json"
}

// Cached returns the review of g for o kept in the cache folder dir, if
// there is one that Analyse(g, o) would give: same history, depth, seats,
// start, seed and Version. Anything else, a missing or damaged file included, is
// a miss.
func Cached(dir string, g *record.Game, o Options) (*Review, bool) {
	seats, err := SeatsOf(g, o.Seats)
	if err != nil {
		return nil, false
	}
	history := HistoryHash(g)
	data, err := os.ReadFile(filepath.Join(dir, cacheName(history, o.Depth, seats, o.From)))
	if err != nil {
		return nil, false
	}
	r, err := Decode(bytes.NewReader(data))
	if err != nil || r.History != history || r.Depth != o.Depth || !slices.Equal(r.Seats, seats) || r.From != o.From ||
		r.Seed != seedOf(g, o.Seed) {
		return nil, false
	}
	return r, true
}

// Store keeps r in the cache folder dir (save.WriteFile: atomic).
func Store(dir string, r *Review) error {
	data, err := Marshal(r)
	if err != nil {
		return err
	}
	return save.WriteFile(filepath.Join(dir, cacheName(r.History, r.Depth, r.Seats, r.From)), data)
}

// AnalyseCached is Analyse through the cache folder dir: a review kept
// there is returned at once, and a new one is kept. A failure to keep it
// is returned with the review.
func AnalyseCached(ctx context.Context, dir string, g record.Game, o Options) (*Review, error) {
	if r, ok := Cached(dir, &g, o); ok {
		if o.Progress != nil {
			o.Progress(1, 1)
		}
		return r, nil
	}
	r, err := Analyse(ctx, g, o)
	if err != nil {
		return nil, err
	}
	if err := Store(dir, r); err != nil {
		return r, fmt.Errorf("keeping the review: %w", err)
	}
	return r, nil
}

// AnalyseInCache is AnalyseCached over the cache folder (CacheDir), or
// Analyse when there is none. A review made but not kept stands: only
// keeping it failed.
func AnalyseInCache(ctx context.Context, g record.Game, o Options) (*Review, error) {
	dir, err := CacheDir()
	if err != nil {
		return Analyse(ctx, g, o)
	}
	r, err := AnalyseCached(ctx, dir, g, o)
	if r != nil {
		return r, nil
	}
	return nil, err
}
