package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"
)

// Bots is what the bot ladder keeps in a store: which keys are bot
// programs, and whose. A bot's key is an identity as a person's is (its
// name, its rating); the owner is the person who registered it, and the
// two never play a rated game together (SQL.rate). SQL implements it.
type Bots interface {
	// RegisterBot records key as a bot of owner's, called name (claim
	// being the name's claim, as ClaimName takes it), at at. It refuses
	// with ErrBotOwned a key another owner registered, with ErrBotSelf
	// the owner's own key, with ErrBotOwner an owner that is a bot, and
	// with ErrNameTaken a name another key holds; nothing is recorded
	// then. The owner registering their bot again renames it.
	RegisterBot(ctx context.Context, key, owner, name, claim string, at time.Time) error
	// BotOwner is the owner of the bot whose key is key; ok is false for
	// a key that is no bot.
	BotOwner(ctx context.Context, key string) (owner string, ok bool, err error)
}

// The refusals of RegisterBot.
var (
	ErrBotOwned = errors.New("another person registered that key as their bot")
	ErrBotSelf  = errors.New("the key you connect with cannot be your own bot")
	ErrBotOwner = errors.New("a bot cannot register bots")
)

// RegisterBot implements Bots, in one transaction.
func (s *SQL) RegisterBot(ctx context.Context, key, owner, name, claim string, at time.Time) error {
	if key == owner {
		return ErrBotSelf
	}
	ctx, release, err := s.nameCall(ctx, "register bot")
	if err != nil {
		return err
	}
	defer release()
	return s.inTx(ctx, func(tx *sql.Tx) error {
		switch _, isBot, err := ownerOf(ctx, tx, owner); {
		case err != nil:
			return err
		case isBot:
			return ErrBotOwner
		}
		switch had, isBot, err := ownerOf(ctx, tx, key); {
		case err != nil:
			return err
		case isBot && had != owner:
			return ErrBotOwned
		}
		if err := claimTx(ctx, tx, key, name, claim); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO bots (fingerprint, owner, registered) VALUES ($1, $2, $3)
			ON CONFLICT (fingerprint) DO NOTHING`, key, owner, at.Unix())
		return err
	})
}

// ownerOf is BotOwner within tx (or the store's db).
func ownerOf(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, key string) (string, bool, error) {
	var owner string
	err := q.QueryRowContext(ctx, `SELECT owner FROM bots WHERE fingerprint = $1`, key).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return owner, err == nil, err
}

// BotOwner implements Bots.
func (s *SQL) BotOwner(ctx context.Context, key string) (string, bool, error) {
	ctx, done := s.call(ctx, "bot owner", "")
	defer done()
	return ownerOf(ctx, s.db, key)
}

// ownBot reports whether one of keys is a bot another of keys owns:
// their game is not rated (no rated game against your own bot).
func ownBot(ctx context.Context, tx *sql.Tx, keys []string) (bool, error) {
	for _, key := range keys {
		owner, isBot, err := ownerOf(ctx, tx, key)
		if err != nil {
			return false, err
		}
		if isBot && slices.Contains(keys, owner) {
			return true, nil
		}
	}
	return false, nil
}
