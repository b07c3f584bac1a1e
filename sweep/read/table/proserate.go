package table

import (
	"regexp"
	"strconv"
	"strings"
)

// A table of engines as columns ("| c | realizr | llama.cpp | vLLM |")
// often states its unit only in the prose beside it: "Asymptote ~880
// tok/s". The prose's rate names the columns' metric when its figure lies
// among their cells, as a perf engineer checks it: a figure outside them
// is about something else (a peak, another run), and names nothing.

// proseTokenRate is a figure with a token-rate unit in prose, or a list
// of figures the unit closes ("260.29, 265.79 and 278.66 tok/s": each is
// a rate).
var proseTokenRate = regexp.MustCompile(`(?i)((?:\d[\d,]*(?:\.\d+)?(?:,\s+|\s+and\s+|\s+or\s+))*\d[\d,]*(?:\.\d+)?)\s*` + proseTokUnit + `\b`)

// proseListFigure is one figure of such a list.
var proseListFigure = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// A statement of the whole section ("All numbers aggregate tok/s", "all
// values are tokens/s", "单位：tok/s") names no figure to check: it says
// what every number below it is, in every table of the section, not only
// the nearest one, as a reader of the page takes it. So does a statement
// of the unit ("measured in output tokens per second", "the unit of
// measurement is tokens per second"); one naming another rate ("total
// tokens per second") does not match, and names nothing. So does the
// statement of a benchmark's metric ("the metric is decode-only aggregate
// tok/s", "Table values are the median whole-batch output token/s"). The
// heading path keeps a section's lead for each table under it
// (headingpath.go).

// proseBlanketRate is a statement that every number is a token rate.
var proseBlanketRate = regexp.MustCompile(`(?i)\b(?:measured in|unit of measurement is|units? (?:is|are)|expressed in|reported in)\s+(?:output\s+)?` + proseTokUnit + `\b|\b(?:all|every|each|table|these)\s+(?:the\s+)?(?:numbers?|values?|figures?|results?|cells?|rates?|tps|throughputs?)\b[^.\n]{0,40}?` + proseTokUnit + `\b|(?:单位|所有数[字值]|全部数[字值])[^。\n]{0,10}?(?:tok/s|tokens/s)\b|\bthe\s+(?:metric|measure)\s+(?:is|was)\s+(?:(?:the|aggregate|output|generated|decode|decode-only|node|server)\s+)*` + proseTokUnit + `\b`)

// proseRateSentence is a sentence that is a rate's name and at most a
// remark on the cells after a comma: "Aggregate tok/s, per-stream in
// brackets." says what every number of the table is, as "all values are
// aggregate tok/s" would.
var proseRateSentence = regexp.MustCompile(`(?im)(?:^|[.!:]\s+)((?:[\pL-]+\s+){1,4})` + proseTokUnit + `(?:\s+(?:as|from)\s+(?:reported|measured|printed)\s+by\s+[^.\n]{1,30})?\s*(?:[,;.]|$)`)

// namesRateSentence: the prose holds a sentence naming the node's output rate
// as above; a name that reads as one stream's rate ("per-user tok/s") or
// another rate is none.
func namesRateSentence(text string) bool {
	for _, m := range proseRateSentence.FindAllStringSubmatch(stripMarkup(text), -1) {
		if classify(strings.TrimSpace(m[1])+" tok/s").kind == colThroughput {
			return true
		}
	}
	return false
}

// proseTokUnit is a token rate's unit as prose writes it, the token
// singular or plural ("output token/s", "tokens per second").
const proseTokUnit = `(?:tok/s|tokens?/s|tok/sec|tokens?/sec|tokens?/second|tokens? per second)`

// proseRateBlanket: the prose around g says every number is a token rate.
func proseRateBlanket(g grid) bool {
	return proseBlanketRate.MatchString(g.context) || namesRateSentence(g.context)
}

// proseRateUnit is "tok/s" when the prose around g states a token rate; ""
// when it states none.
func proseRateUnit(g grid) string {
	if len(proseRates(g.context)) == 0 && !proseRateBlanket(g) {
		return ""
	}
	return "tok/s"
}

// proseRates are the token-rate figures the prose states.
func proseRates(text string) []float64 {
	var out []float64
	for _, m := range proseTokenRate.FindAllStringSubmatch(text, -1) {
		for _, f := range proseListFigure.FindAllString(m[1], -1) {
			if v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimRight(f, ","), ",", ""), 64); err == nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// proseRateWithin: one of the prose's token rates lies between the least
// and the greatest cell of the columns cols.
func proseRateWithin(g grid, cols []int) bool {
	lo, hi, any := 0.0, 0.0, false
	for _, row := range g.rows {
		for _, i := range cols {
			cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !ok {
				continue
			}
			if !any || cv.v < lo {
				lo = cv.v
			}
			if !any || cv.v > hi {
				hi = cv.v
			}
			any = true
		}
	}
	for _, v := range proseRates(g.context) {
		if any && v >= lo && v <= hi {
			return true
		}
	}
	return false
}
