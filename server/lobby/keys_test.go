package lobby

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/millebornes/mille/server/internal/servertest"
)

// written is how many bytes the process has written so far (Linux's
// /proc/self/io), or -1 where that is not known.
func written() int64 {
	f, err := os.Open("/proc/self/io")
	if err != nil {
		return -1
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if v, ok := strings.CutPrefix(sc.Text(), "wchar: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return -1
}

// TestRegistrationWritesLittle: with 50,000 people known, registering
// one more writes a few pages, not every name again (issue 15, defect 8:
// users.json was rewritten whole under the login lock; at 500,000 names a
// registration took 2 s and logins waited as long).
func TestRegistrationWritesLittle(t *testing.T) {
	if written() < 0 {
		t.Skip("no /proc/self/io here")
	}
	st := servertest.NewStore(t)
	names := map[string]string{}
	for i := range 50_000 {
		names[fmt.Sprintf("SHA256:%043d", i)] = fmt.Sprint("p", i)
	}
	if err := st.ImportNames(bg, names, nil); err != nil {
		t.Fatal(err)
	}
	users := NewUsers(st)
	before := written()
	if err := users.SetName(bg, "SHA256:newcomer", "Newcomer"); err != nil {
		t.Fatal(err)
	}
	n := written() - before
	if n > 1<<20 {
		t.Fatalf("one registration wrote %d bytes", n)
	}
	t.Logf("one registration wrote %d bytes", n)
	if name, ok := users.Name(bg, "SHA256:newcomer"); !ok || name != "Newcomer" {
		t.Fatalf("the newcomer's name: %q", name)
	}
}
