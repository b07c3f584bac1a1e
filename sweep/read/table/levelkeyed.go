package table

import "strconv"

// A script that keeps its levels in a dict writes its summary as an object
// keyed by level ({"1": {"concurrency": 1, "throughput_token_per_s": 30.4,
// …}, "2": {…}}): json.dump of {c: stats}. That is the list of level
// records in another dress, and a perf engineer reads it as one. Only when
// every key is a number that its own record states among its fields (the
// level, written twice): a key that says anything else (a series name, a
// run) would be lost with the rows merged, so such an object is not read
// this way.

// levelKeyedRecords are the values of n, in order, when n is an object of
// two or more level records each keyed by a level it states itself.
func levelKeyedRecords(n *jnode) ([]*jnode, bool) {
	if len(n.keys) < 2 {
		return nil, false
	}
	items := make([]*jnode, 0, len(n.keys))
	for _, k := range n.keys {
		it := n.fields[k]
		if it.kind != '{' || !statesLevel(it, k) {
			return nil, false
		}
		items = append(items, it)
	}
	return items, recordsRead(items)
}

// statesLevel: key k is a number, and one of the record's load fields
// (concurrency, an offered rate) holds that number.
func statesLevel(it *jnode, k string) bool {
	kv, err := strconv.ParseFloat(k, 64)
	if err != nil {
		return false
	}
	for _, f := range it.keys {
		c := classify(f).kind
		if c != colConcurrency && c != colRequestedRate || it.fields[f].kind != 's' {
			continue
		}
		if v, err := strconv.ParseFloat(it.fields[f].scalar, 64); err == nil && v == kv {
			return true
		}
	}
	return false
}
