package read

import (
	"bytes"
	"encoding/json"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// sniffJSONRecords: a JSON document (object or list) or JSON Lines (an
// object per line, which fails to decode as one object) no native format
// claimed, holding one list of level records (table/jsonrecords.go).
func sniffJSONRecords(_ string, data []byte, top map[string]json.RawMessage) bool {
	t := bytes.TrimSpace(data)
	if top == nil && (len(t) == 0 || t[0] != '[' && t[0] != '{') {
		return false
	}
	clean, _ := nonFiniteToString(data)
	return table.Looks(table.Records, "", clean)
}

// readJSONRecords reads the records as a table; Python's bare NaN and
// Infinity become the string "NaN", which the table reader refuses by cell.
func readJSONRecords(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	clean, _ := nonFiniteToString(data)
	return table.Read(path, clean, table.Records, opts.Meta)
}
