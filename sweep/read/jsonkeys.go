package read

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// utf8BOM is the byte order mark some editors put before UTF-8 text.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// checkDuplicateKeys refuses a JSON input (one document or JSON lines) in
// which an object names a key twice. encoding/json keeps the last value
// silently, so a hand-edited "throughput_tok_s" written twice, or a merge
// gone wrong, would change a knee without a word. The error names the file,
// the line and the key's path. Input that is not JSON, or not valid JSON, is
// left to the readers, which say what is wrong with it.
func checkDuplicateKeys(path string, data []byte) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return nil
	}
	clean, _ := nonFiniteToString(data)
	dec := json.NewDecoder(bytes.NewReader(clean))
	dec.UseNumber()
	type frame struct {
		object bool
		keys   map[string]bool
		key    string // the object's current key
		inKey  bool   // key read, its value not yet
		index  int    // the array's next index
		name   string // the path to this value
	}
	var stack []*frame
	expectKey := func() bool {
		return len(stack) > 0 && stack[len(stack)-1].object && !stack[len(stack)-1].inKey
	}
	// valueDone ends a value in the enclosing container.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if f.object {
			f.inKey = false
		} else {
			f.index++
		}
	}
	// childName is the path of the value about to start.
	childName := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.object {
			return joinField(f.name, f.key)
		}
		return fmt.Sprintf("%s[%d]", f.name, f.index)
	}
	// The first duplicate is reported once the whole input has been walked:
	// malformed JSON is the readers' to report, with its line.
	var first error
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) > 0 {
				return nil // cut short inside a value: malformed
			}
			return first
		}
		if err != nil {
			return nil // not JSON after all: the readers say why
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				stack = append(stack, &frame{object: v == '{', keys: map[string]bool{}, name: childName()})
			case '}', ']':
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if expectKey() {
				f := stack[len(stack)-1]
				if f.keys[v] && first == nil {
					first = sweep.Inputf(path, joinField(f.name, v), lineAt(clean, dec.InputOffset()),
						"duplicate key %q: a JSON object names each key once (which value was meant is ambiguous); remove one", v)
				}
				f.keys[v], f.key, f.inKey = true, v, true
				continue
			}
			valueDone()
		default:
			valueDone()
		}
	}
}

// joinField appends a key to a field path: points[2] + ttft_ms → points[2].ttft_ms.
func joinField(parent, key string) string {
	if key == "" || strings.ContainsAny(key, ".[] \"") {
		key = fmt.Sprintf("%q", key)
	}
	if parent == "" {
		return key
	}
	return parent + "." + key
}
