package table

import (
	"bytes"
	"encoding/json"
)

// A report often pastes its script's JSON summary once per level, each
// object under its own heading ("### Concurrency = 4" then "{ … }"), with
// prose between: no JSON document, no table, yet one record per level as
// plainly as a list of them. Each object that opens a line is decoded where
// it stands and the text around is skipped; two or more such objects are
// read as the list they would be in one document.
//
// Such summaries group their measurements: "latency": {"mean_s": …,
// "p99_s": …}, "tokens": {"tokens_per_second": …}. A group of scalars whose
// joined name ("latency p99_s", "tokens tokens_per_second") names a rate
// or a latency is read as that column (a count in a group, such as
// "error_summary other_errors", is one part of a count the record holds); other nested objects (a GPU's description, a config
// block) stay context, as jsonrecords.go says, since "gpu model" or
// "config count" would pass for columns of the level.

// maxEmbeddedTries bounds the objects tried in one text: a decode that
// fails costs up to the rest of the input, so tries are counted.
const maxEmbeddedTries = 512

// embeddedObjects is the list of the JSON objects that open lines in data
// (or follow a tag that does: jsonlogtags.go), when there are two or more;
// tagged says which tag they follow, "" when none.
func embeddedObjects(data []byte) (*jnode, string, bool) {
	root := &jnode{kind: '['}
	var tags []string
	off, tries := 0, 0
	for off < len(data) && tries < maxEmbeddedTries {
		i := bytes.IndexByte(data[off:], '{')
		if i < 0 {
			break
		}
		at := off + i
		off = at + 1
		tag, ok := lineTag(data, at)
		if !ok {
			continue
		}
		tries++
		dec := json.NewDecoder(bytes.NewReader(data[at:]))
		dec.UseNumber()
		n, err := parseJNode(dec, data[at:])
		if err != nil || n.kind != '{' {
			continue
		}
		shiftOffsets(n, int64(at))
		root.items = append(root.items, n)
		tags = append(tags, tag)
		off = at + int(dec.InputOffset())
	}
	var tagged string
	root.items, tagged = summaryTagged(root.items, tags)
	return root, tagged, len(root.items) >= 2
}

// shiftOffsets moves n's offsets (and its children's) by at: they were
// counted from where its decoding started.
func shiftOffsets(n *jnode, at int64) {
	n.off += at
	for _, k := range n.keys {
		shiftOffsets(n.fields[k], at)
	}
	for _, it := range n.items {
		shiftOffsets(it, at)
	}
}

// flattenMeasures adds to every object in a list under n the measurements
// its groups of scalars hold, each under its joined name, unless the object
// has a key of that name already.
func flattenMeasures(n *jnode, depth int) {
	if n == nil || depth > maxRecordsDepth {
		return
	}
	for _, it := range n.items {
		if it.kind == '{' {
			addGroupMeasures(it)
		}
		flattenMeasures(it, depth+1)
	}
	for _, k := range n.keys {
		flattenMeasures(n.fields[k], depth+1)
	}
}

// addGroupMeasures adds o's measurement groups' scalars to o.
func addGroupMeasures(o *jnode) {
	for _, k := range append([]string(nil), o.keys...) {
		g := o.fields[k]
		if g.kind != '{' {
			continue
		}
		for _, ck := range g.keys {
			name := k + " " + ck
			c := classify(name)
			if g.fields[ck].kind != 's' || o.fields[name] != nil || !groupMeasure(c) {
				continue
			}
			o.keys, o.fields[name] = append(o.keys, name), g.fields[ck]
		}
	}
}

// groupMeasure: a joined name that is a rate or a latency.
func groupMeasure(c column) bool {
	switch c.kind {
	case colThroughput, colThroughputPerGPU, colLatency, colRequestRate:
		return true
	}
	return false
}
