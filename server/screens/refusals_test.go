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
// and the log's short sentence, has its key, whose English and French
// differ, wrapped or not.
func TestServerRefusalsSaid(t *testing.T) {
	args := map[lobby.Reason][]any{
		lobby.RefRoomName: {lobby.MaxRoomName}, lobby.RefLevelUnknown: {"hard", "easy, medium"},
		lobby.RefElsewhere: {"ssh -t host room"}, lobby.RefRoomsPerKey: {3},
		lobby.RefNameLength: {lobby.MaxNameLen, lobby.MaxNameLen},
		lobby.RefDataInUse:  {"/srv/mille/mille.lock"}, lobby.RefDataInUsePID: {"4242", "/srv/mille/mille.lock"},
	}
	errs := []error{events.ErrServerFault}
	for why := range lobby.NumReasons {
		errs = append(errs, &lobby.Refusal{Why: why, Args: args[why]})
	}
	for _, err := range errs {
		for _, e := range []error{err, fmt.Errorf("joining: %w", err)} {
			if k, _, ok := serverRefusal(e); !ok || lang.English.Text[k] == "" || !lang.Says(e) {
				t.Errorf("%v: not in the catalogue", err)
			}
			if en, fr := lang.English.Error(e), lang.French.Error(e); fr == en || fr == "" {
				t.Errorf("%v: English %q, French %q", err, en, fr)
			}
		}
	}
	if k, _, ok := serverRefusal(errors.New("other")); ok {
		t.Errorf("another error is said as %v", k)
	}
}
