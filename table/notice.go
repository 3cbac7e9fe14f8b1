package table

import (
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// NoticeKind is what a table's news is about.
type NoticeKind uint8

// The kinds of news.
const (
	NoNotice         NoticeKind = iota
	NoticeHost                  // Name is the host now
	NoticeBack                  // Name came back to their seat
	NoticeSaved                 // the host saved the game, under the name Name
	NoticeNotSaved              // the game could not be saved
	NoticeShutdown              // the server shuts down; the game is saved as Name
	NoticeNotKept               // the server cannot write the game down for now; it keeps trying
	NoticeKeptAgain             // the server writes the game down again
	NoticeMoved                 // the room Name goes on on another server (its lease was taken)
	NoticeStoreLost             // the server lost its database: room Name goes on elsewhere, or here later
	NoticeWriting               // the move is being written down, slowly: the game waits (Config.Moved)
	NoticeNotWritten            // the last move could not be written down, so it was not made
	NoticeReloaded              // room Name was played elsewhere meanwhile: the server reads it again
)

// Final reports whether the notice says why the table ended (a server
// of several lost it): the program that showed the table tells it then.
func (n Notice) Final() bool {
	return n.Kind == NoticeMoved || n.Kind == NoticeStoreLost || n.Kind == NoticeReloaded
}

// Notice is the table's latest news for everyone. Each viewer tells it in
// its own words: English for the full screen, the line mode's catalogue.
type Notice struct {
	Kind NoticeKind
	Name string // whom or what it is about
	// Join is the command that joins room Name again, for a notice that
	// says the room ended here (Final).
	Join string
}

// Text tells the notice in a sentence in the language l (the
// catalogue's words, the line mode's and the full screen's alike); ""
// for none.
func (n Notice) Text(l *lang.Catalogue) string {
	switch n.Kind {
	case NoticeHost:
		return l.T(lang.NoticeHost, n.Name)
	case NoticeBack:
		return l.T(lang.NoticeBack, n.Name)
	case NoticeSaved:
		return l.T(lang.NoticeSaved, n.Name)
	case NoticeNotSaved:
		return l.T(lang.NoticeNotSaved)
	case NoticeNotKept:
		return l.T(lang.NoticeNotKept)
	case NoticeKeptAgain:
		return l.T(lang.NoticeKept)
	case NoticeShutdown:
		return l.T(lang.NoticeShutdown, n.Name)
	case NoticeMoved:
		return l.T(lang.NoticeMoved, n.Name, n.Join)
	case NoticeStoreLost:
		return l.T(lang.NoticeStoreLost, n.Name, n.Join)
	case NoticeReloaded:
		return l.T(lang.NoticeReloaded, n.Name, n.Join)
	case NoticeWriting:
		return l.T(lang.NoticeWriting)
	case NoticeNotWritten:
		return l.T(lang.NoticeNotWritten)
	}
	return ""
}

// MissedTold tells in l's words what Missed lists for the person at seat,
// a sentence a move, each distance with its side's total after it (a
// listener keeps count), with the front end's names (View.Names). Both
// front ends say it as the keyboard passes back to that person.
func (v *View) MissedTold(l *lang.Catalogue, names engine.Names, seat int) []string {
	missed := v.Missed(seat)
	if len(missed) == 0 {
		return nil
	}
	total := v.MilesAfter(missed[0])
	var told []string
	for _, at := range missed {
		if s := v.Told(l, names, at, total[at-missed[0]]); s != "" {
			told = append(told, s)
		}
	}
	return told
}
