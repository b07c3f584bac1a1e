package table

import (
	"bytes"
	"encoding/json"
)

// Python harnesses print their results with print(dict), not json.dumps:
// "[ladder] {'streams': 4, 'errors': 0, 'aggregate_tok_s': 64.5,
// 'ttft_med_s': 0.55}". That is a record as plainly as its JSON would be,
// in Python's own spelling: strings in single quotes, True, False and None.
// A dict that opens a line (or follows a log tag) and holds nothing but
// those, numbers, lists and dicts is read as the JSON it spells; anything
// else Python prints (a tuple, a set, an object's repr) leaves the line
// unread.

// maxPythonDict bounds the text one dict may span: a result line, not a
// dump.
const maxPythonDict = 64 << 10

// pythonDictJSON is the JSON of the Python dict that opens data, and the
// length of its text; ok is false unless data opens with one, closed
// within maxPythonDict bytes on its line.
func pythonDictJSON(data []byte) (js []byte, n int, ok bool) {
	if len(data) < 2 || data[0] != '{' || data[1] != '\'' && data[1] != '}' {
		return nil, 0, false
	}
	var out bytes.Buffer
	depth := 0
	for i := 0; i < len(data) && i < maxPythonDict; i++ {
		end, closed, ok := pythonToken(data, i, &depth, &out)
		if !ok {
			return nil, 0, false
		}
		if closed {
			return out.Bytes(), end + 1, json.Valid(out.Bytes())
		}
		i = end
	}
	return nil, 0, false
}

// pythonToken writes the token at data[i] as JSON: a string, a bracket
// (depth counts them; closed when the dict's own closes), a word, or a
// character as it is. end is the token's last byte.
func pythonToken(data []byte, i int, depth *int, out *bytes.Buffer) (end int, closed, ok bool) {
	c := data[i]
	switch {
	case c == '\'' || c == '"':
		end, ok = pythonString(data, i, out)
		return end, false, ok
	case c == '{' || c == '[':
		*depth++
	case c == '}' || c == ']':
		*depth--
		out.WriteByte(c)
		return i, *depth == 0, true
	case c == '(' || c == ')' || c == '\n':
		return 0, false, false // a tuple or a set, or a dict no line closes
	case isLetter(c):
		end, ok = pythonWord(data, i, out)
		return end, false, ok
	}
	out.WriteByte(c)
	return i, false, true
}

// pythonString writes the string quoted at data[i] as JSON; end is its
// closing quote.
func pythonString(data []byte, i int, out *bytes.Buffer) (end int, ok bool) {
	q := data[i]
	var s []byte
	for j := i + 1; j < len(data) && data[j] != '\n'; j++ {
		switch data[j] {
		case '\\':
			if j+1 >= len(data) {
				return 0, false
			}
			s = append(s, data[j+1])
			j++
		case q:
			b, _ := json.Marshal(string(s))
			out.Write(b)
			return j, true
		default:
			s = append(s, data[j])
		}
	}
	return 0, false
}

// pythonWord writes True, False, None, inf or nan as JSON (the last two as
// null: no measure), or the exponent of a number; any other word is no
// dict's.
func pythonWord(data []byte, i int, out *bytes.Buffer) (end int, ok bool) {
	j := i
	for j < len(data) && isLetter(data[j]) {
		j++
	}
	switch string(data[i:j]) {
	case "True":
		out.WriteString("true")
	case "False":
		out.WriteString("false")
	case "None", "inf", "nan":
		out.WriteString("null")
	case "e", "E":
		out.Write(data[i:j]) // 1e-05
	default:
		return 0, false
	}
	return j - 1, true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
