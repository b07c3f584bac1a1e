package table

import (
	"regexp"
	"strings"
)

// A comparison may name its curves after a comma or a colon rather than in
// brackets: "output tok/s, kern / native" over "98 / 94", "TTFT P95 秒：S /
// V" over "0.120 / 0.170". The comma says what the brackets say: the
// metric, then the curves each cell holds one value of, in order. The
// table's other columns whose every cell holds as many values ("TTFT p50
// ms" over "51.7 / 64.3") and whose headers name a metric and no curves of
// their own follow the same curves in the same order: the table wrote its
// convention once, in the first such header.

// clausePairHeader is a metric, a comma or colon, then two or more names
// around slashes.
var clausePairHeader = regexp.MustCompile(`^(.*?\S)\s*[,，:：]\s*([^,，:：/]+(?:/[^,，:：/]+)+)$`)

// clauseCurvePair is the metric and the curves a header names after its
// comma or colon, or false.
func clauseCurvePair(h string) (string, []string, bool) {
	m := clausePairHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(h)))
	if m == nil {
		return "", nil, false
	}
	return curvePairNames(m[1] + " (" + m[2] + ")")
}

// tableCurveNames are the curves the first header of g naming them (in
// brackets or after a comma) lists, when its cells hold one value per
// curve; nil when no header does.
func tableCurveNames(g grid) []string {
	for i, h := range g.header {
		_, names, ok := curvePairNames(h)
		if !ok {
			_, names, ok = clauseCurvePair(h)
		}
		if ok && everyCellCurvePair(g, i, len(names)) {
			return names
		}
	}
	return nil
}

// siblingCurvePair is column i's metric and the table's curves when its
// header names a metric knee reads and no curves, and its cells hold one
// value per curve.
func siblingCurvePair(g grid, i int, curves []string) (string, []string, bool) {
	h := strings.TrimSpace(stripMarkup(g.header[i]))
	if len(curves) < 2 || statPairOf(h) != nil || strings.Contains(h, "/") && !strings.Contains(h, "tok/s") {
		return "", nil, false
	}
	switch classify(h).kind {
	case colIgnore, colConcurrency, colSeriesLabel, colWorkload, colPrompts, colPerGPU, colRequestedRate:
		return "", nil, false
	}
	return h, curves, true
}
