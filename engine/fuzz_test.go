package engine

import (
	"encoding/binary"
	"testing"
)

// FuzzApply plays arbitrary action sequences: the first byte picks the
// configuration, the next eight the seed, and each following pair either
// picks a legal action (even first byte) or forms a raw action that may be
// illegal. Nothing may panic and every state must stay valid.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 0, 2, 1, 0x12, 0, 3})
	f.Add([]byte{3, 9, 9, 9, 9, 9, 9, 9, 9, 1, 0x25, 2, 0, 4, 4})
	f.Add(make([]byte, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		cfg := allConfigs[int(data[0])%len(allConfigs)]
		s, err := New(cfg, binary.LittleEndian.Uint64(data[1:9]))
		if err != nil {
			t.Fatal(err)
		}
		var buf [MaxLegal]Action
		for rest := data[9:]; len(rest) >= 2; rest = rest[2:] {
			legal := s.Legal(buf[:0])
			if len(legal) == 0 {
				t.Fatalf("no legal action in phase %v", s.Phase)
			}
			var a Action
			if rest[0]%2 == 0 {
				a = legal[int(rest[1])%len(legal)]
			} else {
				a = Action(binary.LittleEndian.Uint16(rest))
			}
			before := s
			err := s.Step(a)
			isLegal := false
			for _, l := range legal {
				isLegal = isLegal || l == a
			}
			if isLegal != (err == nil) {
				t.Fatalf("%v: legal=%v, Step error %v", a, isLegal, err)
			}
			if err != nil && s != before {
				t.Fatalf("refused %v changed the state", a)
			}
			if err := s.Validate(); err != nil {
				t.Fatalf("after %v: %v", a, err)
			}
		}
	})
}
