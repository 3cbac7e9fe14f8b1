package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"strings"

	"github.com/millebornes/mille/engine"
)

// maxDepth bounds the nesting of a save's JSON: the format needs 4 levels
// (state, tableaus, a tableau, its cards); the rest is margin for
// migrations.
const maxDepth = 10

// Read loads the game saved at path and checks it through (see Decode).
// The error, if any, is one line that starts with path: "x.mille.json:
// card count: the game has 3 Stop cards, the deck 5". A missing file gives
// an error for which errors.Is(err, fs.ErrNotExist) holds. Read never
// writes to the file.
func Read(path string) (Game, error) {
	g, err := readFile(path)
	if err != nil {
		return Game{}, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

func readFile(path string) (Game, error) {
	// A FIFO or a device is no save, and opening a FIFO could block.
	fi, err := os.Stat(path)
	if err != nil {
		return Game{}, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return Game{}, errors.New("not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return Game{}, unwrapPath(err)
	}
	defer f.Close()
	return Decode(f)
}

// unwrapPath drops the operation and path from an *fs.PathError, since
// the caller names the file itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Decode reads a save from r and checks it: the format name; the schema
// version (an older one is migrated, a newer one refused with an error
// wrapping ErrNewer); the shape of the JSON (no unknown, missing or
// repeated fields, at most MaxSize bytes, nesting bounded); every field's
// range; that every card of the deck is in exactly one place; that
// engine.State.Validate accepts the state; and that replaying the history
// from the seed gives exactly the state. The error is one line naming the
// field and the problem.
func Decode(r io.Reader) (Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return Game{}, fmt.Errorf("reading: %w", unwrapPath(err))
	}
	if len(data) > MaxSize {
		return Game{}, fmt.Errorf("larger than %d MiB: not a save, or a damaged one", MaxSize>>20)
	}
	return decodeBytes(data)
}

func decodeBytes(data []byte) (Game, error) {
	if err := checkSyntax(data); err != nil {
		return Game{}, err
	}
	var head struct {
		Format    *string `json:"format"`
		Schema    *int    `json:"schema"`
		WrittenBy string  `json:"writtenBy"`
	}
	// Type errors elsewhere are checkShape's to report; this needs only
	// the format and schema, which stay nil if missing or mistyped.
	_ = json.Unmarshal(data, &head)
	if head.Format == nil {
		return Game{}, errors.New("not a mille save (no format name)")
	}
	if *head.Format != Format {
		return Game{}, fmt.Errorf("not a mille save (format %.40q, want %q)", *head.Format, Format)
	}
	if head.Schema == nil {
		return Game{}, errors.New("schema: missing, or not a whole number")
	}
	switch v := *head.Schema; {
	case v > Schema:
		by := ""
		if printable(head.WrittenBy) && len(head.WrittenBy) <= 64 && head.WrittenBy != "" {
			by = " (mille " + head.WrittenBy + ")"
		}
		return Game{}, fmt.Errorf("%w%s: schema version %d; this mille (%s) reads schema %d and older", ErrNewer, by, v, MilleVersion, Schema)
	case v < Schema:
		var err error
		if data, err = migrate(data, v); err != nil {
			return Game{}, err
		}
	}
	if err := checkShape(data, reflect.TypeFor[docJSON](), ""); err != nil {
		return Game{}, err
	}
	var d docJSON
	if err := json.Unmarshal(data, &d); err != nil {
		return Game{}, jsonError(err)
	}
	g, err := fromJSON(&d)
	if err != nil {
		return Game{}, err
	}
	if err := g.State.Validate(); err != nil {
		return Game{}, fmt.Errorf("state: %v", err)
	}
	if err := g.checkReplay(); err != nil {
		return Game{}, err
	}
	return g, nil
}

// migrations[v] turns a schema v document, decoded as a generic JSON
// object, into a schema v+1 document. Decode runs them in turn from the
// file's schema up to Schema. Schema 1 is the first, so the table is empty
// until the format changes; when it does, add the step from the old
// schema here, bump Schema, and keep a file of the old schema in
// testdata/.
var migrations = map[int]func(doc map[string]any) error{}

func migrate(data []byte, from int) ([]byte, error) {
	if migrations[from] == nil {
		return nil, fmt.Errorf("schema version %d is not one this mille can read (it reads %d)", from, Schema)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // keep the seed and counts exact
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, jsonError(err)
	}
	for v := from; v < Schema; v++ {
		step := migrations[v]
		if step == nil {
			return nil, fmt.Errorf("schema version %d: no way to upgrade it to %d", v, v+1)
		}
		if err := step(doc); err != nil {
			return nil, fmt.Errorf("upgrading from schema %d: %v", v, err)
		}
		doc["schema"] = v + 1
	}
	return json.Marshal(doc)
}

// checkSyntax checks that data is one JSON value, nested at most maxDepth
// deep, before anything decodes it, so deep nesting costs nothing.
func checkSyntax(data []byte) error {
	depth, inString, escaped := 0, false, false
	for i, b := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
		case b == '"':
			inString = true
		case b == '{' || b == '[':
			if depth++; depth > maxDepth {
				line, col := position(data, i)
				return fmt.Errorf("nested deeper than %d levels at line %d, column %d", maxDepth, line, col)
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	var v struct{} // scans the whole input for syntax, decodes nothing
	if err := json.Unmarshal(data, &v); err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) {
			return errors.New("not a mille save (the document is not a JSON object)")
		}
		return jsonError(withData(err, data))
	}
	return nil
}

type syntaxAt struct {
	err       *json.SyntaxError
	line, col int
}

func (s syntaxAt) Error() string {
	return fmt.Sprintf("not valid JSON at line %d, column %d: %v", s.line, s.col, strings.TrimPrefix(s.err.Error(), "json: "))
}

// withData turns a syntax error's byte offset into a line and column.
func withData(err error, data []byte) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if se.Offset >= int64(len(data)) {
			return errors.New("not valid JSON: the file ends too early (truncated?)")
		}
		line, col := position(data, int(se.Offset)-1) // Offset is past the bad byte
		return syntaxAt{se, line, col}
	}
	return err
}

func position(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// jsonError rewords encoding/json's errors as one line without Go types.
func jsonError(err error) error {
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		want := "a value of another type"
		switch ute.Type.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			want = "a whole number in range"
		case reflect.String:
			want = "a string"
		case reflect.Bool:
			want = "true or false"
		case reflect.Slice, reflect.Array:
			want = "an array"
		case reflect.Struct, reflect.Map:
			want = "an object"
		}
		field := ute.Field
		if field == "" {
			field = "the document"
		}
		return fmt.Errorf("%s: want %s, got %s", field, want, ute.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON: %v", strings.TrimPrefix(se.Error(), "json: "))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return errors.New(strings.ReplaceAll(msg, "\n", " "))
}

// strictUnmarshal decodes one JSON value refusing unknown fields.
func strictUnmarshal(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// checkShape walks data along type t: every object must have exactly the
// fields t names (those without omitempty are required), each once, and
// hold the right kind of value where t has a struct, slice or map. The
// values themselves are left to json.Unmarshal and the range checks.
func checkShape(data []byte, t reflect.Type, path string) error {
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil // cards and actions check themselves
	}
	name := path
	if name == "" {
		name = "the document"
	}
	data = bytes.TrimSpace(data)
	switch t.Kind() {
	case reflect.Pointer:
		if string(data) == "null" {
			return nil
		}
		return checkShape(data, t.Elem(), path)
	case reflect.Struct:
		if len(data) == 0 || data[0] != '{' {
			return fmt.Errorf("%s: want an object, got %.20s", name, data)
		}
		fields := make(map[string]reflect.StructField)
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields[key] = f
		}
		seen := make(map[string]bool)
		err := eachMember(data, func(key string, val []byte) error {
			f, ok := fields[key]
			if !ok {
				return fmt.Errorf("%s: unknown field %.40q", name, key)
			}
			if seen[key] {
				return fmt.Errorf("%s: field %q appears twice", name, key)
			}
			seen[key] = true
			return checkShape(val, f.Type, join(path, key))
		})
		if err != nil {
			return err
		}
		for key, f := range fields {
			if !seen[key] && !strings.Contains(f.Tag.Get("json"), "omitempty") {
				return fmt.Errorf("%s: missing field %q", name, key)
			}
		}
	case reflect.Map:
		if len(data) == 0 || data[0] != '{' {
			return fmt.Errorf("%s: want an object, got %.20s", name, data)
		}
		seen := make(map[string]bool)
		return eachMember(data, func(key string, val []byte) error {
			if seen[key] {
				return fmt.Errorf("%s: field %.40q appears twice", name, key)
			}
			seen[key] = true
			return checkShape(val, t.Elem(), join(path, key))
		})
	case reflect.Slice:
		if len(data) == 0 || data[0] != '[' {
			return fmt.Errorf("%s: want an array, got %.20s", name, data)
		}
		var elems []json.RawMessage
		if err := json.Unmarshal(data, &elems); err != nil {
			return fmt.Errorf("%s: %v", name, jsonError(err))
		}
		for i, e := range elems {
			if err := checkShape(e, t.Elem(), fmt.Sprintf("%s[%d]", name, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// eachMember calls f with each key and raw value of the JSON object data,
// in order, duplicates included.
func eachMember(data []byte, f func(key string, val []byte) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return jsonError(err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return jsonError(err)
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return jsonError(err)
		}
		if err := f(key, val); err != nil {
			return err
		}
	}
	return nil
}

// diffStates names the first field where the replayed state got differs
// from the saved state want.
func diffStates(got, want *engine.State) string {
	if path, g, w := firstDiff(reflect.ValueOf(*got), reflect.ValueOf(*want), "state"); path != "" {
		return fmt.Sprintf("replaying it gives %s = %v, the file has %v", path, g, w)
	}
	return "they differ"
}

func firstDiff(a, b reflect.Value, path string) (string, any, any) {
	switch a.Kind() {
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			name := a.Type().Field(i).Name
			name = strings.ToLower(name[:1]) + name[1:]
			if p, x, y := firstDiff(a.Field(i), b.Field(i), path+"."+name); p != "" {
				return p, x, y
			}
		}
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if p, x, y := firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p, x, y
			}
		}
	default:
		if a.Interface() != b.Interface() {
			return path, a.Interface(), b.Interface()
		}
	}
	return "", nil, nil
}
