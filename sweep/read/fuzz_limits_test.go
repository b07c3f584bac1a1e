package read

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/kneetool/knee/internal/inputerr"
)

// FuzzDuplicateKeys checks the duplicate-key walk against an independent
// oracle: a document is refused exactly when it is JSON (one value or JSON
// lines) in which some object, decoded key by key, repeats a key.
func FuzzDuplicateKeys(f *testing.F) {
	for _, s := range []string{
		`{"a": 1, "a": 2}`, `{"a": {"b": 1}, "b": {"b": 2}}`, `[{"x": 1}, {"x": 1, "x": 1}]`,
		"{\"a\": 1}\n{\"a\": 1}\n", `{"": 1, "": 2}`, `{"a": [1, {"a": 1, "b": [{"c": 1, "c": 2}]}]}`,
		`{"version": 1, "points": [{"concurrency": 4, "throughput_tok_s": NaN}]}`, `{"a": "{\"b\":1,\"b\":2}"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		err := checkDuplicateKeys("input", b)
		want := hasDuplicate(b)
		if (err != nil) != want {
			t.Fatalf("checkDuplicateKeys = %v, oracle says duplicate = %v", err, want)
		}
		if err != nil {
			var ie *inputerr.Error
			if !errors.As(err, &ie) || ie.Field == "" || ie.Line < 1 {
				t.Fatalf("not an InputError naming the key and line: %#v", err)
			}
		}
	})
}

// hasDuplicate is the oracle: JSON (one document, or lines each of which
// is one) decoded value by value with encoding/json's own decoder, keys
// compared object by object. Malformed input has no duplicate to report.
func hasDuplicate(b []byte) bool {
	t := bytes.TrimSpace(b)
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return false
	}
	clean, _ := nonFiniteToString(b)
	if json.Valid(clean) {
		return dup(clean)
	}
	var values [][]byte
	for _, l := range bytes.Split(clean, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) == 0 {
			continue
		}
		if !json.Valid(l) {
			return false
		}
		values = append(values, l)
	}
	for _, v := range values {
		if dup(v) {
			return true
		}
	}
	return false
}

func dup(v json.RawMessage) bool {
	t := bytes.TrimSpace(v)
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '[':
		var xs []json.RawMessage
		if json.Unmarshal(t, &xs) != nil {
			return false
		}
		for _, x := range xs {
			if dup(x) {
				return true
			}
		}
	case '{':
		dec := json.NewDecoder(bytes.NewReader(t))
		if _, err := dec.Token(); err != nil {
			return false
		}
		seen := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return false
			}
			key := k.(string)
			if seen[key] {
				return true
			}
			seen[key] = true
			var val json.RawMessage
			if dec.Decode(&val) != nil {
				return false
			}
			if dup(val) {
				return true
			}
		}
	}
	return false
}

// FuzzTableLimits: checkTable refuses exactly the inputs with too many or
// too long lines, and head never cuts inside the window's last line.
func FuzzTableLimits(f *testing.F) {
	f.Add([]byte("a,b\n1,2\n"), 3)
	f.Add([]byte("x"), 70000)
	f.Fuzz(func(t *testing.T, b []byte, pad int) {
		if pad > 0 && pad < 200_000 {
			b = append(b, bytes.Repeat([]byte("y"), pad)...)
		}
		err := checkTable("input", b)
		tooLong := false
		for _, l := range bytes.Split(b, []byte("\n")) {
			if len(l) > maxTableLine {
				tooLong = true
			}
		}
		lines := bytes.Count(b, []byte("\n"))
		if len(b) > 0 && b[len(b)-1] != '\n' {
			lines++
		}
		if want := tooLong || lines > maxTableLines; (err != nil) != want {
			t.Fatalf("checkTable = %v, want refused = %v (lines %d)", err, want, lines)
		}
		h := head(b)
		if !bytes.HasPrefix(b, h) || len(h) > sniffWindow {
			t.Fatalf("head is not a prefix within the window")
		}
	})
}

// FuzzSplitObject: the zero-copy top-level split gives exactly what
// json.Unmarshal into map[string]json.RawMessage gives, whenever it answers.
func FuzzSplitObject(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"a": 1}`, ` { "a" : {"b": [1, "}", {"c": "\"{"}]}, "d": "x", "e": null, "f": true } `,
		`{"k\u00e9y": -1.5e3, "a": [], "a": 2}`, "{\"\\\"q\": \"\\\\\"}", `{"a": 1} x`, `[1]`, `{"a": NaN}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := splitObject(b)
		if !ok {
			return
		}
		var want map[string]json.RawMessage
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatalf("splitObject answered for input json rejects: %v", err)
		}
		if len(got) != len(want) {
			t.Fatalf("keys: got %d, want %d", len(got), len(want))
		}
		for k, v := range want {
			if !bytes.Equal(got[k], v) {
				t.Fatalf("key %q: got %q, want %q", k, got[k], v)
			}
		}
	})
}
