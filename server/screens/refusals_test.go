package screens

import (
	"errors"
	"fmt"
	"testing"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/lobby"
)

// TestServerRefusalsSaid (issue 33): every code of the lobby's refusals,
// and the log's short sentence, has its key: the catalogue's English is
// the code's own (its Error, for logs), the French differs, wrapped or
// not.
func TestServerRefusalsSaid(t *testing.T) {
	args := map[lobby.Reason][]any{
		lobby.RefRoomName: {lobby.MaxRoomName}, lobby.RefLevelUnknown: {"hard", "easy, medium"},
		lobby.RefElsewhere: {"ssh -t host room"}, lobby.RefRoomsPerKey: {3},
		lobby.RefNameLength: {lobby.MaxNameLen, lobby.MaxNameLen},
	}
	errs := []error{events.ErrServerFault}
	for why := range lobby.NumReasons {
		errs = append(errs, &lobby.Refusal{Why: why, Args: args[why]})
	}
	for _, err := range errs {
		for _, e := range []error{err, fmt.Errorf("joining: %w", err)} {
			if en := lang.English.Error(e); en != err.Error() {
				t.Errorf("%v: English %q", err, en)
			}
			if fr := lang.French.Error(e); fr == err.Error() || fr == "" {
				t.Errorf("%v: French %q", err, fr)
			}
		}
	}
	if k, _, ok := serverRefusal(errors.New("other")); ok {
		t.Errorf("another error is said as %v", k)
	}
}
