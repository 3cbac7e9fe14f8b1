package lobby

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/millebornes/mille/lang"
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
func (u *Users) Name(id string) (string, bool) {
	name, ok, err := u.store.Name(id)
	return name, ok && err == nil
}

// ErrNameTaken refuses a name another player has.
var ErrNameTaken = errors.New("another player has that name: choose another")

// SetName checks name (ValidName) and remembers it for id. A name is one
// player's: another's, written in other capitals or widths, is refused.
func (u *Users) SetName(id, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	err := u.store.ClaimName(id, name, foldName(name))
	switch {
	case errors.Is(err, store.ErrNameTaken):
		return ErrNameTaken
	case err != nil:
		return errors.New("the server could not keep your name; try again")
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
// not a computer player's.
func ValidName(name string) error {
	if !utf8.ValidString(name) {
		// Bytes that are no text were once greeted as a blank name and
		// stored raw.
		return errors.New("a name is text your terminal sends as UTF-8: these bytes are not")
	}
	if name == "" || utf8.RuneCountInString(name) > MaxNameLen || ansi.StringWidth(name) > MaxNameLen {
		return fmt.Errorf("a name is 1 to %d characters, as wide as %d letters", MaxNameLen, MaxNameLen)
	}
	visible := false
	for i, r := range name {
		switch {
		case !unicode.IsPrint(r):
			return errors.New("a name has only printable characters")
		case unicode.Is(unicode.M, r) && i == 0:
			// A mark first would sit on whatever precedes the name.
			return errors.New("a name starts with a letter, a digit or a sign")
		case !unicode.Is(unicode.M, r) && !unicode.IsSpace(r):
			visible = true
		}
	}
	if !visible {
		return errors.New("a name needs a letter, a digit or a sign one can see")
	}
	if _, err := precis.Nickname.String(name); err != nil {
		return errors.New("a name has only letters, digits, spaces or signs")
	}
	if computerName.MatchString(foldName(name)) {
		return errors.New("that is a computer player's name: choose another")
	}
	for _, c := range lang.All {
		if foldName(name) == foldName(c.Text[lang.NameYou]) {
			// Every screen says it of the viewer's own seat, in the
			// viewer's language.
			return errors.New("that is how mille names each player's own seat: choose another")
		}
	}
	return nil
}

// computerName matches the folded names of computer players (table's
// ComputerName, as each language says it) and their look-alikes
// (foldName writes 0 as o, 1 as i).
var computerName = func() *regexp.Regexp {
	var words []string
	for _, c := range lang.All {
		words = append(words, regexp.QuoteMeta(foldName(c.Text[lang.NameComputer])))
	}
	return regexp.MustCompile(`^(` + strings.Join(words, "|") + `)[0-9oi]*$`)
}()

// foldName is the form in which two names that look alike are equal, their
// skeleton: the PRECIS nickname profile's form (RFC 8266: widths and
// compatibility characters folded, NFKC), without spaces or accents (marks
// after NFD), in lower case, each letter that passes for a Latin one
// written as that letter (lookAlike). "Alice", "ALICE", "Alíce",
// "Ａｌｉｃｅ", "AIice" and "Аlice" with a Cyrillic А are one name.
func foldName(name string) string {
	if n, err := precis.Nickname.String(name); err == nil {
		name = n
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(name) {
		if unicode.IsSpace(r) || unicode.Is(unicode.M, r) {
			continue
		}
		if l, ok := lookAlikeCapital[r]; ok {
			r = l
		}
		r = unicode.ToLower(r)
		if l, ok := lookAlike[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lookAlike maps the small letters of other scripts that most fonts draw
// as a Latin letter, and the Latin letters and digits that pass for one
// another, to one Latin letter: the common entries of Unicode's
// confusables (UTS #39), written down here for the scripts a player's
// keyboard most likely has. Names are compared in lower case, so a capital
// I and a small l are both i, as are 1 and |.
var lookAlike = map[rune]rune{
	// Latin and digits.
	'l': 'i', '1': 'i', '|': 'i', 'ı': 'i', '0': 'o', 'ɑ': 'a', 'ɡ': 'g',
	// Cyrillic.
	'а': 'a', 'в': 'b', 'ь': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'һ': 'h', 'н': 'h',
	'і': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'о': 'o', 'п': 'n', 'р': 'p', 'ԛ': 'q',
	'ѕ': 's', 'т': 't', 'ԝ': 'w', 'х': 'x', 'у': 'y', 'ү': 'y',
	// Greek.
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'μ': 'u', 'ν': 'v',
	'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'γ': 'y', 'χ': 'x', 'ω': 'w',
}

// lookAlikeCapital maps the capitals whose small letter looks like another
// Latin letter than they do (a Greek Μ is an M, its μ a u), before the
// names are put in lower case.
var lookAlikeCapital = map[rune]rune{
	'Ζ': 'z', 'Η': 'h', 'Μ': 'm', 'Ν': 'n', 'Υ': 'y',
}
