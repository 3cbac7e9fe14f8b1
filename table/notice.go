package table

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
	NoticeRated                 // the rated game just over changed the viewer's rating by Change, to Rating
	NoticeForfeit               // Name broke the bot protocol or left, and lost the game: the table ends
)

// Final reports whether the notice says why the table ended (a server
// of several lost it): the program that showed the table tells it then.
func (n Notice) Final() bool {
	return n.Kind == NoticeMoved || n.Kind == NoticeStoreLost || n.Kind == NoticeReloaded || n.Kind == NoticeForfeit
}

// Notice is the table's latest news for everyone. Each viewer tells it in
// its reader's words (lang.Catalogue.Notice).
type Notice struct {
	Kind NoticeKind
	Name string // whom or what it is about
	// Join is the command that joins room Name again, for a notice that
	// says the room ended here (Final).
	Join string
	// Change and Rating are, in a NoticeRated, what the game did to the
	// viewer's rating and the rating it left: each person at the table
	// reads their own (Table.Rated).
	Change, Rating int
}

// Rating is what a rated game did to one person's rating (Table.Rated).
type Rating struct {
	Change, Rating int
}
