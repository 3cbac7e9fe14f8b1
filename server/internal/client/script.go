package client

import (
	"errors"
	"strings"
	"time"
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
	textLobby       = "n: new room"          // the lobby's key line
	textHostWaiting = "s: start"             // the waiting room, seen by its host
	textWaiting     = "Waiting for the host" // the waiting room, seen by a guest
	textInGame      = "Your hand:"           // a started game
)

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
func InGame(text string) bool { return strings.Contains(text, textInGame) }

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

// Register types name at the name prompt of a first login and waits for
// the lobby (the client dialled without a room).
func (c *Client) Register(name string, timeout time.Duration) error {
	if err := c.WaitText(timeout, textNamePrompt); err != nil {
		return err
	}
	if err := c.Send(name + KeyEnter); err != nil {
		return err
	}
	return c.WaitFor(timeout, "the lobby", InLobby)
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
// player does at the end, and waits for the session to end.
func (c *Client) Leave(timeout time.Duration) error {
	if !InLobby(c.Text()) {
		if err := c.Send("q"); err != nil {
			return err
		}
		if err := c.WaitFor(timeout, "the lobby", InLobby); err != nil {
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
// hand, or "" when text shows none.
func Hand(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, textInGame) {
			return line
		}
	}
	return ""
}
