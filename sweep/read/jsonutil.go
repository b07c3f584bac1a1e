package read

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/kneetool/knee/sweep"
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
	clean, replaced := nonFiniteToString(data)
	if err := json.Unmarshal(clean, v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return sweep.Inputf(file, "", baseLine+lineAt(clean, se.Offset), "malformed JSON: %v", se)
		case errors.As(err, &te):
			field := te.Field
			if field == "" {
				field = "(top level)"
			}
			if replaced && te.Value == "string" {
				return sweep.Inputf(file, field, 0, "not a finite number (NaN or Infinity, or a string where %s was expected)", te.Type)
			}
			return sweep.Inputf(file, field, 0, "wrong type: JSON %s where %s was expected", te.Value, te.Type)
		default:
			return sweep.Inputf(file, "", baseLine, "malformed JSON: %v", err)
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
