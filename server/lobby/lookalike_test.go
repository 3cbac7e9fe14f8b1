package lobby

import (
	"errors"
	"testing"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/servertest"
)

// lookAlikes is issue 32's probe: names that pass for another player's,
// by the name they pass for. Ꭺda (a Cherokee Ꭺ), ᴀda (a small capital)
// and ǅan were taken beside Ada and Dan; the rest were refused already.
var lookAlikes = map[string][]string{
	"Ada": {
		"Ꭺda", "ᴀda", "Аda", "Adа", "ΑDΑ", "ADA", "ada", "Ａｄａ", "𝐀𝐝𝐚", "Ada\u0301",
		"Ádá", "A da", "Αda", "ᴀᴅᴀ", "𝔄da",
	},
	"Dan": {"ǅan", "Dаn", "DAN", "Ꭰan", "ᴅan", "Dαn", "Dɑn", "Ďan", "𝔇an", "Ｄａｎ"},
	"Alice": {
		"AIice", "A1ice", "A|ice", "Аlice", "Alicе", "Ali\u0441e", "ΑLICE", "Alіce", "ALICE",
		"Alıce", "ᴀʟɪᴄᴇ", "Ꭺlice",
	},
	"Olga": {"0lga", "Οlga", "Оlga", "Olgа", "ОLGA"},
}

// TestLookAlikesRefused (issue 32): every look-alike of the probe is
// refused beside the name it passes for, through the claim of a name a
// server makes (Users.SetName, its store and the claims it keeps), and
// names that only start alike are still free.
func TestLookAlikesRefused(t *testing.T) {
	users := NewUsers(servertest.NewStore(t))
	n := 0
	for original, alikes := range lookAlikes {
		if err := users.SetName(bg, "first-"+original, original); err != nil {
			t.Fatalf("%s: %v", original, err)
		}
		for _, name := range alikes {
			n++
			err := users.SetName(bg, "other", name)
			if err == nil {
				t.Errorf("%q (%+q) taken beside %s", name, name, original)
			}
			var e *Refusal
			if !errors.Is(err, ErrNameTaken) && (!errors.As(err, &e) || e.Why != RefNameJoined) {
				t.Errorf("%q beside %s: %v", name, original, err)
			}
		}
	}
	if n < 40 {
		t.Errorf("the probe has %d look-alikes", n)
	}
	for _, name := range []string{"Adam", "Dana", "Alina", "Алиса", "Oleg", "Džan"} {
		if err := users.SetName(bg, "free-"+name, name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
}

// TestNamesNotTranslated (issue 33, 3): a translation of "you" changes
// no name a player may take: the catalogue says the names, package names
// decides them.
func TestNamesNotTranslated(t *testing.T) {
	you := lang.French.Text[lang.NameYou]
	t.Cleanup(func() { lang.French.Text[lang.NameYou] = you })
	lang.French.Text[lang.NameYou] = "Toi"
	if err := ValidName("Toi"); err != nil {
		t.Errorf("Toi, after a translation of you: %v", err)
	}
	var e *Refusal
	if err := ValidName("Vous"); !errors.As(err, &e) || e.Why != RefNameYou {
		t.Errorf("Vous, after a translation of you: %v", err)
	}
}
