package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// A benchmark script's own JSON summary is a table in another dress: a
// list of objects, one per level, whose keys are the table's headers
// ("concurrency", "system_output_throughput", "p99_ttft"). A perf engineer
// reads it as one: find the list whose records name a load and a
// throughput with the words a table header would, and read its scalar
// fields as the columns, each number as written. Nested objects (a GPU's
// description, a config block) are context, not columns, and are left out:
// flattened, their "model" or "count" keys would pass for columns of the
// level. A file with two such lists is not read, which one is the sweep
// being a choice the words alone do not make, unless they lie side by side
// under one object with the same keys: each is then a curve named by its
// key (siblingLists).
//
// A script that appends one object per run (--save-result into
// results.jsonl) writes JSON Lines: the objects, one a line, are read as the
// list they would be in one document. A list of runs whose levels lie one
// deeper (each run a configuration with its own "decode" list of levels)
// is read as a table of curves: each level a row, the run's own scalar keys
// (its label) added as columns, which name the curve as a series column of
// a table does.

// maxRecordsJSON bounds the input this reader decodes whole: summaries are
// kilobytes, and the native formats read anything larger.
const maxRecordsJSON = 16 << 20

// maxRecordsDepth is how deep the record list may lie ("results",
// "data.runs"): a summary keeps it near the top.
const maxRecordsDepth = 5

// jnode is a JSON value with where it starts in the input.
type jnode struct {
	off    int64
	keys   []string // an object's keys, in order
	fields map[string]*jnode
	items  []*jnode // an array's elements
	scalar string   // a number as written, a string, true/false; "" for null
	kind   byte     // '{', '[', 's' (scalar)
	lines  bool     // the list of a JSON Lines input's objects
	python bool     // an object printed as a Python dict (pythondicts.go)
}

// parseJSONTree decodes data into jnodes, numbers kept as written. An
// object followed by more objects, each opening a line of its own, is JSON
// Lines: the root is then the list of them.
func parseJSONTree(data []byte) (*jnode, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseJNode(dec, data)
	if err != nil || n.kind != '{' || !dec.More() {
		return n, err == nil
	}
	root := &jnode{kind: '[', items: []*jnode{n}, lines: true}
	for dec.More() {
		next, err := parseJNode(dec, data)
		if err != nil || next.kind != '{' || !opensLine(data, next.off) {
			return nil, false
		}
		root.items = append(root.items, next)
	}
	return root, true
}

// opensLine: only blanks lie between the line's start and off.
func opensLine(data []byte, off int64) bool {
	for i := off - 1; i >= 0; i-- {
		switch data[i] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

func parseJNode(dec *json.Decoder, data []byte) (*jnode, error) {
	off := valueStart(data, dec.InputOffset())
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	n := &jnode{off: off, kind: 's'}
	switch t := tok.(type) {
	case json.Delim:
		n.kind = byte(t)
		return n, parseJChildren(dec, data, n)
	case json.Number:
		n.scalar = t.String()
	case string:
		n.scalar = t
	case bool:
		n.scalar = fmt.Sprint(t)
	}
	return n, nil
}

// parseJChildren reads an object's fields or an array's elements up to
// its closing delimiter.
func parseJChildren(dec *json.Decoder, data []byte, n *jnode) error {
	if n.kind == '{' {
		n.fields = map[string]*jnode{}
	}
	for dec.More() {
		key := ""
		if n.kind == '{' {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ = tok.(string)
		}
		c, err := parseJNode(dec, data)
		if err != nil {
			return err
		}
		if n.kind == '{' {
			// A key written twice holds its last value, as
			// encoding/json reads it: one key, not two.
			if _, dup := n.fields[key]; !dup {
				n.keys = append(n.keys, key)
			}
			n.fields[key] = c
		} else {
			n.items = append(n.items, c)
		}
	}
	_, err := dec.Token() // the closing delimiter
	return err
}

// valueStart is where the value after offset off starts: the decoder's
// offset is the end of the token before, before the separators.
func valueStart(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
		off++
	}
	return off
}

// recordList is a candidate list of records and where it lies.
type recordList struct {
	path     string
	items    []*jnode
	lines    int    // the objects of a JSON Lines input, 0 for one document
	embedded bool   // the objects lie in a text, each opening a line (jsonembedded.go)
	tagged   string // the tag before each object on its line ("RESULT_JSON"), and why (jsonlogtags.go)
	shape    string // how the records were written, when not as a list (jsonshapes.go)
}

// recordLists are the lists of two or more objects at most maxRecordsDepth
// deep whose scalar keys name a load and a throughput.
func recordLists(n *jnode, path string, depth int) []recordList {
	switch n.kind {
	case '[':
		return listRecordLists(n, path, depth)
	case '{':
		if depth >= maxRecordsDepth {
			return nil
		}
		if list, ok := indexKeyed(n); ok {
			return recordLists(list, path, depth)
		}
		if l, ok := shapedRecords(n, path); ok {
			return []recordList{l}
		}
		var out []recordList
		for _, k := range n.keys {
			out = append(out, recordLists(n.fields[k], strings.TrimPrefix(path+"."+k, "."), depth+1)...)
		}
		return out
	}
	return nil
}

// listRecordLists are the record lists of the list n: n itself, its
// configurations' lists joined (groupedRecords), or those inside its parts.
func listRecordLists(n *jnode, path string, depth int) []recordList {
	if recordsRead(n.items) {
		return []recordList{{path: path, items: n.items}}
	}
	if rows, inner, ok := groupedRecords(n.items, depth); ok {
		return []recordList{{path: strings.TrimPrefix(path+"[]."+inner, "."), items: rows}}
	}
	if depth >= maxRecordsDepth || n.lines {
		return nil
	}
	// A list of unlike parts ("lanes": latency, concurrency, throughput),
	// one of which holds the levels. JSON Lines are runs of one kind: one
	// without levels leaves the sweep open.
	var out []recordList
	for i, it := range n.items {
		out = append(out, recordLists(it, fmt.Sprintf("%s[%d]", path, i), depth+1)...)
	}
	return out
}

// shapedRecords is the object n read as records written in another shape
// than a list (jsonshapes.go, levelkeyed.go, levelmaps.go).
func shapedRecords(n *jnode, path string) (recordList, bool) {
	if items, ok := levelKeyedRecords(n); ok {
		return recordList{path: path, items: items}, true
	}
	parent := path[strings.LastIndex(path, ".")+1:]
	if items, ok := namedLevelRecords(n, parent); ok {
		return recordList{path: path, items: items, shape: fmt.Sprintf("an object keyed by level (%q …): each key's level read as %q", n.keys[0], items[0].keys[0])}, true
	}
	if items, shape, ok := levelMapRecords(n, parent); ok {
		return recordList{path: path, items: items, shape: shape}, true
	}
	if items, ok := namedRunRecords(n); ok {
		return recordList{path: path, items: items, shape: fmt.Sprintf("an object keyed by the runs' names (%s), each record stating its load", andQuoted(n.keys))}, true
	}
	if items, ok := columnRecords(n); ok {
		return recordList{path: path, items: items, shape: "an object of columns, arrays of one length: each element a row"}, true
	}
	return recordList{}, false
}

// indexKeyed is an object whose keys are "0", "1", "2" … in order, each
// an object, as a list: a script that saved a dict of its runs by index
// (pandas' to_json, a {i: run} loop) wrote a list. false for any other
// object.
func indexKeyed(n *jnode) (*jnode, bool) {
	if len(n.keys) < 2 {
		return nil, false
	}
	list := &jnode{off: n.off, kind: '['}
	for i, k := range n.keys {
		if k != strconv.Itoa(i) || n.fields[k].kind != '{' {
			return nil, false
		}
		list.items = append(list.items, n.fields[k])
	}
	return list, true
}

// recordsRead: two or more elements, all objects, whose scalar keys
// include a load (concurrency or an offered rate) and the throughput, a
// total token rate or the output tokens of the run.
func recordsRead(items []*jnode) bool {
	if len(items) < 2 {
		return false
	}
	for _, it := range items {
		if it.kind != '{' {
			return false
		}
	}
	load, tput, set := recordRoles(items)
	// A rate the words say was set ("target_rate_rps") is the offered
	// load where no other key names one, as in a table's header; beside
	// an offered rate ("offered_rate_per_s", what the generator sent) the
	// two are a choice the list does not settle.
	return (load || set == 1) && tput
}

// recordRoles says whether the records' keys name a load and a throughput,
// and how many name a rate that was set.
func recordRoles(items []*jnode) (load, tput bool, set int) {
	for _, k := range recordKeys(items) {
		// A total token rate ("throughput_total_tps", which beside a
		// per-user rate is the node's) or the output tokens of the run
		// (a rate over its duration) is a sweep's too: the passes read it.
		switch c := classify(keyWords(k)); {
		case recordLoad(c, k) && variesAcross(items, k):
			load = true
		case c.kind == colRequestRate && c.flavor == "requested" && variesAcross(items, k):
			set++
		case c.kind == colThroughput || c.kind == colThroughputPerGPU || c.kind == colOtherTokRate && c.flavor == "total" || outputTokenTotal(c):
			tput = true
		}
	}
	return load, tput, set
}

// recordLoad: key k, classified c, names a load. vLLM's --num-prompts with
// nothing capping it is one when the table's passes find the physics agrees
// (steploads.go).
func recordLoad(c column, k string) bool {
	return c.kind == colConcurrency || c.kind == colRequestedRate || c.kind == colPrompts && numPromptsFlag.MatchString(k)
}

// variesAcross: key k holds two values or more over items. A load that
// every record holds alike ("sustained_concurrency": 8 in each precision's
// soak run) is the runs' one setting, not a sweep's levels: that list is
// no list of levels, whatever its words.
func variesAcross(items []*jnode, k string) bool {
	first, seen := "", false
	for _, it := range items {
		f, ok := it.fields[k]
		if !ok || f.kind != 's' || f.scalar == "" {
			continue
		}
		if seen && f.scalar != first {
			return true
		}
		first, seen = f.scalar, true
	}
	return false
}

// recordKeys is the union of the records' scalar keys, in first-seen order.
func recordKeys(items []*jnode) []string {
	seen := map[string]bool{}
	var keys []string
	for _, it := range items {
		for _, k := range it.keys {
			if it.fields[k].kind == 's' && !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// jsonRecordList is the one list of records in data; ok is false when
// data is not JSON, holds none, or holds more than one.
func jsonRecordList(data []byte) (recordList, bool) {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || len(t) > maxRecordsJSON {
		return recordList{}, false
	}
	var root *jnode
	ok, embedded, tagged := false, false, ""
	if t[0] == '{' || t[0] == '[' {
		root, ok = parseJSONTree(data)
	} else {
		root, tagged, ok = embeddedObjects(data)
		embedded = true
	}
	if !ok {
		return recordList{}, false
	}
	if embedded {
		titleChartKeys(root, chartTitles(data))
	}
	flattenMeasures(root, 0)
	lists := recordLists(root, "", 0)
	if l, ok := siblingLists(lists); ok {
		lists = []recordList{l}
	}
	if len(lists) != 1 {
		return recordList{}, false
	}
	if root.lines {
		lists[0].lines = len(root.items)
	}
	lists[0].embedded, lists[0].tagged = embedded, tagged
	return lists[0], true
}

// siblingLists joins lists that lie side by side with the same keys: under
// one object ("vllm_continuous": [...], "hf_serial": [...]), or each as deep
// under its own setup, their paths differing in one key alone
// ("candidates.A.benchmarks", "candidates.B.benchmarks"). Each list is
// then a curve named by that key, as a table's series column names its
// rows. Lists apart in the tree otherwise, or keyed differently, stay a
// choice knee does not make.
func siblingLists(lists []recordList) (recordList, bool) {
	if len(lists) < 2 {
		return recordList{}, false
	}
	at, ok := differingSegment(lists)
	if !ok {
		return recordList{}, false
	}
	keys := strings.Join(recordKeys(lists[0].items), ",")
	var names []string
	for _, l := range lists {
		names = append(names, strings.Split(l.path, ".")[at])
	}
	segs := strings.Split(lists[0].path, ".")
	joined := recordList{path: strings.Join(segs[:at], "."), shape: fmt.Sprintf("%d lists side by side, each a curve named by its key (%s)", len(lists), andQuoted(names))}
	if lists[0].shape != "" {
		joined.shape += ", each list " + lists[0].shape
	}
	for n, l := range lists {
		if strings.Join(recordKeys(l.items), ",") != keys {
			return recordList{}, false
		}
		for _, it := range l.items {
			row := &jnode{off: it.off, kind: '{', keys: append([]string{siblingSeriesKey}, it.keys...), fields: map[string]*jnode{siblingSeriesKey: {kind: 's', scalar: names[n]}}}
			for k, f := range it.fields {
				row.fields[k] = f
			}
			joined.items = append(joined.items, row)
		}
	}
	return joined, true
}

// differingSegment is the one segment of the lists' paths (split at ".")
// in which they differ, each in its own key; false when a path is the top
// level or lies in a list ("[]"), the paths differ in depth or in more
// than one segment, or two share a key there.
func differingSegment(lists []recordList) (int, bool) {
	first := strings.Split(lists[0].path, ".")
	at, seen := -1, map[string]bool{}
	for _, l := range lists {
		segs := strings.Split(l.path, ".")
		if l.path == "" || strings.Contains(l.path, "[]") || len(segs) != len(first) {
			return 0, false
		}
		for i := range segs {
			if segs[i] != first[i] && at < 0 {
				at = i
			} else if segs[i] != first[i] && i != at {
				return 0, false
			}
		}
	}
	if at < 0 {
		return 0, false
	}
	for _, l := range lists {
		k := strings.Split(l.path, ".")[at]
		if seen[k] {
			return 0, false
		}
		seen[k] = true
	}
	return at, true
}

// siblingSeriesKey is the column that names a joined list's curves.
const siblingSeriesKey = "series"

// looksRecords reports a JSON summary with one list of level records.
func looksRecords(data []byte) bool {
	_, ok := jsonRecordList(data)
	return ok
}

// readRecords reads the list of level records as a table: the keys are the
// header, each record a row, on the line where it opens.
func readRecords(path string, data []byte, meta Meta) (*sweep.Sweep, error) {
	list, ok := jsonRecordList(data)
	if !ok {
		return nil, inputerr.Errorf(path, "", 0, "no list of level records (objects whose keys name a load and a throughput), or more than one")
	}
	g := recordsGrid(path, data, list)
	if list.embedded {
		// The page around the objects describes them, as the prose above a
		// table does ("on a single NVIDIA H100 GPU").
		g.above = string(data[:list.items[0].off])
		where := "each opening a line"
		if list.tagged != "" {
			where = list.tagged
		}
		what := "JSON objects"
		if list.items[0].python {
			what = "objects (Python dicts, read as the JSON they spell)"
		}
		g.notes = append(g.notes, fmt.Sprintf("%s: read the %d %s the text holds, %s, as one list; the text between them is not read", path, len(list.items), what, where))
	}
	if list.lines > 0 {
		g.notes = append(g.notes, fmt.Sprintf("%s: JSON Lines: read its %d objects, one a line, as one list", path, list.lines))
	}
	return tableToSweep(g, meta)
}

// recordsName names a list for the note: the top-level list has no key.
func recordsName(path string) string {
	if path == "" {
		return "(top level)"
	}
	return path
}

// recordsGrid is the grid of list's records: their keys as its columns,
// one row per record, each at the line its object opens in data.
func recordsGrid(path string, data []byte, list recordList) grid {
	keys := recordKeys(list.items)
	g := grid{file: path, headerLine: byteLine(data, list.items[0].off)}
	for _, k := range keys {
		g.header = append(g.header, keyWords(k))
	}
	for _, it := range list.items {
		row := make([]string, len(g.header))
		for i, k := range keys {
			if f, ok := it.fields[k]; ok && f.kind == 's' {
				row[i] = f.scalar
			}
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, byteLine(data, it.off))
	}
	g.notes = []string{fmt.Sprintf("%s: read the %d records of %q as the table's rows, their keys as its columns", path, len(list.items), recordsName(list.path))}
	if list.shape != "" {
		g.notes = append(g.notes, fmt.Sprintf("%s: the records are written as %s", path, list.shape))
	}
	if names := summarisedMeasures(list.items[0]); len(names) > 0 {
		g.notes = append(g.notes, fmt.Sprintf("%s: %s summarise each level's runs: read by the runs' median (else mean), their spread, extremes and count not read", path, andQuoted(names)))
	}
	return g
}

// lowerCamel is a key written in lowerCamelCase ("aggregateDecodeTps",
// "meanTtftMs"), as JavaScript tools write their JSON.
var lowerCamel = regexp.MustCompile(`^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+$`)

// keyWords parts a lowerCamelCase key into its words ("aggregate Decode
// Tps"), so that the vocabulary reads them as it reads a header; other keys
// are kept as written.
func keyWords(k string) string {
	if !lowerCamel.MatchString(k) {
		return k
	}
	var b strings.Builder
	for i, r := range k {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// byteLine is the 1-based line of a byte offset.
func byteLine(data []byte, off int64) int {
	return bytes.Count(data[:min(off, int64(len(data)))], []byte("\n")) + 1
}
