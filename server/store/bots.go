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
	// BotFault records a fault of the bot whose key is key, at at: its
	// faults older than window are forgotten, and the toBench-th within
	// it benches the bot until at+benchFor (its faults forgotten then).
	// It reports whether the bot is benched now, and until when.
	BotFault(ctx context.Context, key string, at time.Time, window time.Duration, toBench int, benchFor time.Duration) (until time.Time, benched bool, err error)
	// BotBenched reports until when the bot whose key is key is benched,
	// if it is at now.
	BotBenched(ctx context.Context, key string, now time.Time) (until time.Time, benched bool, err error)
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

// BotFault implements Bots, in one transaction that locks the bot's row
// first: servers sharing the store count one bot's faults together.
func (s *SQL) BotFault(ctx context.Context, key string, at time.Time, window time.Duration, toBench int, benchFor time.Duration) (until time.Time, benched bool, err error) {
	ctx, done := s.call(ctx, "bot fault", "")
	defer done()
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var owner string
		if err := tx.QueryRowContext(ctx, `SELECT owner FROM bots WHERE fingerprint = $1`+s.forUpdate, key).Scan(&owner); err != nil {
			return err // a bot's key is registered: ErrNoRows cannot be
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM bot_faults WHERE fingerprint = $1 AND at <= $2`, key, at.Add(-window).UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO bot_faults (fingerprint, at) VALUES ($1, $2)`, key, at.UnixMilli()); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM bot_faults WHERE fingerprint = $1`, key).Scan(&n); err != nil {
			return err
		}
		if n < toBench {
			return nil
		}
		until, benched = at.Add(benchFor), true
		if _, err := tx.ExecContext(ctx, `DELETE FROM bot_faults WHERE fingerprint = $1`, key); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE bots SET benched_until = $1 WHERE fingerprint = $2`, until.UnixMilli(), key)
		return err
	})
	if err != nil {
		return time.Time{}, false, err
	}
	return until, benched, nil
}

// BotBenched implements Bots.
func (s *SQL) BotBenched(ctx context.Context, key string, now time.Time) (time.Time, bool, error) {
	ctx, done := s.call(ctx, "bot benched", "")
	defer done()
	var until int64
	err := s.db.QueryRowContext(ctx, `SELECT benched_until FROM bots WHERE fingerprint = $1`, key).Scan(&until)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return time.Time{}, false, nil
	case err != nil:
		return time.Time{}, false, err
	}
	t := time.UnixMilli(until)
	return t, now.Before(t), nil
}
