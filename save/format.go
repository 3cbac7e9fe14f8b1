package save

import (
	"bytes"
	"encoding/json"
	"strings"
)

// indentJSON lays out compact JSON for people: objects one member a line,
// but a flat array or object (one holding no containers) on one line when
// it fits, so a pile of cards or an action takes one line, and a long flat
// array wrapped at about lineWidth columns. json.MarshalIndent would put
// every card and every action field on its own line.
func indentJSON(compact []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(compact))
	dec.UseNumber()
	n, err := parseNode(dec)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(compact) + len(compact)/2)
	n.write(&b, 0)
	b.WriteByte('\n')
	return b.Bytes(), nil
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

func parseNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		b, err := marshalText(tok)
		return &node{scalar: string(b)}, err
	}
	n := &node{open: byte(d)}
	for dec.More() {
		if n.open == '{' {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			kb, err := marshalText(k)
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, string(kb))
		}
		kid, err := parseNode(dec)
		if err != nil {
			return nil, err
		}
		n.kids = append(n.kids, kid)
	}
	_, err = dec.Token() // the closing delimiter
	return n, err
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
