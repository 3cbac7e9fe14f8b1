package save

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// indentJSON lays out compact JSON for people: objects one member a line,
// but a flat array or object (one holding no containers) on one line when
// it fits, so a pile of cards or an action takes one line, and a long flat
// array wrapped at about lineWidth columns. json.MarshalIndent would put
// every card and every action field on its own line.
func indentJSON(compact []byte) ([]byte, error) {
	p := jsonParser{data: compact}
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	if p.skipSpace(); p.i != len(p.data) {
		return nil, p.fail()
	}
	var b bytes.Buffer
	b.Grow(len(compact) + len(compact)/2)
	n.write(&b, 0)
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// jsonParser reads the JSON that json.Marshal wrote into nodes, by hand:
// encoding/json's token reader costs several allocations a token, which
// made laying out a long game's save most of its cost (an autosave
// follows every move).
type jsonParser struct {
	data []byte
	i    int
}

func (p *jsonParser) fail() error {
	return fmt.Errorf("laying out the JSON: unexpected input at byte %d", p.i)
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.data) && strings.IndexByte(" \t\r\n", p.data[p.i]) >= 0 {
		p.i++
	}
}

// value reads the next value: a container and all it holds, or a scalar.
func (p *jsonParser) value() (*node, error) {
	p.skipSpace()
	if p.i >= len(p.data) {
		return nil, p.fail()
	}
	switch c := p.data[p.i]; c {
	case '{', '[':
		p.i++
		n := &node{open: c}
		p.skipSpace()
		if p.i < len(p.data) && p.data[p.i] == n.close() {
			p.i++
			return n, nil
		}
		for {
			if c == '{' {
				p.skipSpace()
				k, err := p.str()
				if err != nil {
					return nil, err
				}
				if p.skipSpace(); p.i >= len(p.data) || p.data[p.i] != ':' {
					return nil, p.fail()
				}
				p.i++
				n.keys = append(n.keys, k)
			}
			kid, err := p.value()
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
			if p.skipSpace(); p.i >= len(p.data) {
				return nil, p.fail()
			}
			switch p.data[p.i] {
			case ',':
				p.i++
			case n.close():
				p.i++
				return n, nil
			default:
				return nil, p.fail()
			}
		}
	case '"':
		s, err := p.str()
		return &node{scalar: s}, err
	default: // a number, true, false or null: up to the next delimiter
		start := p.i
		for p.i < len(p.data) && strings.IndexByte(",]} \t\r\n", p.data[p.i]) < 0 {
			p.i++
		}
		return &node{scalar: string(p.data[start:p.i])}, nil
	}
}

// str reads a string as marshalText spells it: one without escapes as
// it stands, one with escapes (json.Marshal's \u003c for "<", say)
// decoded and written again without the HTML escapes.
func (p *jsonParser) str() (string, error) {
	if p.i >= len(p.data) || p.data[p.i] != '"' {
		return "", p.fail()
	}
	start, escaped := p.i, false
	for p.i++; p.i < len(p.data) && p.data[p.i] != '"'; p.i++ {
		if p.data[p.i] == '\\' {
			escaped = true
			p.i++
		}
	}
	if p.i >= len(p.data) {
		return "", p.fail()
	}
	p.i++
	raw := p.data[start:p.i]
	if !escaped {
		return string(raw), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", err
	}
	b, err := marshalText(s)
	return string(b), err
}

const (
	lineWidth = 100 // wrap long flat arrays here
	flatWidth = 160 // the longest flat container kept on one line
)

type node struct {
	scalar string // the JSON text of a scalar; "" for a container
	open   byte   // '{' or '[' for a container
	keys   []string
	kids   []*node
}

func (n *node) flat() bool {
	for _, k := range n.kids {
		if k.scalar == "" {
			return false
		}
	}
	return true
}

func (n *node) close() byte {
	if n.open == '{' {
		return '}'
	}
	return ']'
}

// oneLine writes a flat node as `{"a": 1, "b": 2}` or `["Go", "100"]`.
func (n *node) oneLine() string {
	var b strings.Builder
	b.WriteByte(n.open)
	for i, k := range n.kids {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.open == '{' {
			b.WriteString(n.keys[i])
			b.WriteString(": ")
		}
		b.WriteString(k.scalar)
	}
	b.WriteByte(n.close())
	return b.String()
}

func (n *node) write(b *bytes.Buffer, indent int) {
	if n.scalar != "" {
		b.WriteString(n.scalar)
		return
	}
	if len(n.kids) == 0 {
		b.WriteByte(n.open)
		b.WriteByte(n.close())
		return
	}
	pad := strings.Repeat("  ", indent+1)
	if n.flat() {
		if line := n.oneLine(); len(line)+2*indent <= flatWidth {
			b.WriteString(line)
			return
		}
		if n.open == '[' { // wrap: several scalars a line
			b.WriteString("[\n")
			b.WriteString(pad)
			col := len(pad)
			for i, k := range n.kids {
				if i > 0 {
					b.WriteByte(',')
					if col+len(k.scalar)+2 > lineWidth {
						b.WriteString("\n")
						b.WriteString(pad)
						col = len(pad)
					} else {
						b.WriteByte(' ')
						col += 2
					}
				}
				b.WriteString(k.scalar)
				col += len(k.scalar)
			}
			b.WriteString("\n")
			b.WriteString(pad[2:])
			b.WriteByte(']')
			return
		}
	}
	b.WriteByte(n.open)
	for i, k := range n.kids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
		b.WriteString(pad)
		if n.open == '{' {
			b.WriteString(n.keys[i])
			b.WriteString(": ")
		}
		k.write(b, indent+1)
	}
	b.WriteByte('\n')
	b.WriteString(pad[2:])
	b.WriteByte(n.close())
}

// marshalText is json.Marshal without the HTML escapes, so a name with
// "&" or "<" reads as typed.
func marshalText(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
