package lobby

import (
	"context"
	"errors"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/server/store"
)

// The files the server keeps in its data folder.
const (
	StoreFile = "mille.db" // the server's database (package store)
	// UsersFile held the players' names before the store; OpenStore
	// moves it in.
	UsersFile = "users.json"
)

// Users remembers the name each player chose, by the fingerprint of their
// SSH public key, in the server's store: the key is the identity, there
// are no passwords. Safe for concurrent use.
type Users struct {
	store store.Store
}

// NewUsers returns the players' names kept in st.
func NewUsers(st store.Store) *Users { return &Users{store: st} }

// Name returns the name chosen by the player with key fingerprint id. A
// name the store cannot read now is unknown: the player is asked again.
func (u *Users) Name(ctx context.Context, id string) (string, bool) {
	name, ok, _ := u.lookup(ctx, id)
	return name, ok
}

// lookup is Name with the store's error, if it could not be read: the
// player is then told why they are asked (Admission.Unread).
func (u *Users) lookup(ctx context.Context, id string) (string, bool, error) {
	name, ok, err := u.store.Name(ctx, id)
	return name, ok && err == nil, err
}

// ErrNameTaken refuses a name another player has.
var ErrNameTaken = refuse(RefNameTaken)

// SetName checks name (ValidName) and remembers it for id. A name is one
// player's: another's, written in other capitals or widths, is refused.
func (u *Users) SetName(ctx context.Context, id, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	err := u.store.ClaimName(ctx, id, name, names.Skeleton(name))
	switch {
	case errors.Is(err, store.ErrNameTaken):
		return ErrNameTaken
	case err != nil:
		return refuse(RefNameNotKept)
	}
	return nil
}

// MaxNameLen bounds a player's name, in characters and in the columns it
// takes on a terminal (a fullwidth letter takes two), so it fits on the
// board.
const MaxNameLen = 12

// ValidName checks a player's name: valid UTF-8, 1 to MaxNameLen
// characters and columns of letters, digits, spaces or punctuation, which
// people can see (the PRECIS nickname profile's, RFC 8266), and which are
// none of the names mille gives seats itself, nor look like one
// (names.Reserved).
func ValidName(name string) error {
	if !utf8.ValidString(name) {
		// Bytes that are no text were once greeted as a blank name and
		// stored raw.
		return refuse(RefNameBytes)
	}
	if name == "" || utf8.RuneCountInString(name) > MaxNameLen || ansi.StringWidth(name) > MaxNameLen {
		return refuse(RefNameLength, MaxNameLen, MaxNameLen)
	}
	visible := false
	for i, r := range name {
		switch {
		case !unicode.IsPrint(r):
			return refuse(RefNamePrintable)
		case unicode.Is(unicode.M, r) && i == 0:
			// A mark first would sit on whatever precedes the name.
			return refuse(RefNameMarkFirst)
		case !unicode.Is(unicode.M, r) && !unicode.IsSpace(r):
			visible = true
		}
	}
	if !visible {
		return refuse(RefNameInvisible)
	}
	if _, err := precis.Nickname.String(name); err != nil {
		return refuse(RefNameSigns)
	}
	if joined(name) {
		return refuse(RefNameJoined)
	}
	if names.IsYou(name) {
		// Every screen says it of the viewer's own seat, in the
		// viewer's language.
		return refuse(RefNameYou)
	}
	if names.Reserved(name) {
		// Look-alikes too: nobody may pass for a computer.
		return refuse(RefNameMille)
	}
	return nil
}

// joined reports whether name holds a character that stands for several
// letters in one column (ǅ for Dž, ﬁ, ĳ): a terminal squeezes them into
// one cell, where ǅan passes for Dan as well as for Džan, so no fold can
// say which name it looks like.
func joined(name string) bool {
	for _, r := range name {
		if !unicode.IsLetter(r) {
			continue
		}
		letters := 0
		for _, c := range norm.NFKC.String(string(r)) {
			if unicode.IsLetter(c) {
				letters++
			}
		}
		if letters > 1 && ansi.StringWidth(string(r)) < letters {
			return true
		}
	}
	return false
}
