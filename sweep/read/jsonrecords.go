package read

import (
	"bytes"
	"encoding/json"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// sniffJSONRecords: a JSON document (object or list) or JSON Lines (an
// object per line, which fails to decode as one object) no native format
// claimed, holding one list of level records (table/jsonrecords.go); or a
// text holding such objects, one per level, between its headings and prose
// (table/jsonembedded.go), when no table format reads the text: a table
// beside a JSON example is the table.
func sniffJSONRecords(path string, data []byte, top map[string]json.RawMessage) bool {
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return false
	}
	if top == nil && t[0] != '[' && t[0] != '{' && (sniffTGIBench(data) || sniffBenchText(path, data, nil) ||
		sniffMarkdown(path, data, nil) || sniffText(path, data, nil) || sniffCSV(path, data, nil)) {
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
