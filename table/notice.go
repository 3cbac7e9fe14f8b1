package table

// NoticeKind is what a table's news is about.
type NoticeKind uint8

// The kinds of news.
const (
	NoNotice        NoticeKind = iota
	NoticeHost                 // Name is the host now
	NoticeBack                 // Name came back to their seat
	NoticeSaved                // the host saved the game, under the name Name
	NoticeNotSaved             // the game could not be saved
	NoticeShutdown             // the server shuts down; the game is saved as Name
	NoticeNotKept              // the server cannot write the game down for now; it keeps trying
	NoticeKeptAgain            // the server writes the game down again
)

// Notice is the table's latest news for everyone. Each viewer tells it in
// its own words: English for the full screen, the line mode's catalogue.
type Notice struct {
	Kind NoticeKind
	Name string // whom or what it is about
}

// English tells the notice in a sentence; "" for none.
func (n Notice) English() string {
	switch n.Kind {
	case NoticeHost:
		return n.Name + " is now the host."
	case NoticeBack:
		return n.Name + " is back."
	case NoticeSaved:
		return "The host saved the game (" + n.Name + ")."
	case NoticeNotSaved:
		return "The game could not be saved."
	case NoticeNotKept:
		return "The server cannot write this game down for now: play on, it keeps the moves and tries again."
	case NoticeKeptAgain:
		return "The server writes this game down again: nothing was lost."
	case NoticeShutdown:
		return "The server is shutting down. The game is saved: come back with ssh -t ... " + n.Name
	}
	return ""
}
