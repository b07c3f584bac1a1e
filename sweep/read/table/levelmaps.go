package table

import (
	"fmt"
	"slices"
	"strconv"
)

// A summary may keep each measure as an object of numbers keyed by level
// ("concurrency": {"ladder_aggregate_tok_s": {"1": 50.2, "2": 66.0, "4":
// 91.6}}): the levels are the keys, the measure the object's name. Those
// objects, keyed alike and one of them naming a token rate, are a table of
// levels in another dress: each level a record, each object a column. Keys
// that are bare numbers take their load's name from the object above them
// ("concurrency"), else from their own words ("c1" is concurrency 1), else
// they are a "level" the roles pass reads as a column headed so.

// levelMapRecords are the records of n's objects of numbers keyed by the
// same levels, the load's name, and ok; false unless one of them names a
// token rate and there are two levels or more.
func levelMapRecords(n *jnode, parent string) ([]*jnode, string, bool) {
	var maps []string
	var levels []string
	for _, k := range n.keys {
		ks, ok := numberMap(n.fields[k])
		if !ok || levels != nil && !slices.Equal(ks, levels) {
			continue
		}
		levels, maps = ks, append(maps, k)
	}
	if len(levels) < 2 || !anyTokenRate(maps) {
		return nil, "", false
	}
	name := ""
	for _, k := range levels {
		kn, _, ok := keyLevelUnder(k, parent)
		if !ok {
			if _, err := strconv.ParseFloat(k, 64); err != nil {
				return nil, "", false
			}
			kn = "level"
		}
		if name != "" && kn != name {
			return nil, "", false
		}
		name = kn
	}
	items := make([]*jnode, 0, len(levels))
	for _, lv := range levels {
		_, level, ok := keyLevelUnder(lv, parent)
		if !ok {
			level = lv
		}
		rec := &jnode{off: n.fields[maps[0]].fields[lv].off, kind: '{', keys: []string{name}, fields: map[string]*jnode{name: {kind: 's', scalar: level}}}
		for _, m := range maps {
			rec.keys = append(rec.keys, m)
			rec.fields[m] = n.fields[m].fields[lv]
		}
		items = append(items, rec)
	}
	return items, fmt.Sprintf("objects keyed by level (%s): each level a record, each object a column", andQuoted(maps)), recordsRead(items)
}

// numberMap: node is an object of numbers; its keys in order.
func numberMap(node *jnode) ([]string, bool) {
	if node == nil || node.kind != '{' || len(node.keys) == 0 {
		return nil, false
	}
	for _, k := range node.keys {
		f := node.fields[k]
		if f.kind != 's' {
			return nil, false
		}
		if _, err := strconv.ParseFloat(f.scalar, 64); err != nil {
			return nil, false
		}
	}
	return node.keys, true
}

// anyTokenRate: one of the keys names the node's token rate.
func anyTokenRate(keys []string) bool {
	for _, k := range keys {
		if c := classify(keyWords(k)); c.kind == colThroughput || c.kind == colThroughputPerGPU {
			return true
		}
	}
	return false
}
