package engine

import (
	"errors"
	"fmt"
	"testing"
)

// TestConfigs pins the list of configurations and checks that Validate
// accepts exactly those, with an error that names what would do.
func TestConfigs(t *testing.T) {
	if got := fmt.Sprint(Configs()); got != "[{2 standard} {3 standard} {4 standard} {6 standard} {2 bsd} {2 dujardin} {3 dujardin} {4 dujardin} {6 dujardin} {2 dujardin+500} {3 dujardin+500} {4 dujardin+500} {6 dujardin+500}]" {
		t.Errorf("Configs() = %s", got)
	}
	if got := fmt.Sprint(Standard.Players(), BSD.Players(), Dujardin.Players(), Dujardin500.Players(), Ruleset(4).Players()); got != "[2 3 4 6] [2] [2 3 4 6] [2 3 4 6] []" {
		t.Errorf("players allowed: %s", got)
	}
	valid := map[Config]bool{}
	for _, c := range Configs() {
		valid[c] = true
	}
	for players := -1; players <= 9; players++ {
		for r := range Ruleset(6) {
			c := Config{Players: players, Rules: r}
			err := c.Validate()
			if (err == nil) != valid[c] || r.Allows(players) != valid[c] {
				t.Errorf("%+v: Validate %v, Allows %v", c, err, r.Allows(players))
			}
		}
	}
	for _, tt := range []struct {
		c    Config
		want ConfigReason
	}{
		{Config{Players: 5}, BadPlayers},
		{Config{Players: 3, Rules: BSD}, BadRulesPlayers},
		{Config{Players: 2, Rules: 7}, BadRuleset},
	} {
		var e *ConfigError
		if err := tt.c.Validate(); !errors.As(err, &e) || e.Why != tt.want || e.Config != tt.c {
			t.Errorf("%+v: %v, want reason %d", tt.c, err, tt.want)
		}
	}
}
