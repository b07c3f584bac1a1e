package table

import (
	"regexp"
	"strings"
)

// A report's rows may name their level anywhere among other words, with
// nothing else of the metric than what the row's cells write: "Single
// decode | 58.1 tok/s", "4 agents | 226 tok/s", "`bench_c` C2 aggregate |
// 44.4 tok/s", "Coding C4 aggregate | 202.38", under "Workload, tok/s". A
// perf engineer reads the level out of the name and the rate out of the
// cells: the rows are one rate over the levels, whatever words ("decode",
// "aggregate") say it is the node's. The cells (or the header) must write
// a token rate: a level alone names no metric.

// readRowLevel reads a row's name as a metric at a level, by the first of
// the forms that reads it; rated says the names' header writes a token
// rate ("Workload, tok/s"), family is the metric of the name's family
// where another of its rows writes the unit ("C1 aggregate tok/s" over
// "C2 aggregate"): a name writing none then takes it.
func readRowLevel(row []string, rated bool, family string) (rowLevel, bool) {
	if p, ok := parseRowLevel(cellAt(row, 0)); ok {
		return p, true
	}
	for _, read := range []func([]string) (rowLevel, bool){rowLevelByCells, commaRowLevel} {
		if p, ok := read(row); ok {
			return p, true
		}
	}
	if family != "" && !remarkTokenRate.MatchString(cellAt(row, 0)) {
		if p, ok := rateRowLevel(row, true); ok {
			p.inherits = true
			return p, true
		}
	}
	return rateRowLevel(row, rated)
}

var (
	// countedLevel is a count of what is in flight: "4 agents", "8 concurrent".
	countedLevel = regexp.MustCompile(`(?i)\b(\d+)\s*(?:` + inFlightNouns + `|concurrent)\b`)
	// signedLevel is a level written with the load's letter: "C4", "c=8", "N16".
	// A level joined to a name ("C3-FIRST", a run's id) is no level.
	signedLevel = regexp.MustCompile(`(?i)\b(?:c|conc|n|np)\s*=?\s*(\d+)(?:$|[\s,;:)\]])`)
	// oneLevel names one request in flight: "Single decode", "single
	// stream"; "single Spark", one device, is no level (levelwords.go).
	oneLevel = regexp.MustCompile(`(?i)\b(?:` + singleStreamNames + `|single[- ]user)\b`)
	// rateWords qualify a rate as the node's, naming no other metric.
	// otherUnit is a unit of no token rate written in a row's name.
	otherUnit = regexp.MustCompile(`(?i)(?:^|[\s(])(?:steps?/s|req/s|reqs?/s|requests?/s|GiB|GB|MiB|W|J/tok(?:en)?|%)(?:$|[\s),])`)
	rateWords = wordset([]string{"decode", "aggregate", "agg", "total", "throughput", "combined", "tok/s", "t/s"})
)

// rateRowLevel reads a name holding one level, among words that name no
// other metric, on a row whose cells write a token rate. A name that says
// its rate is one stream's keeps that apart.
func rateRowLevel(row []string, rated bool) (rowLevel, bool) {
	if !rated && !cellsWriteTokenRate(row[1:]) {
		return rowLevel{}, false
	}
	name := strings.ReplaceAll(strings.TrimSpace(stripMarkup(cellAt(row, 0))), "`", "")
	level, rest, ok := oneRowLevel(name)
	if !ok {
		return rowLevel{}, false
	}
	var kept []string
	for _, w := range strings.Fields(rest) {
		if t := strings.ToLower(strings.Trim(w, ",:;()")); t != "" && !rateWords.has(t) {
			kept = append(kept, strings.Trim(w, ",:;"))
		}
	}
	if otherUnit.MatchString(rest) {
		return rowLevel{}, false // "C1 steps/s": the name writes another measure's unit
	}
	metric := strings.TrimSpace(strings.Join(kept, " ") + " tok/s")
	if perOneWords.MatchString(name) {
		metric += " per stream"
	}
	return rowLevel{metric: metric, level: level, word: "concurrency", bare: strings.TrimSpace(rest) == ""}, true
}

// oneRowLevel finds the one level a name holds, and the name without it;
// ok false for none or several.
func oneRowLevel(name string) (level, rest string, ok bool) {
	found := 0
	for _, rx := range []*regexp.Regexp{countedLevel, signedLevel, oneLevel} {
		for _, m := range rx.FindAllStringSubmatchIndex(name, -1) {
			found++
			level, rest = "1", name[:m[0]]+" "+name[m[1]:]
			if len(m) > 2 && m[2] >= 0 {
				level = name[m[2]:m[3]]
			}
		}
	}
	return level, rest, found == 1
}

// A report may write the unit on the first row of a family only: "C1
// aggregate tok/s", then "C2 aggregate", "C4 aggregate". The family's
// other rows hold that rate too.

// rowFamily is a row name without its level and a token rate's unit: the
// family it names ("aggregate"); "" when it holds no one level.
func rowFamily(name string) string {
	_, rest, ok := oneRowLevel(strings.ReplaceAll(strings.TrimSpace(stripMarkup(name)), "`", ""))
	if !ok {
		return ""
	}
	return strings.Join(strings.Fields(strings.ToLower(remarkTokenRate.ReplaceAllString(rest, " "))), " ")
}

// ratedFamilies maps each family of g's rows whose name on some row writes
// a token rate's unit to the metric that row reads as.
func ratedFamilies(g grid) map[string]string {
	out := map[string]string{}
	for _, row := range g.rows {
		name := cellAt(row, 0)
		f := rowFamily(name)
		if f == "" || !remarkTokenRate.MatchString(name) {
			continue
		}
		if p, ok := readRowLevel(row, true, ""); ok {
			out[f] = p.metric
		}
	}
	return out
}

// leadRate is a cell opening with a token rate, a remark after it: "58.9
// tok/s aggregate (30.5 per stream), TTFT 424 ms".
var leadRate = regexp.MustCompile(`(?i)^\s*([~≈]?\d[\d,]*(?:\.\d+)?\s*(?:` + tokenRateUnits + `))\b\s*\S`)

// leadRateOf is a cell's opening token rate when a remark follows it,
// else the cell as written.
func leadRateOf(c string) string {
	if m := leadRate.FindStringSubmatch(stripMarkup(c)); m != nil {
		return m[1]
	}
	return c
}
