package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A compact table packs several metrics of one level into a cell ("65.2,
// 0.34 s, 14.1 ms") under a header that lists them ("BF16 tok/s, TTFT p50,
// TPOT p50"), and often repeats the packing in the columns of the other
// series, named by the series alone ("FP8"). Each packed column becomes
// one column per part, named by the header's list; a column of the same
// packing whose header names nothing takes the list's names after its own
// ("FP8 tok/s", "FP8 TTFT p50"). The parts are separated by a comma or a
// semicolon and a space, or by a slash with spaces around it: a thousands
// separator ("1,234") and a unit ("tok/s") keep their value whole.

// packedSep separates the parts of a packed cell or of the header listing them.
var packedSep = regexp.MustCompile(`\s*[,;]\s+|\s+/\s+`)

// packing is the list of parts a named packed column gives its table.
type packing struct {
	bare []string // the part names without the series: "tok/s", "TTFT p50"
}

// splitPackedCells splits every packed column of g; the notes say which.
func splitPackedCells(g *grid) []string {
	var notes []string
	template := legendPacking(*g)
	for i := 0; i < len(g.header); i++ {
		names, p, ok := packedColumnNames(*g, i, template)
		if !ok {
			continue
		}
		if p != nil {
			template = p
		}
		whole := g.header[i]
		assumed := cellRateUnit(*g, i) == "" && unitlessRatePair(packedSep.Split(strings.TrimSpace(stripMarkup(whole)), -1))
		replaceWithParts(g, i, names)
		note := fmt.Sprintf("%s: the cells of %q hold %d values each: read as %s", g.file, whole, len(names), quoteAll(names))
		if assumed {
			note += " (the table writes no unit: a stream's rate and the aggregate of an LLM server are tokens per second)"
		}
		notes = append(notes, note)
		i += len(names) - 1
	}
	return notes
}

// packedColumnNames names the parts of column i when it is packed: from its
// own header's list (the packing it gives the columns after it), else, for
// a header that names nothing, from the packing of a column before it.
func packedColumnNames(g grid, i int, template *packing) ([]string, *packing, bool) {
	h := strings.TrimSpace(stripMarkup(g.header[i]))
	if names, ok := percentileNames(h); ok {
		if !everyCellPacked(g, i, len(names)) {
			return nil, nil, false
		}
		return names, nil, true
	}
	if names, ok := pairPartNames(g, i, h); ok {
		return names, pairPacking(names), true
	}
	if parts := packedSep.Split(h, -1); len(parts) >= 2 {
		return listedPartNames(g, i, parts, template)
	}
	if template == nil || !saysNothing(classify(h)) || !everyCellPacked(g, i, len(template.bare)) {
		return nil, nil, false
	}
	return withSeries(h, template.bare), nil, true
}

// listedPartNames names the parts of column i from its header's own list
// (parts): what each names, after the series the first part's words
// begin with; a rate beside its acceptance, a memory part, or a sibling's
// list read as theirs.
func listedPartNames(g grid, i int, parts []string, template *packing) ([]string, *packing, bool) {
	prefix, bare, ok := packedPartNames(parts)
	if !ok && everyCellPacked(g, i, len(parts)) && ratioPartsBeside(g, i, parts) {
		// "tok/s / accept" over "185.8 / 68.2%": a rate and its
		// acceptance, the percentage no value knee reads.
		prefix, bare, ok = "", parts, true
	}
	if !ok {
		// "Input / Output tput/GPU": the metric after the last part is
		// every part's.
		bare, ok = sharedMetricParts(parts)
	}
	memory := false
	if !ok {
		prefix, bare, ok = memoryPartNames(g, i, parts) // "… / peak" over "… / 5.4 GiB"
		memory = ok
	}
	if !ok {
		prefix, bare, ok = sameListAs(template, parts) // a sibling's list, its units left out
		memory = ok && everyCellPackedWithMemory(g, i, len(parts))
	}
	if !ok || !memory && !everyCellPacked(g, i, len(parts)) {
		return nil, nil, false
	}
	return withSeries(prefix, bare), &packing{bare: bare}, true
}

// packedPartNames reads a header's list: the words before the first part's
// metric name the series ("BF16" of "BF16 tok/s"), and every part names a
// different value knee reads.
func packedPartNames(parts []string) (prefix string, bare []string, ok bool) {
	words := strings.Fields(parts[0])
	for j := len(words) - 1; j >= 0; j-- {
		bare = append([]string{strings.Join(words[j:], " ")}, parts[1:]...)
		if distinctReadKeys(bare) {
			return strings.Join(words[:j], " "), bare, true
		}
	}
	return "", nil, false
}

// percentileList is a header naming the percentiles its cells list:
// "Time to First Token [1%, 5%, 50%, 99%] (ms)" (guidellm 0.1).
var percentileList = regexp.MustCompile(`^(.*?)\s*[\[(]((?:\s*\d+(?:\.\d+)?\s*%\s*,?){2,})\s*[\])]\s*(.*)$`)

// percentileNames names each percentile of such a header: "Time to First
// Token p50 (ms)".
func percentileNames(h string) ([]string, bool) {
	m := percentileList.FindStringSubmatch(h)
	if m == nil || m[1] == "" {
		return nil, false
	}
	var names []string
	for _, q := range percentValue.FindAllStringSubmatch(m[2], -1) {
		names = append(names, strings.TrimSpace(m[1]+" p"+q[1]+" "+m[3]))
	}
	return names, true
}

var percentValue = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*%`)

func withSeries(series string, bare []string) []string {
	out := make([]string, len(bare))
	for j, b := range bare {
		out[j] = strings.TrimSpace(series + " " + b)
	}
	return out
}

// everyCellPacked: every non-blank cell of column i holds k numbers (each
// with its unit or none), and there is one.
func everyCellPacked(g grid, i, k int) bool {
	return everyCellSplitsInto(g, i, k, func(c string) []string { return packedSep.Split(c, -1) })
}

// everyCellSplitsInto: every filled cell of column i, cut by split, gives
// k parts that are each a number (with its unit or none), and some cell is
// filled. Packed cells and per-curve cells differ only in where they cut.
func everyCellSplitsInto(g grid, i, k int, split func(string) []string) bool {
	return everyFilledCell(g, i, cleanCell, func(c string) bool {
		if failedCell(c) {
			return true // "OOM": the level did not run, no packing to check
		}
		parts := split(c)
		if len(parts) != k {
			return false
		}
		for _, p := range parts {
			// A part may be the range a level's runs spanned
			// ("55–95"), read as any range cell once unpacked: a few
			// such rows are set aside (unsurerows.go), more refused.
			if _, ok, err := parseCell(p); err != nil && strings.Contains(err.Error(), "is a range of values") {
				continue
			} else if !ok || err != nil {
				return false
			}
		}
		return true
	})
}

// replaceWithParts puts one column per name in place of column i, each
// cell's parts in order (a blank cell blank in each).
func replaceWithParts(g *grid, i int, names []string) {
	replaceColumn(g, i, names, func(raw string) []string { return packedSep.Split(cleanCell(raw), -1) })
}

// replaceColumn puts one column per header in place of column i, each
// filled cell cut into its values by parts (given the cell as written).
func replaceColumn(g *grid, i int, headers []string, parts func(raw string) []string) {
	g.header = append(g.header[:i:i], append(headers, g.header[i+1:]...)...)
	for r, row := range g.rows {
		vals := make([]string, len(headers))
		if raw := cellAt(row, i); !isBlank(cleanCell(raw)) {
			copy(vals, parts(raw))
		}
		if i < len(row) {
			g.rows[r] = append(row[:i:i], append(vals, row[i+1:]...)...)
		}
	}
}

// pairPacking is the packing a pair's names give the bare columns after
// them when the names lead with a series ("base per-user tok/s", "base agg
// tok/s" over a later "distill"), else nil.
func pairPacking(names []string) *packing {
	first := strings.Fields(names[0])
	n := 0
	for n < len(first)-1 && allLeadWith(names, first[:n+1]) {
		n++
	}
	if n == 0 {
		return nil
	}
	bare := make([]string, len(names))
	for j, name := range names {
		bare[j] = strings.Join(strings.Fields(name)[n:], " ")
	}
	return &packing{bare: bare}
}

// allLeadWith: every name's words begin with lead.
func allLeadWith(names, lead []string) bool {
	for _, name := range names {
		w := strings.Fields(name)
		if len(w) <= len(lead) || !slices.Equal(w[:len(lead)], lead) {
			return false
		}
	}
	return true
}

// ratioPartsBeside: the parts of header parts that name a value knee reads
// name different ones, one at least, and every other part holds a ratio or
// a percentage in every cell of column i: a measurement packed with a
// figure derived from it ("tok/s / accept", "185.8 / 68.2%").
func ratioPartsBeside(g grid, i int, parts []string) bool {
	var keyed []string
	for j, p := range parts {
		if classify(p).key() != "" {
			keyed = append(keyed, p)
			continue
		}
		if !everyFilledCell(g, i, cleanCell, func(c string) bool {
			cut := packedSep.Split(c, -1)
			return j < len(cut) && looksRatio(cut[j])
		}) {
			return false
		}
	}
	return len(keyed) > 0 && distinctReadKeys(keyed)
}

// sharedMetricParts names the parts of a list whose words before the last
// are one word each and whose last part is a word and the metric they
// share ("Input / Output tput/GPU", "Prefill / Decode tok/s"): each word
// with the metric, when each then names a different role knee knows.
func sharedMetricParts(parts []string) ([]string, bool) {
	last := strings.Fields(parts[len(parts)-1])
	if len(last) < 2 {
		return nil, false
	}
	metric := strings.Join(last[1:], " ")
	names := make([]string, 0, len(parts))
	for _, p := range parts[:len(parts)-1] {
		if len(strings.Fields(p)) != 1 {
			return nil, false
		}
		names = append(names, strings.TrimSpace(p)+" "+metric)
	}
	names = append(names, strings.Join(last, " "))
	return names, distinctRoles(names)
}
