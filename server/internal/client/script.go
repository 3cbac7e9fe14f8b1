package client

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/millebornes/mille/engine"
)

// This file is the one place that knows what the served screens say and
// which keys drive them; when the screens change, only this file follows.

// Keys as a terminal sends them.
const (
	KeyLeft  = "\x1b[D"
	KeyRight = "\x1b[C"
	KeyEnter = "\r"
)

// Texts of the served screens that the script waits for.
const (
	textNamePrompt  = "Name:"                // first login: the name prompt
	textLobby       = "Hello, "              // the lobby's greeting (its key line may be cut off by a long list)
	textHostWaiting = "s: start"             // the waiting room, seen by its host
	textWaiting     = "Waiting for the host" // the waiting room, seen by a guest
	textInGame      = "MILLE BORNES"         // a started game
	textMyTurn      = "▶ Your turn"          // the game's header on the seat's turn
	textCoupFourre  = "Coup fourré! Play"    // the coup fourré question
	textExtension   = "y Extend to 1000"     // the extension question
	textHandOver    = "End of hand"          // the end-of-hand window
	textLeave       = "Leave the table?"     // the question of q at the table
	textLog         = "── Recent moves"      // the log, below the sides' tables
	textDeck        = "Deck"                 // the title of the draw pile
	textRoomsPerKey = "rooms already"        // a room refused: the key hosts the most it may
)

// DiscardDrawn discards the card just drawn (BSD's D P Return): a move
// always allowed on the player's turn, short of a question.
const DiscardDrawn = "dp" + KeyEnter

// Wiggle is a pair of keys that each change a player's frame in a started
// game, the second undoing the first: the load test types them in turn.
var Wiggle = [2]string{KeyRight, KeyLeft}

// InLobby reports whether text is the lobby.
func InLobby(text string) bool { return strings.Contains(text, textLobby) }

// InWaitingRoom reports whether text is a room waiting for its start.
func InWaitingRoom(text string) bool {
	return strings.Contains(text, textHostWaiting) || strings.Contains(text, textWaiting)
}

// InGame reports whether text shows a started game.
func InGame(text string) bool {
	return strings.Contains(text, textInGame)
}

// MyTurn reports whether a game's screen says it is the player's turn.
func MyTurn(text string) bool { return strings.Contains(text, textMyTurn) }

// AskedCoupFourre reports whether the screen asks for a coup fourré.
func AskedCoupFourre(text string) bool { return strings.Contains(text, textCoupFourre) }

// AskedExtension reports whether the screen asks about the extension.
func AskedExtension(text string) bool { return strings.Contains(text, textExtension) }

// HandOver reports whether the screen shows the end of a hand.
func HandOver(text string) bool { return strings.Contains(text, textHandOver) }

// KeysFor returns the keys that take action a at the table seen as obs:
// BSD's U n Return and D n Return name the card's slot, the questions take
// y or n.
func KeysFor(obs *engine.Observation, a engine.Action) string {
	switch a.Kind() {
	case engine.KindPlay, engine.KindDiscard:
		slot := "p"
		for i, c := range obs.MyHand {
			if c == a.Card() {
				if i > 0 {
					slot = strconv.Itoa(i)
				}
				break
			}
		}
		if a.Kind() == engine.KindDiscard {
			return "d" + slot + KeyEnter
		}
		return "u" + slot + KeyEnter
	case engine.KindCoupFourre, engine.KindExtend, engine.KindContinue:
		return "y"
	}
	return "n" // decline, stop at 700
}

// PublicBoard returns what every seat of a table sees alike on a game's
// screen: the header without whose turn it is (said to each seat in its
// own words), the tables of the sides, and the draw and discard piles.
// Hands, the log and the score window (whose columns say "Us") are left
// out. It returns "" for a screen without a board.
func PublicBoard(lines []string) string {
	if len(lines) == 0 || !strings.HasPrefix(lines[0], textInGame) {
		return ""
	}
	var b strings.Builder
	head, _, _ := strings.Cut(lines[0], "   ")
	b.WriteString(head + "\n")
	width := -1
	for _, line := range lines[1:] {
		if strings.HasPrefix(line, textLog) {
			break
		}
		r := []rune(line)
		if width < 0 {
			width = slices.IndexFunc(r, func(c rune) bool { return c == '┓' || c == '╮' }) + 1
			if width <= 0 {
				return ""
			}
		}
		b.WriteString(string(r[:min(width, len(r))]) + "\n")
	}
	x, y := deckBox(lines)
	if x < 0 {
		return ""
	}
	for _, line := range lines[y:min(y+6, len(lines))] {
		if r := []rune(line); len(r) > x {
			b.WriteString(string(r[x:]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// deckBox finds the top left corner of the draw pile, below the log, or
// -1.
func deckBox(lines []string) (x, y int) {
	for y := len(lines) - 1; y >= 0 && !strings.HasPrefix(lines[y], textLog); y-- {
		for _, top := range []string{textDeck + "─", textDeck + "┄"} {
			if i := strings.Index(lines[y], top); i > 0 {
				return utf8.RuneCountInString(lines[y][:i]) - 1, y
			}
		}
	}
	return -1, -1
}

// DeckCount returns the number of cards the draw pile shows, or -1.
func DeckCount(lines []string) int {
	x, y := deckBox(lines)
	if x < 0 {
		return -1
	}
	for _, line := range lines[y+1 : min(y+5, len(lines))] {
		r := []rune(line)
		if len(r) <= x {
			continue
		}
		inner := string(r[x+1 : min(x+10, len(r))])
		if n, err := strconv.Atoi(strings.TrimSpace(inner)); err == nil {
			return n
		}
	}
	return -1
}

// EnterRoom brings a client that dialled with a room's name as its command
// into that room, typing name at the name prompt if the server asks for it
// (a key it has not met).
func (c *Client) EnterRoom(name string, timeout time.Duration) error {
	err := c.WaitFor(timeout, "the name prompt or the room", func(s string) bool {
		return strings.Contains(s, textNamePrompt) || InWaitingRoom(s) || InGame(s)
	})
	if err != nil {
		return err
	}
	if strings.Contains(c.Text(), textNamePrompt) {
		if err := c.Send(name + KeyEnter); err != nil {
			return err
		}
	}
	return c.WaitFor(timeout, "the room", func(s string) bool { return InWaitingRoom(s) || InGame(s) })
}

// ErrRoomRefused is what CreateRoom returns when the server refuses the
// room because the key hosts as many as it may.
var ErrRoomRefused = errors.New("the server refused the room: the key hosts the most it may")

// CreateRoom is EnterRoom for a client that named a new room: it returns
// ErrRoomRefused if the server says the key hosts too many rooms.
func (c *Client) CreateRoom(name string, timeout time.Duration) error {
	refused := func(s string) bool { return strings.Contains(s, textRoomsPerKey) }
	err := c.WaitFor(timeout, "the name prompt, the room or a refusal", func(s string) bool {
		return strings.Contains(s, textNamePrompt) || InWaitingRoom(s) || InGame(s) || refused(s)
	})
	if err != nil {
		return err
	}
	if strings.Contains(c.Text(), textNamePrompt) {
		if err := c.Send(name + KeyEnter); err != nil {
			return err
		}
	}
	err = c.WaitFor(timeout, "the room or a refusal", func(s string) bool { return InWaitingRoom(s) || InGame(s) || refused(s) })
	if err == nil && refused(c.Text()) {
		return ErrRoomRefused
	}
	return err
}

// WaitWelcome waits for the first screen of a session without a room: the
// name prompt of a key the server has not met, or the lobby.
func (c *Client) WaitWelcome(timeout time.Duration) error {
	return c.WaitFor(timeout, "the name prompt or the lobby", func(s string) bool {
		return strings.Contains(s, textNamePrompt) || InLobby(s)
	})
}

// WaitSeated waits until the waiting room lists every one of names.
func (c *Client) WaitSeated(timeout time.Duration, names ...string) error {
	return c.WaitText(timeout, names...)
}

// Start starts the game from the host's waiting room and waits for it.
func (c *Client) Start(timeout time.Duration) error {
	if err := c.WaitText(timeout, textHostWaiting); err != nil {
		return err
	}
	if err := c.Send("s"); err != nil {
		return err
	}
	return c.WaitGame(timeout)
}

// WaitGame waits for the started game.
func (c *Client) WaitGame(timeout time.Duration) error {
	return c.WaitFor(timeout, "the game", InGame)
}

// Leave leaves the game or the room for the lobby, and the lobby, as a
// player does at the end (answering yes when asked to confirm), and waits
// for the session to end.
func (c *Client) Leave(timeout time.Duration) error {
	for range 3 {
		text := c.Text()
		if InLobby(text) {
			break
		}
		key := "q"
		if strings.Contains(text, textLeave) {
			key = "y"
		}
		if err := c.Send(key); err != nil {
			return err
		}
		err := c.WaitFor(timeout, "the lobby or the question to leave", func(s string) bool {
			return InLobby(s) || key == "q" && strings.Contains(s, textLeave)
		})
		if err != nil {
			return err
		}
	}
	if err := c.Send("q"); err != nil {
		return err
	}
	select {
	case <-c.done:
		return nil
	case <-time.After(timeout):
		return errors.New("the session did not end after leaving the lobby")
	}
}

// Hand returns the part of a game's screen that shows the player's own
// hand, the selection aside, or "" when text shows none.
func Hand(text string) string {
	lines := strings.Split(text, "\n")
	if x, y := deckBox(lines); x >= 0 {
		var b strings.Builder
		for _, line := range lines[y:min(y+6, len(lines))] {
			r := []rune(line)
			b.WriteString(unselect.Replace(string(r[:min(x, len(r))])) + "\n")
		}
		return b.String()
	}
	return ""
}

// unselect draws the selected card's double border as the others' single.
var unselect = strings.NewReplacer("╔", "╭", "╗", "╮", "╚", "╰", "╝", "╯", "═", "─", "║", "│")
