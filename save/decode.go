package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/millebornes/mille/record"
)

// maxDepth bounds the nesting of a save's JSON: the format needs 4 levels
// (state, tableaus, a tableau, its cards); the rest is margin for
// migrations.
const maxDepth = 10

// Read loads the game saved at path and checks it through (see Decode).
// The error, if any, is an *Error that names path and holds the fault as
// codes, which lang says on one line: "x.mille.json: Stop: the game has 3
// cards, the deck 5". A missing file gives
// an error for which errors.Is(err, fs.ErrNotExist) holds. Read never
// writes to the file.
func Read(path string) (record.Game, error) {
	g, err := readFile(path)
	if err != nil {
		return record.Game{}, inFile(path, err)
	}
	return g, nil
}

func readFile(path string) (record.Game, error) {
	// A FIFO or a device is no save, and opening a FIFO could block.
	fi, err := os.Stat(path)
	if err != nil {
		return record.Game{}, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return record.Game{}, refuse(RefNotRegular)
	}
	f, err := os.Open(path)
	if err != nil {
		return record.Game{}, unwrapPath(err)
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
func Decode(r io.Reader) (record.Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return record.Game{}, refuse(RefReading, unwrapPath(err))
	}
	if len(data) > MaxSize {
		return record.Game{}, refuse(RefTooLarge, MaxSize>>20)
	}
	return decodeBytes(data)
}

func decodeBytes(data []byte) (record.Game, error) {
	if err := checkSyntax(data); err != nil {
		return record.Game{}, err
	}
	var head struct {
		Format    *string `json:"format"`
		Schema    *int    `json:"schema"`
		WrittenBy string  `json:"writtenBy"`
	}
	// Type errors elsewhere are decodeStrict's to report; this needs only
	// the format and schema, which stay nil if missing or mistyped.
	_ = json.Unmarshal(data, &head)
	if head.Format == nil {
		return record.Game{}, refuse(RefNoFormat)
	}
	if *head.Format != Format {
		return record.Game{}, refuse(RefFormat, *head.Format, Format)
	}
	if head.Schema == nil {
		return record.Game{}, refuse(RefNoSchema)
	}
	switch v := *head.Schema; {
	case v > Schema:
		if record.Printable(head.WrittenBy) && len(head.WrittenBy) <= 64 && head.WrittenBy != "" {
			return record.Game{}, refuse(RefNewerBy, head.WrittenBy, v, MilleVersion, Schema)
		}
		return record.Game{}, refuse(RefNewer, v, MilleVersion, Schema)
	case v < Schema:
		var err error
		if data, err = migrate(data, v); err != nil {
			return record.Game{}, err
		}
	}
	var d docJSON
	if err := decodeStrict(data, &d); err != nil {
		return record.Game{}, damaged(err)
	}
	g, err := fromJSON(&d)
	if err != nil {
		return record.Game{}, damaged(err)
	}
	if err := g.Check(); err != nil {
		return record.Game{}, damaged(err)
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
		return nil, refuse(RefSchemaUnknown, from, Schema)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // keep the seed and counts exact
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, damaged(jsonError(err))
	}
	for v := from; v < Schema; v++ {
		step := migrations[v]
		if step == nil {
			return nil, refuse(RefNoUpgrade, v, v+1)
		}
		if err := step(doc); err != nil {
			return nil, refuse(RefUpgrading, v, err)
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
				return refuse(RefTooDeep, maxDepth, line, col)
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	// A JSON object, the usual case, needs one scan: json.Unmarshal below
	// scans twice, to check and to skip, and is kept for its errors.
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '{' && json.Valid(data) {
		return nil
	}
	var v struct{} // scans the whole input for syntax, decodes nothing
	if err := json.Unmarshal(data, &v); err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) {
			return refuse(RefNotObject)
		}
		return withData(err, data)
	}
	return nil
}

// withData turns a syntax error's byte offset into a line and column.
func withData(err error, data []byte) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if se.Offset >= int64(len(data)) {
			return refuse(RefTruncated)
		}
		off := int(se.Offset) - 1 // Offset is past the bad byte
		line, col := position(data, off)
		_, size := utf8.DecodeRune(data[off:])
		return refuse(RefSyntaxAt, line, col, string(data[off:off+size]))
	}
	return damaged(jsonError(err))
}

func position(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// jsonError is encoding/json's error as a Fault: a value of the wrong
// type (at its field), a syntax error at its byte offset, an early end.
// A Decoder over bytes gives no other; one would be a FaultJSON.
func jsonError(err error) error {
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		want := KindOther
		switch ute.Type.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			want = KindWhole
		case reflect.String:
			want = KindString
		case reflect.Bool:
			want = KindBool
		case reflect.Slice, reflect.Array:
			want = KindArray
		case reflect.Struct, reflect.Map:
			want = KindObject
		}
		got := map[string]Kind{"string": KindString, "bool": KindBool, "array": KindArray, "object": KindObject}[ute.Value]
		if strings.HasPrefix(ute.Value, "number") {
			got = KindNumber
		}
		return &record.FieldError{Field: ute.Field, Err: newFault(FaultWant, want, Token{Kind: got, Number: strings.TrimPrefix(strings.TrimPrefix(ute.Value, "number"), " ")})}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return newFault(FaultSyntax, se.Offset)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return newFault(FaultTruncated)
	}
	return newFault(FaultJSON, err)
}

// decodeError is a problem decodeStrict found, and where: the path is
// built as the error returns up through the document, and decodeStrict
// gives it as a record.FieldError.
type decodeError struct {
	path string // ".state.hands[1][3]"
	err  error  // a Fault, or the engine's notation error
}

func (e *decodeError) Error() string { return e.path + ": " + e.err.Error() }

// problem is the Fault why, with its arguments, where decodeStrict is.
func problem(why FaultReason, args ...any) error {
	return &decodeError{err: newFault(why, args...)}
}

// problemOf is err, a fault of the value decodeStrict is at.
func problemOf(err error) error { return &decodeError{err: err} }

// at puts step ("."+key or "[i]") in front of err's path.
func at(err error, step string) error {
	if de, ok := err.(*decodeError); ok {
		de.path = step + de.path
		return de
	}
	return err
}

// tokenDecoder is a value that decodes itself from a JSON token stream
// (cards, actions); tok is the value's first token.
type tokenDecoder interface {
	decodeJSON(dec *json.Decoder, tok json.Token) error
}

var tokenDecoderType = reflect.TypeFor[tokenDecoder]()

// decodeStrict decodes the JSON object data into *v, more strictly than
// json.Unmarshal: every object must have exactly the fields v's type names,
// matched exactly, each once (fields without omitempty are required);
// arrays may hold at most the `max` tag's number of entries; numbers must
// be whole and fit. It stops at the first problem and names where it is
// ("state.hands[1][3]: unknown card \"Banana\""), so hostile input costs
// work and memory in proportion to its size and no more.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := decodeValue(dec, reflect.ValueOf(v).Elem(), 0)
	if de, ok := err.(*decodeError); ok {
		return &record.FieldError{Field: strings.TrimPrefix(de.path, "."), Err: de.err}
	}
	return err
}

// decodeValue decodes the next JSON value of dec into v, which must be
// addressable; max bounds an array's length (0: no bound).
func decodeValue(dec *json.Decoder, v reflect.Value, max int) error {
	tok, err := dec.Token()
	if err != nil {
		return problemOf(jsonError(err))
	}
	return decodeToken(dec, tok, v, max)
}

// decodeToken decodes the value that starts with tok into v.
func decodeToken(dec *json.Decoder, tok json.Token, v reflect.Value, max int) error {
	if v.CanAddr() && v.Addr().Type().Implements(tokenDecoderType) {
		return v.Addr().Interface().(tokenDecoder).decodeJSON(dec, tok)
	}
	want := func(what Kind) error {
		return problem(FaultWant, what, tokenOf(tok))
	}
	switch v.Kind() {
	case reflect.Pointer:
		if tok == nil {
			v.SetZero()
			return nil
		}
		v.Set(reflect.New(v.Type().Elem()))
		return decodeToken(dec, tok, v.Elem(), max)
	case reflect.Struct:
		if tok != json.Delim('{') {
			return want(KindObject)
		}
		fields := fieldsOf(v.Type())
		var seen uint64 // structs here have fewer than 64 fields
		for dec.More() {
			key, err := objectKey(dec)
			if err != nil {
				return err
			}
			i := slices.IndexFunc(fields, func(f field) bool { return f.key == key })
			if i < 0 {
				return problem(FaultUnknownField, key)
			}
			if seen&(1<<i) != 0 {
				return problem(FaultFieldTwice, key)
			}
			seen |= 1 << i
			if err := decodeValue(dec, v.Field(i), fields[i].max); err != nil {
				return at(err, "."+key)
			}
		}
		for i, f := range fields {
			if seen&(1<<i) == 0 && !f.optional {
				return problem(FaultMissingField, f.key)
			}
		}
	case reflect.Map:
		if tok != json.Delim('{') {
			return want(KindObject)
		}
		v.Set(reflect.MakeMap(v.Type()))
		elem := reflect.New(v.Type().Elem()).Elem()
		for dec.More() {
			key, err := objectKey(dec)
			if err != nil {
				return err
			}
			k := reflect.ValueOf(key)
			if v.MapIndex(k).IsValid() {
				return problem(FaultFieldTwice, key)
			}
			if max > 0 && v.Len() >= max {
				return problem(FaultTooMany, max)
			}
			elem.SetZero()
			if err := decodeValue(dec, elem, 0); err != nil {
				// A key is the file's text, and the path is said as it is:
				// one that is not a plain word is quoted, escapes and all.
				if !record.Printable(key) || strings.ContainsAny(key, ".[]\" ") {
					return at(err, "["+strconv.Quote(key)+"]")
				}
				return at(err, "."+key)
			}
			v.SetMapIndex(k, elem)
		}
	case reflect.Slice:
		if tok != json.Delim('[') {
			return want(KindArray)
		}
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		zero := reflect.Zero(v.Type().Elem())
		for i := 0; dec.More(); i++ {
			if max > 0 && i >= max {
				return problem(FaultTooMany, max)
			}
			v.Set(reflect.Append(v, zero))
			if err := decodeValue(dec, v.Index(i), 0); err != nil {
				return at(err, "["+strconv.Itoa(i)+"]")
			}
		}
	case reflect.String:
		s, ok := tok.(string)
		if !ok {
			return want(KindString)
		}
		v.SetString(s)
		return nil
	case reflect.Bool:
		b, ok := tok.(bool)
		if !ok {
			return want(KindBool)
		}
		v.SetBool(b)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		num, ok := tok.(json.Number)
		if !ok {
			return want(KindWhole)
		}
		n, err := strconv.ParseInt(string(num), 10, 64)
		if err != nil || v.OverflowInt(n) {
			return problem(FaultNotWhole, tokenOf(num).Number)
		}
		v.SetInt(n)
		return nil
	default:
		return want(KindOther) // no field of the file's types is of this kind
	}
	if _, err := dec.Token(); err != nil { // the closing } or ]
		return problemOf(jsonError(err))
	}
	return nil
}

func objectKey(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", problemOf(jsonError(err))
	}
	key, _ := tok.(string)
	return key, nil
}

// field is what decodeStrict needs of a struct field's tags.
type field struct {
	key      string // the JSON name
	optional bool   // omitempty
	max      int    // the max tag: most entries of an array, 0 for no bound
}

var fieldCache sync.Map // reflect.Type -> []field

// fieldsOf returns the fields of struct t, in order, parsing the tags
// once per type.
func fieldsOf(t reflect.Type) []field {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.([]field)
	}
	fs := make([]field, t.NumField())
	for i := range fs {
		tag := t.Field(i).Tag
		key, opts, _ := strings.Cut(tag.Get("json"), ",")
		max, _ := strconv.Atoi(tag.Get("max"))
		fs[i] = field{key: key, optional: strings.Contains(opts, "omitempty"), max: max}
	}
	fieldCache.Store(t, fs)
	return fs
}
