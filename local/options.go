package local

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/millebornes/mille/save"
)

// Options are the player's preferences, kept between games in
// options.json in the config directory.
type Options struct {
	Ordered   bool   `json:"ordered"`   // show the hand sorted (BSD O)
	Bell      bool   `json:"bell"`      // ring on refusals
	Animation string `json:"animation"` // computer move pace: off, fast, normal, slow
	SeenGuide bool   `json:"seenGuide"` // the rules guide was offered once
	// KeepFinished is how many finished games are kept for review (in
	// the saves folder's "finished" folder); 0 keeps none.
	KeepFinished int `json:"keepFinished"`
	// Lang is the language chosen (a lang.Catalogue's tag); "" follows
	// the environment (LC_ALL, LC_MESSAGES, LANG).
	Lang string `json:"lang,omitempty"`
	// Names are the names people sharing the keyboard (hot-seat) typed on
	// the new-game screen, by seat ("" for none), offered again next time.
	Names []string `json:"names,omitempty"`
}

// DefaultOptions are the options of a first start.
var DefaultOptions = Options{Bell: true, Animation: "normal", KeepFinished: save.DefaultKeepFinished}

// Delay is how long each computer move stays on screen before the next.
func (o Options) Delay() time.Duration {
	switch o.Animation {
	case "off":
		return 0
	case "fast":
		return 300 * time.Millisecond
	case "slow":
		return 1600 * time.Millisecond
	}
	return 800 * time.Millisecond
}

// ConfigDir is where mille keeps its options: $MILLE_CONFIG_DIR if set
// (tests use it), else the user's config directory plus "mille".
func ConfigDir() (string, error) {
	if d := os.Getenv("MILLE_CONFIG_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "mille"), nil
}

// LoadOptions reads the options in dir. first is true when there were none
// yet (the first start).
func LoadOptions(dir string) (o Options, first bool, err error) {
	o = DefaultOptions
	if dir == "" {
		return o, false, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, "options.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return o, true, nil
	}
	if err != nil {
		return o, false, err
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return DefaultOptions, false, err
	}
	return o, false, nil
}

// SaveOptions writes o to dir, creating it if needed, atomically
// (save.WriteFile).
func SaveOptions(dir string, o Options) error {
	if dir == "" {
		return nil
	}
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return err
	}
	return save.WriteFile(filepath.Join(dir, "options.json"), append(b, '\n'))
}
