package table

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
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
		n, used, ok := decodeObjectAt(data[at:])
		if !ok {
			continue
		}
		shiftOffsets(n, int64(at))
		root.items = append(root.items, n)
		tags = append(tags, tag)
		off = at + used
	}
	var tagged string
	root.items, tagged = summaryTagged(root.items, tags)
	return root, tagged, len(root.items) >= 2
}

// decodeObjectAt decodes the object that opens data, as JSON or as the
// Python dict it may be (pythondicts.go); used is how much of data it
// took.
func decodeObjectAt(data []byte) (n *jnode, used int, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseJNode(dec, data)
	if err == nil && n.kind == '{' {
		return n, int(dec.InputOffset()), true
	}
	js, used, ok := pythonDictJSON(data)
	if !ok {
		return nil, 0, false
	}
	dec = json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	n, err = parseJNode(dec, js)
	if err != nil || n.kind != '{' {
		return nil, 0, false
	}
	zeroOffsets(n) // the line holds it: its fields are placed where it opens
	n.python = true
	return n, used, true
}

// zeroOffsets places n and its children at 0: offsets into a converted
// text would point past the original's line.
func zeroOffsets(n *jnode) {
	n.off = 0
	for _, k := range n.keys {
		zeroOffsets(n.fields[k])
	}
	for _, it := range n.items {
		zeroOffsets(it)
	}
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
	var records []*jnode
	for _, it := range n.items {
		if it.kind == '{' {
			addGroupMeasures(it)
			records = append(records, it)
		}
		flattenMeasures(it, depth+1)
	}
	addVaryingContext(records)
	nameSummariesByRuns(records)
	if keyed := keyedRecords(n); keyed != nil {
		for _, it := range keyed {
			addGroupMeasures(it)
		}
		addVaryingContext(keyed)
	}
	for _, k := range n.keys {
		flattenMeasures(n.fields[k], depth+1)
	}
}

// keyedRecords are the values of object n when it keys two or more objects
// by their levels ("c1": {…}, "c2": {…}): records as a list's items are,
// whose measurement groups flatten alike. nil for any other object: one
// keyed by sections ("decode", "prefill") holds no records of its own.
func keyedRecords(n *jnode) []*jnode {
	if n.kind != '{' || len(n.keys) < 2 {
		return nil
	}
	var out []*jnode
	for _, k := range n.keys {
		if _, _, ok := keyLevel(k); !ok || n.fields[k].kind != '{' {
			return nil
		}
		out = append(out, n.fields[k])
	}
	return out
}

// addGroupMeasures adds o's measurement groups' scalars to o, and every
// scalar of a group that describes the run's load ("load": {"concurrency":
// 4, "repeat": 1, "n_requests": 16}): what a flat record would hold as its
// level, its repeat and its request count.
func addGroupMeasures(o *jnode) {
	for _, k := range append([]string(nil), o.keys...) {
		g := o.fields[k]
		if g.kind != '{' {
			continue
		}
		load := loadGroupKey.MatchString(k)
		fields := g.keys
		if runSummary(g) {
			fields = summaryFields(k, g) // jsonrunsummaries.go
		}
		for _, ck := range fields {
			name := k + " " + ck
			c := classify(name)
			if g.fields[ck].kind != 's' || o.fields[name] != nil || !load && (!groupMeasure(c) || notAMeasure(ck) || !numericScalar(g.fields[ck])) {
				continue
			}
			o.keys, o.fields[name] = append(o.keys, name), g.fields[ck]
		}
	}
}

// notAMeasure: a field whose own name says it counts or times something
// ("output_tokens", "n_chunk_counted", "wall_clock_s") is no rate, though
// its group's name ("throughput") would make the joined name read as one.
func notAMeasure(field string) bool {
	c := classify(field)
	return c.kind != colIgnore && !groupMeasure(c) || strings.Contains(strings.ToLower(field), "count")
}

// numericScalar: a number as written; a flag ("tokens_from_usage": true)
// or a string measures nothing.
func numericScalar(n *jnode) bool {
	_, err := strconv.ParseFloat(n.scalar, 64)
	return err == nil
}

// loadGroupKey names a group of a run record's fields that describes the load
// it was run at.
var loadGroupKey = regexp.MustCompile(`(?i)^(load|load_?gen|loadgen|traffic|workload|client)$`)

// measureGroup: a group holding a rate or a latency holds the run's
// measurements; its other fields (token counts, a chunk count) are no
// settings.
func measureGroup(k string, g *jnode) bool {
	for _, ck := range g.keys {
		if groupMeasure(classify(k + " " + ck)) {
			return true
		}
	}
	return false
}

// addVaryingContext adds to each record of a list the scalars of its other
// groups that differ between records ("config": {"mechanism": "dflash"}
// in one, "eagle" in another): a setting a flat record would hold as a
// column, which names curves; left out, two configurations' runs would
// read as repeats of one. A group every record holds alike stays context,
// and so does a field whose joined name knee would read as a column of
// its own ("gpu n_samples" as a GPU count).
func addVaryingContext(records []*jnode) {
	varies := varyingContext(records)
	for _, o := range records {
		for _, k := range append([]string(nil), o.keys...) {
			for _, ck := range contextFields(k, o.fields[k]) {
				name := k + " " + ck
				if varies[name] && o.fields[name] == nil {
					o.keys, o.fields[name] = append(o.keys, name), o.fields[k].fields[ck]
				}
			}
		}
	}
}

// varyingContext names the context fields ("group field") whose values
// differ between records.
func varyingContext(records []*jnode) map[string]bool {
	seen := map[string]string{}
	varies := map[string]bool{}
	for _, o := range records {
		for _, k := range o.keys {
			g := o.fields[k]
			for _, ck := range contextFields(k, g) {
				name := k + " " + ck
				if v, ok := seen[name]; ok && v != g.fields[ck].scalar {
					varies[name] = true
				}
				seen[name] = g.fields[ck].scalar
			}
		}
	}
	return varies
}

// contextFields are the scalar fields of group g (key k) that may be a
// setting: none of a load or measurement group, none knee reads by name.
func contextFields(k string, g *jnode) []string {
	if g.kind != '{' || loadGroupKey.MatchString(k) || measureGroup(k, g) {
		return nil
	}
	var out []string
	for _, ck := range g.keys {
		if g.fields[ck].kind == 's' && classify(k+" "+ck).key() == "" {
			out = append(out, ck)
		}
	}
	return out
}

// groupMeasure: a joined name that is a rate or a latency.
func groupMeasure(c column) bool {
	switch c.kind {
	case colThroughput, colThroughputPerGPU, colLatency, colRequestRate:
		return true
	}
	return false
}
