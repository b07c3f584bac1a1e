package read

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// utf8BOM is the byte order mark some editors put before UTF-8 text.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// checkDuplicateKeys refuses a JSON input (one document or JSON lines) in
// which an object names a key twice. encoding/json keeps the last value
// silently, so a hand-edited "throughput_tok_s" written twice, or a merge
// gone wrong, would change a knee without a word. The error names the file,
// the line and the key's path. Input that is not JSON, or not valid JSON, is
// left to the readers, which say what is wrong with it.
//
// The same pass bounds knee's own sweep JSON before anything decodes it: a
// top-level "points" list longer than maxPoints is refused as soon as it is
// seen, so two million points cost a scan, not gigabytes of sweep.Point.
func checkDuplicateKeys(path string, data []byte) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return nil
	}
	clean, _ := nonFiniteToString(data)
	if !validJSONOrLines(clean) {
		return nil // not JSON after all: the readers say why
	}
	return scanKeys(path, clean)
}

// validJSONOrLines reports one valid JSON document, or lines each of which
// is one (JSON lines, as SGLang writes). json.Valid allocates nothing.
func validJSONOrLines(b []byte) bool {
	if json.Valid(b) {
		return true
	}
	any := false
	for len(b) > 0 {
		var l []byte
		l, b, _ = bytes.Cut(b, []byte("\n"))
		if l = bytes.TrimSpace(l); len(l) == 0 {
			continue
		}
		if !json.Valid(l) {
			return false
		}
		any = true
	}
	return any
}

// keyFrame is an open object or array while scanning.
type keyFrame struct {
	object    bool
	keys      map[string]bool
	key       string // the object's current key
	expectKey bool   // an object's next string is a key
	index     int    // the array's current element
	name      string // the path to this value
}

// scanKeys walks valid JSON (one document or JSON lines) byte by byte: only
// the keys of objects are decoded, values are skipped, so a large file costs
// one pass and the maps of its objects' keys.
func scanKeys(path string, b []byte) error {
	ks := keyScan{path: path, b: b}
	for i := 0; i < len(b); {
		next, err := ks.step(i)
		if err != nil {
			return err
		}
		i = next
	}
	return nil
}

// keyScan is scanKeys' state: the open objects and arrays.
type keyScan struct {
	path  string
	b     []byte
	stack []*keyFrame
}

func (ks *keyScan) top() *keyFrame {
	if len(ks.stack) == 0 {
		return nil
	}
	return ks.stack[len(ks.stack)-1]
}

// childName is the path of the value about to start.
func (ks *keyScan) childName() string {
	f := ks.top()
	switch {
	case f == nil:
		return ""
	case f.object:
		return joinField(f.name, f.key)
	}
	return fmt.Sprintf("%s[%d]", f.name, f.index)
}

// step reads the byte at i and returns where the next one starts.
func (ks *keyScan) step(i int) (int, error) {
	switch c := ks.b[i]; c {
	case '{', '[':
		ks.stack = append(ks.stack, &keyFrame{object: c == '{', keys: map[string]bool{}, expectKey: c == '{', name: ks.childName()})
	case '}', ']':
		ks.stack = ks.stack[:len(ks.stack)-1]
	case ',':
		return i + 1, ks.comma(i)
	case '"':
		j := stringEnd(ks.b, i)
		return j + 1, ks.key(i, j)
	}
	return i + 1, nil // whitespace, ':' and the bytes of numbers, true, false, null
}

// comma moves the open object to its next key, or the open array to its
// next element, refusing a points list longer than knee analyses.
func (ks *keyScan) comma(i int) error {
	f := ks.top()
	if f == nil {
		return nil
	}
	if f.object {
		f.expectKey = true
		return nil
	}
	if f.index++; len(ks.stack) == 2 && f.name == "points" && f.index >= maxPoints {
		return inputerr.Errorf(ks.path, "points", lineAt(ks.b, int64(i)), "holds more than %s points; knee analyses up to %s measurements (levels × repeats)", groupDigits(maxPoints), groupDigits(maxPoints))
	}
	return nil
}

// key takes the string b[i..j] as the open object's next key when one is
// expected, refusing a key the object already has.
func (ks *keyScan) key(i, j int) error {
	f := ks.top()
	if f == nil || !f.object || !f.expectKey {
		return nil
	}
	k := string(ks.b[i+1 : j])
	if bytes.IndexByte(ks.b[i:j+1], '\\') >= 0 {
		_ = json.Unmarshal(ks.b[i:j+1], &k)
	}
	if f.keys[k] {
		return inputerr.Errorf(ks.path, joinField(f.name, k), lineAt(ks.b, int64(i)),
			"duplicate key %q: a JSON object names each key once (which value was meant is ambiguous); remove one", k)
	}
	f.keys[k], f.key, f.expectKey = true, k, false
	return nil
}

// stringEnd is the index of the quote closing the string that opens at i.
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(b) - 1
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
