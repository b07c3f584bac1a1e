package read

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
)

// decodeJSON unmarshals data into v and turns decoding errors into an
// InputError naming the file, the line (syntax errors) or the field (type
// errors). baseLine shifts line numbers for JSON embedded in a log.
//
// Python's json module (inference-perf, AIPerf) writes NaN and Infinity as
// bare words, which are not JSON. They are rewritten to a string, so that a
// field knee reads fails by name ("not a finite number") while the same word
// in a field knee ignores does not spoil the file.
func decodeJSON(file string, baseLine int, data []byte, v any) error {
	if top, ok := v.(*map[string]json.RawMessage); ok {
		// The top-level object as slices of data: sniffing a 200 MB result
		// for its keys must not copy every value (json.RawMessage does).
		if m, ok := splitObject(data); ok {
			*top = m
			return nil
		}
	}
	clean, replaced := nonFiniteToString(data)
	if err := json.Unmarshal(clean, v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return inputerr.Errorf(file, "", baseLine+lineAt(clean, se.Offset), "malformed JSON: %v", se)
		case errors.As(err, &te):
			field := te.Field
			if field == "" {
				field = "(top level)"
			}
			if replaced && te.Value == "string" {
				return inputerr.Errorf(file, field, 0, "not a finite number (NaN or Infinity, or a string where %s was expected)", wantText(te.Type))
			}
			return inputerr.Errorf(file, field, 0, "want %s, got %s", wantText(te.Type), jsonValueText(te.Value))
		default:
			return inputerr.Errorf(file, "", baseLine, "malformed JSON: %w", err)
		}
	}
	return nil
}

// lineAt is the 1-based line of a byte offset.
func lineAt(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// nonFiniteToString replaces the bare tokens NaN, Infinity and -Infinity
// outside strings with the string "NaN"; everything else is copied unchanged.
func nonFiniteToString(data []byte) ([]byte, bool) {
	if !bytes.Contains(data, []byte("NaN")) && !bytes.Contains(data, []byte("Infinity")) {
		return data, false
	}
	replaced := false
	out := make([]byte, 0, len(data))
	inStr, esc := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inStr {
			out = append(out, c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		if c == '"' {
			inStr = true
			out = append(out, c)
			continue
		}
		matched := false
		for _, tok := range []string{"-Infinity", "Infinity", "NaN"} {
			if bytes.HasPrefix(data[i:], []byte(tok)) {
				out = append(out, `"NaN"`...)
				i += len(tok) - 1
				matched, replaced = true, true
				break
			}
		}
		if !matched {
			out = append(out, c)
		}
	}
	return out, replaced
}

// wantText says what a field holds in JSON's words, not Go's: a number, a
// string, an object, a list (never "float64" or "read.apMetric").
func wantText(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "another type"
}

// jsonValueText names the JSON value encoding/json found: "string",
// "number", "number -1" (a negative where a count was wanted), "object",
// "array", "bool".
func jsonValueText(v string) string {
	kind, rest, _ := strings.Cut(v, " ")
	switch kind {
	case "string":
		return "a string"
	case "number":
		if rest != "" {
			return "the number " + rest
		}
		return "a number"
	case "object":
		return "an object"
	case "array":
		return "a list"
	case "bool":
		return "true or false"
	}
	return v
}

// maxYAML bounds a YAML input: the YAML parser holds about fifty times the
// file in memory (a 20 MB report took 1 GB), where JSON decoding holds a
// few. YAML reports (llm-d, guidellm --output-path x.yaml) are summaries of
// kilobytes; a larger one is read as JSON.
const maxYAML = 16 << 20

// decodeYAML unmarshals a YAML input of at most maxYAML bytes.
func decodeYAML(file string, data []byte, v any) error {
	if len(data) > maxYAML {
		return inputerr.Errorf(file, "", 0, "is a YAML report larger than %s (YAML is parsed with about fifty times its size in memory); save or convert it as JSON (yq -o json) to read it", sizeText(maxYAML))
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		return yamlError(file, err)
	}
	return nil
}

// yamlTypeError matches one of yaml.v3's type errors: "line 5: cannot
// unmarshal !!str `fast` into float64".
var yamlTypeError = regexp.MustCompile("^line ([0-9]+): cannot unmarshal !!([a-z]+) `(.*)` into (.+)$")

// yamlError turns a YAML decoding error into an InputError that says what a
// field wanted in YAML's words and on which line (never a Go type).
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		if m := yamlTypeError.FindStringSubmatch(te.Errors[0]); m != nil {
			line, _ := strconv.Atoi(m[1])
			return inputerr.Errorf(file, "", line, "want %s, got %s %q", yamlWant(m[4]), yamlKind(m[2]), m[3])
		}
		return inputerr.Errorf(file, "", 0, "malformed YAML: %s", te.Errors[0])
	}
	return inputerr.Errorf(file, "", 0, "malformed YAML: %v", strings.TrimPrefix(err.Error(), "yaml: "))
}

func yamlKind(tag string) string {
	switch tag {
	case "str":
		return "the string"
	case "int", "float":
		return "the number"
	case "bool":
		return "the boolean"
	case "map":
		return "a mapping"
	case "seq":
		return "a list"
	}
	return "the value"
}

// yamlWant names a Go type as a YAML reader would want it.
func yamlWant(goType string) string {
	t := strings.TrimLeft(goType, "*")
	switch {
	case strings.HasPrefix(t, "float"), strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"):
		return "a number"
	case t == "string":
		return "a string"
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	}
	return "a mapping"
}

// splitObject is json.Unmarshal of a valid JSON object into a
// map[string]json.RawMessage, the values sharing data's bytes instead of
// copies. ok is false for anything else (not valid JSON, not an object,
// Python's bare NaN), which decodeJSON then decodes as before.
func splitObject(data []byte) (map[string]json.RawMessage, bool) {
	if !json.Valid(data) {
		return nil, false
	}
	t := bytes.Trim(data, " \t\r\n") // JSON's whitespace, no more
	if len(t) == 0 || t[0] != '{' {
		return nil, false
	}
	sp := objectSplitter{t: t, out: map[string]json.RawMessage{}, valStart: -1}
	for i := 0; i < len(t); i++ {
		i = sp.step(i)
	}
	return sp.out, true
}

// objectSplitter walks a valid JSON object's bytes, cutting its top-level
// values out at depth 1.
type objectSplitter struct {
	t        []byte
	out      map[string]json.RawMessage
	depth    int
	key      string
	valStart int
}

// step reads the byte at i and returns the index of the last byte it took
// (a string is taken whole).
func (sp *objectSplitter) step(i int) int {
	t := sp.t
	switch c := t[i]; c {
	case '{', '[':
		sp.startValue(i)
		sp.depth++
	case '}', ']':
		sp.depth--
		if sp.depth == 0 && sp.valStart >= 0 {
			sp.out[sp.key] = bytes.Trim(t[sp.valStart:i], " \t\r\n")
		}
	case ',':
		if sp.depth == 1 {
			sp.out[sp.key], sp.valStart = bytes.Trim(t[sp.valStart:i], " \t\r\n"), -1
		}
	case ':', ' ', '\t', '\n', '\r':
		// The value starts at the first non-space byte past a colon.
	case '"':
		j := stringEnd(t, i)
		sp.stringAt(i, j)
		return j
	default:
		sp.startValue(i) // a number, true, false or null
	}
	return i
}

// startValue marks i as the start of a top-level value, unless one started.
func (sp *objectSplitter) startValue(i int) {
	if sp.depth == 1 && sp.valStart < 0 {
		sp.valStart = i
	}
}

// stringAt takes the string t[i..j]: a top-level key, or the start of a
// top-level value.
func (sp *objectSplitter) stringAt(i, j int) {
	if sp.depth != 1 || sp.valStart >= 0 {
		return
	}
	if !isKey(sp.t, j) {
		sp.valStart = i
		return
	}
	sp.key = string(sp.t[i+1 : j])
	if !plainKey(sp.t[i+1 : j]) {
		_ = json.Unmarshal(sp.t[i:j+1], &sp.key) // escapes, and invalid UTF-8 as json decodes it
	}
}

// isKey reports whether the string closing at j is followed by ':' (an
// object's key, not a value).
func isKey(t []byte, j int) bool {
	for k := j + 1; k < len(t); k++ {
		switch t[k] {
		case ' ', '\t', '\n', '\r':
			continue
		case ':':
			return true
		}
		return false
	}
	return false
}

// plainKey is printable ASCII without escapes: its bytes are its text.
func plainKey(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}
