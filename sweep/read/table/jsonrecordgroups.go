package table

import "regexp"

// A script that sweeps the load per configuration often saves one object
// per configuration: its label and settings as scalars, its levels as a
// list inside ({"label": "nomtp", "decode": [{"conc": 1, ...}, ...]}). A
// perf engineer reads that as a table of curves: one row per level, the
// configuration's scalars repeated on each row. The levels must lie under
// the same key in every configuration, and each configuration must hold
// exactly one such list: a second list of level records (or the levels
// under different keys) leaves the choice of sweep open, and nothing is
// read. A list beside it that names no load (a prefill probe by prompt
// length) is not a list of levels and does not count.

// groupedRecords flattens items, each an object holding one list of level
// records, into those records, each with its object's scalar keys added
// (a record's own key wins); inner names where the levels lie in each.
func groupedRecords(items []*jnode, depth int) ([]*jnode, string, bool) {
	if len(items) == 0 || depth+1 >= maxRecordsDepth {
		return nil, "", false
	}
	var rows []*jnode
	inner := ""
	for i, it := range items {
		if it.kind != '{' {
			return nil, "", false
		}
		lists := recordLists(it, "", depth+1)
		if len(lists) != 1 || i > 0 && lists[0].path != inner {
			return nil, "", false
		}
		inner = lists[0].path
		for _, rec := range lists[0].items {
			rows = append(rows, withScalarsOf(rec, it))
		}
	}
	return rows, inner, true
}

// runStamp is a date and time as a script stamps a run ("ts":
// "2026-08-28T00:03:57"): when the configuration ran, not which it is, so
// it is not carried to the rows, where it would name every curve too.
var runStamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}`)

// withScalarsOf is rec with group's scalar keys before its own.
func withScalarsOf(rec, group *jnode) *jnode {
	out := &jnode{off: rec.off, kind: '{', fields: map[string]*jnode{}}
	for _, k := range group.keys {
		if f := group.fields[k]; f.kind == 's' && rec.fields[k] == nil && !runStamp.MatchString(f.scalar) {
			out.keys, out.fields[k] = append(out.keys, k), f
		}
	}
	for _, k := range rec.keys {
		out.keys, out.fields[k] = append(out.keys, k), rec.fields[k]
	}
	return out
}
