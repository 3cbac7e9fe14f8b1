package store

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// fingerprint is a key fingerprint as ssh spells it, for person i.
func fingerprint(i int) string {
	sum := sha256.Sum256(fmt.Append(nil, i))
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}

// BenchmarkIdentities measures the logins and registrations of a server
// that knows 500,000 people (docs/benchmarks.md): a login reads a name,
// a registration writes one, and logins go on while others register.
func BenchmarkIdentities(b *testing.B) {
	const known = 500_000
	s := newStore(b)
	names := make(map[string]string, known)
	for i := range known {
		names[fingerprint(i)] = fmt.Sprint("p", i)
	}
	start := time.Now()
	if err := s.ImportNames(bg, names, nil); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d names imported in %v", known, time.Since(start))
	next := atomic.Int64{}
	next.Store(known)
	register := func() {
		if err := s.SetName(bg, fingerprint(int(next.Add(1))), "newcomer"); err != nil {
			b.Error(err)
		}
	}
	b.Run("login", func(b *testing.B) {
		for i := range b.N {
			if _, ok, err := s.Name(bg, fingerprint(i*7919%known)); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("register", func(b *testing.B) {
		for range b.N {
			register()
		}
	})
	b.Run("login-while-registering", func(b *testing.B) {
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				select {
				case <-stop:
					return
				default:
					register()
				}
			}
		}()
		for i := range b.N {
			if _, ok, err := s.Name(bg, fingerprint(i*7919%known)); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
		close(stop)
		<-done
	})
}
