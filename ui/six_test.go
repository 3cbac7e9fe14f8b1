package ui

import "testing"

func TestGoldenSixPlayers(t *testing.T) {
	m := newModel(t, testConfig(t, 6, 9))
	syncPlay(m, 6)
	snap(t, "board6", m)
	m.openNewGame()
	m.ng.set(0, 3) // 6 players
	snap(t, "newgame6", m)
}
