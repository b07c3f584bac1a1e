package table

import (
	"strconv"
	"strings"
)

// Two more dresses of the list of level records that scripts write:
//
//   - an object keyed by the level's name, {"concurrency_1": {…},
//     "concurrency_4": {…}}, whose records do not repeat the level: the key
//     is then the level, read as a field named by its words;
//   - an object of columns, {"concurrency": [1, 4, 16],
//     "output_tokens_per_second": [100, 350, 700]}: arrays of one length,
//     each a column, read row by row.
//
//   - an object keyed by the run's name, {"latency": {"concurrency": 1, …},
//     "throughput_c16": {"concurrency": 16, …}}, whose records each state
//     their load: the keys name the runs, and the records are the list.
//
// Each is read only where the words name a load and a throughput as a
// table's headers would (recordsRead), and a key naming anything but a
// load ("run_1", "vllm_0.6") leaves the object as it is; so does a bare
// number, unless the key above it names the load.

// namedLevelRecords are the records of n when every key names the load and
// its level ("concurrency_4", "users-8", "c=16") in the same words and no
// record states a load of its own; each gets the level as a field.
func namedLevelRecords(n *jnode, parent string) ([]*jnode, bool) {
	name := ""
	items := make([]*jnode, 0, len(n.keys))
	for _, k := range n.keys {
		it := n.fields[k]
		kn, _, ok := keyLevelUnder(k, parent)
		if !ok || it.kind != '{' || name != "" && kn != name || statesLoad(it) {
			return nil, false
		}
		name = kn
		items = append(items, it)
	}
	if !recordsReadWith(items, name) {
		return nil, false
	}
	for i, k := range n.keys {
		_, level, _ := keyLevelUnder(k, parent)
		it := items[i]
		it.keys = append([]string{name}, it.keys...)
		it.fields[name] = &jnode{off: it.off, kind: 's', scalar: level}
	}
	return items, true
}

// keyLevel reads a key as a load's name and its level: "concurrency_4" is
// concurrency 4, "users-8" users 8; false for a bare number (a rate or a
// concurrency: the words do not say) or any other key.
func keyLevel(k string) (name, level string, ok bool) {
	h := strings.NewReplacer("_", " ", "-", " ").Replace(k)
	if m := levelHeader.FindStringSubmatch(levelHeaderText(h)); m != nil && m[1] != "" {
		name = strings.ToLower(m[1])
		if name == "c" || name == "conc" || name == "n" {
			name = "concurrency"
		}
		return name, strings.ReplaceAll(m[2], ",", ""), true
	}
	if n, lv, _, ok := namedLevelHeader(h); ok {
		return strings.ToLower(n), lv, true
	}
	return "", "", false
}

// keyLevelUnder is keyLevel, and a bare number under a parent key that
// names the load ({"concurrency": {"1": {…}, "4": {…}}}): the path says
// what the numbers count.
func keyLevelUnder(k, parent string) (name, level string, ok bool) {
	if name, level, ok = keyLevel(k); ok {
		return name, level, true
	}
	if _, err := strconv.ParseFloat(k, 64); err != nil || parent == "" {
		return "", "", false
	}
	if c := classify(parent).kind; c == colConcurrency || c == colPerGPU || c == colRequestedRate {
		return parent, k, true
	}
	if levelsParent(parent) {
		// "levels": {"1": {...}, "2": {...}}: the words name a level and
		// not of what; a column headed "level" alone is one the roles
		// pass lets Little's law read (loadword.go).
		return "level", k, true
	}
	return "", "", false
}

// levelsParent: a key that names the levels and nothing else ("levels",
// "load_levels").
func levelsParent(k string) bool {
	w := wordset(headerTokens(keyWords(k)))
	return len(w) >= 1 && len(w) <= 2 && w[len(w)-1] == "levels" && (len(w) == 1 || w[0] == "load")
}

// namedRunRecords are the records of n when n is an object of two or
// more objects keyed by the runs' names, each stating its own load, that
// read as a list of levels (recordsRead).
func namedRunRecords(n *jnode) ([]*jnode, bool) {
	if len(n.keys) < 2 {
		return nil, false
	}
	items := make([]*jnode, 0, len(n.keys))
	for _, k := range n.keys {
		it := n.fields[k]
		if _, err := strconv.ParseFloat(k, 64); err == nil || it.kind != '{' || !statesLoad(it) {
			return nil, false // a number names a level (namedLevelRecords), not a run
		}
		items = append(items, it)
	}
	return items, recordsRead(items)
}

// statesLoad: the record has a scalar field naming a load.
func statesLoad(it *jnode) bool {
	for _, f := range it.keys {
		if c := classify(f).kind; (c == colConcurrency || c == colRequestedRate || c == colPerGPU) && it.fields[f].kind == 's' {
			return true
		}
	}
	return false
}

// recordsReadWith is recordsRead once each record has the load field name.
func recordsReadWith(items []*jnode, name string) bool {
	probe := make([]*jnode, len(items))
	for i, it := range items {
		p := *it
		p.keys = append([]string{name}, it.keys...)
		p.fields = map[string]*jnode{name: {kind: 's', scalar: strconv.Itoa(i + 1)}} // the keys' levels differ
		for k, v := range it.fields {
			p.fields[k] = v
		}
		probe[i] = &p
	}
	return recordsRead(probe)
}

// minColumnRows is the fewest rows an object of columns must hold to be
// read as a table: three levels, as a sweep has.
const minColumnRows = 3

// columnRecords are the rows of n when n is an object whose arrays of
// scalars, two or more, all hold one number of elements (three or more):
// each row a record of the arrays' i-th elements; its scalar fields (a
// model name, a date) are not columns.
func columnRecords(n *jnode) ([]*jnode, bool) {
	var cols []string
	rows := -1
	for _, k := range n.keys {
		f := n.fields[k]
		if f.kind != '[' {
			continue
		}
		if rows >= 0 && len(f.items) != rows || !allScalars(f.items) {
			return nil, false
		}
		rows = len(f.items)
		cols = append(cols, k)
	}
	if len(cols) < 2 || rows < minColumnRows {
		return nil, false
	}
	items := make([]*jnode, rows)
	for r := range items {
		// A row's line is where its first column's element is written.
		it := &jnode{kind: '{', fields: map[string]*jnode{}, off: n.fields[cols[0]].items[r].off}
		for _, k := range cols {
			it.keys = append(it.keys, k)
			it.fields[k] = n.fields[k].items[r]
		}
		items[r] = it
	}
	return items, recordsRead(items)
}

// allScalars: every element is a number, a string or null.
func allScalars(items []*jnode) bool {
	for _, it := range items {
		if it.kind != 's' {
			return false
		}
	}
	return len(items) > 0
}
