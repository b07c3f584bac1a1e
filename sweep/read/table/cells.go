package table

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// cleanCell removes what people add around a number when they paste a
// table for humans: markdown emphasis (**64**, _x_, `677`), emoji and
// footnote markers (5,719 ⚠️, **128** ⚡, 🏆, *, †, ¹). What remains is the
// value and, possibly, its unit.
func cleanCell(s string) string {
	s = strings.TrimSpace(s)
	if plainDecimal(s) {
		return s // nothing to clean: the common cell, without the regexps
	}
	for _, m := range []string{"**", "__", "`", "*", "~~"} {
		s = strings.ReplaceAll(s, m, "")
	}
	s = dropMarkedRemark(s)
	s = strings.TrimSpace(strings.Map(dropDecoration, s))
	// A trend mark after the value, "2900 ↑", "3000 ↓" (▲ ▼ are symbols
	// dropDecoration takes; these arrows are mathematical ones).
	if t := strings.TrimRight(s, "↑↓↗↘⇡⇣ "); t != "" && t != s {
		s = t
	}
	s = trimItalic(s)
	s = aggregatePart(s)
	// A footnote reference such as "[1]" or "^a" after the value.
	s = strings.TrimSpace(footnoteRef.ReplaceAllString(s, ""))
	// A remark after an arrow: "32 ← optimum", "64 <- best".
	if i := arrowRemark.FindStringIndex(s); i != nil && i[0] > 0 {
		s = strings.TrimSpace(s[:i[0]])
	}
	s = dropDashRemark(s)
	s = dropSampleCount(s)
	// A remark in brackets after the value: "64 (current)", "44.5 (peak)",
	// "23.0 (-37%)", "183.3 tok/s(+120.0%)". A unit in brackets, "(ms)", is
	// kept for parseCell.
	if n := len(s); n > 0 && (s[n-1] == ')' || s[n-1] == ']' || strings.HasSuffix(s, "）")) {
		s = dropRemark(s)
	}
	// No value, with the reason: "— (only 4 slots)", "n/a（OOM）".
	if m := blankWithReason.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return dropSpread(s)
}

// aggregateNamed is a cell naming its value the aggregate, remarks after
// it: "91 agg (peak 107) / 18 per req", "253.7 (222.7–276.2) agg · 31.7
// per stream". The value before "agg" is the node's; what follows (a peak,
// one stream's share) is a remark.
var aggregateNamed = regexp.MustCompile(`(?i)^([~≈]?\d[\d,]*(?:\.\d+)?)\s*(?:\([^()]*\)\s*)?(?:agg|aggregate)\b.*$`)

// aggregatePart is the aggregate's value of such a cell, else the cell.
func aggregatePart(s string) string {
	if m := aggregateNamed.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return s
}

// dashRemark starts a remark set off by a dash after the value: "460.1 —
// both completed 57/64", "38.5 tok/s – MTP off", or by a middle dot ("0.68 s ·
// warm 0.41 s"). Words follow the dash, so
// it is neither a range ("95.7 – 98.8") nor a sign ("- 5"); a hyphen is
// left alone, which joins a name's parts ("30K - Conc 8").
var dashRemark = regexp.MustCompile(`\s+(?:—|–|·)\s+\pL`)

// dropDashRemark cuts a cell at a dash remark when a number stands before
// it; the cell is returned unchanged otherwise.
func dropDashRemark(s string) string {
	i := dashRemark.FindStringIndex(s)
	if i == nil || i[0] == 0 {
		return s
	}
	if _, _, ok := splitNumber(s[:i[0]]); !ok {
		return s
	}
	// Inside brackets the mark parts the bracket's items ("11.80s (p50
	// 0.74s · p99 77.6s)"): the bracket is the remark, or the value's
	// statistics (inlinestats.go), and stays whole.
	if strings.Count(s[:i[0]], "(") > strings.Count(s[:i[0]], ")") {
		return s
	}
	return strings.TrimSpace(s[:i[0]])
}

// arrowRemark starts a remark pointing at the value before it.
var arrowRemark = regexp.MustCompile(`\s*(←|⟵|<-{1,2}|<=)\s`)

// dropDecoration drops a rune that decorates a cell rather than being
// data: footnote marks, emoji, their variation selectors and joiners,
// superscript footnote digits (¹ ²). µ is a letter (Ll), so units survive.
func dropDecoration(r rune) rune {
	switch {
	case r == '†' || r == '‡' || r == '§' || r == '¶':
		return -1
	case unicode.In(r, unicode.So, unicode.Sk, unicode.Mn, unicode.Me, unicode.Cf, unicode.Co):
		return -1
	case unicode.Is(unicode.No, r):
		return -1
	}
	return r
}

// trimItalic removes italic underscores around the whole cell (_x_); an
// underscore inside a number (1_000) is kept for parseCell.
func trimItalic(s string) string {
	n := 0
	for n < len(s)/2 && s[n] == '_' && s[len(s)-1-n] == '_' {
		n++
	}
	return strings.TrimSpace(s[n : len(s)-n])
}

// dropSpread reads a value with a spread after it, "1234 ± 56" or
// "1234 +/- 56", as its mean.
func dropSpread(s string) string {
	if strings.Contains(s, "±") || strings.Contains(s, "+/-") || strings.Contains(s, "+-") {
		if i := plusMinus.FindStringIndex(s); i != nil && i[0] > 0 {
			s = strings.TrimSpace(s[:i[0]])
		}
	}
	return s
}

func dropRemark(s string) string {
	if m := trailingRemark.FindStringSubmatch(s); m != nil && strings.TrimSpace(m[1]) != "" {
		if _, isUnit := parseUnit(strings.Trim(m[2], "()[]（） ")); !isUnit {
			return strings.TrimSpace(m[1])
		}
	}
	return s
}

var (
	trailingRemark = regexp.MustCompile(`^(.*?\d[^()\[\]（）]*?)\s*(\([^()]*\)|\[[^\[\]]*\]|（[^（）]*）)$`)
	// blankWithReason is a blank mark and a remark in brackets after it.
	blankWithReason = regexp.MustCompile(`^(-|—|–|−|--|n/a|N/A)\s*(?:\([^()]*\)|\[[^\[\]]*\]|（[^（）]*）)$`)
	plusMinus       = regexp.MustCompile(`\s*(±|\+/-|\+-)\s*[\d.,]+\s*\S*$`)
)

var footnoteRef = regexp.MustCompile(`(\[\^?\w{1,3}\]|\^\w{1,3})$`)

// isBlank reports a cell that means "no value": empty, a dash, n/a.
func isBlank(cell string) bool {
	switch strings.ToLower(strings.TrimSpace(cell)) {
	// "∅" (the empty set) marks a cell left unmeasured, as a dash does.
	// "skip" and "skipped": the run was not made at that cell (a level
	// past the KV budget), as a dash says.
	case "", "-", "—", "–", "−", "n/a", "na", "null", "none", "?", "--", "∅", "skip", "skipped", "not run":
		return true
	}
	return false
}

// cellValue is a parsed numeric cell.
type cellValue struct {
	v float64
	// unit is the cell's own unit (0.54s, 95 ms, 24.5k); nil when bare.
	unit *unit
	// half is half a unit of the last digit written, in the value's units
	// before any conversion: how far rounding may have moved it.
	half float64
	// approx marks a value written with ~ or ≈ in front.
	approx bool
}

// numberPart is a number as people write it in tables, with an optional
// unit after it.
var numberPart = regexp.MustCompile(`^([+-]?(?:\d{1,3}(?:,\d{3})+|\d[\d_]*)?(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(.*)$`)

// thousands matches a number written with comma group separators: 84,788.
var thousands = regexp.MustCompile(`^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$`)

// parseCell reads a cleaned table cell: blank cells are absent (ok=false);
// a number with thousands separators and an optional unit is read; anything
// else is an error whose message quotes the cell.
func parseCell(cell string) (cv cellValue, ok bool, err error) {
	cell = strings.TrimSpace(cell)
	if isBlank(cell) {
		return cv, false, nil
	}
	if plainDecimal(cell) {
		// The common cell (128, 84788, 0.452): what the general path below
		// gives, without its regexps (a 100,000-row table is 300,000 cells).
		if v, perr := strconv.ParseFloat(cell, 64); perr == nil && !math.IsInf(v, 0) {
			cv.v, cv.half = v, halfDigit(cell)
			return cv, true, nil
		}
	}
	s, approx := trimApprox(cell)
	cv.approx = approx
	num, rest, isNum := splitNumber(s)
	if !isNum {
		return cv, false, notANumber(cell, s)
	}
	plain := strings.ReplaceAll(num, "_", "")
	if thousands.MatchString(plain) {
		plain = strings.ReplaceAll(plain, ",", "")
	}
	v, perr := strconv.ParseFloat(plain, 64)
	if perr != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return cv, false, fmt.Errorf("%q is not a finite number", cell)
	}
	cv.v, cv.half = v, halfDigit(plain)
	if rest != "" {
		if err := twoValuesError(cell, rest); err != nil {
			return cv, false, err
		}
		u, uok := parseCellUnit(rest)
		if !uok {
			if rest == "+" {
				// "100+": a level of 100 or more, whose number is only its floor.
				return cv, false, fmt.Errorf("%q is open-ended (%s or more), not a number: knee reads the value that was set or measured", cell, num)
			}
			if err := commaCellError(cell); err != nil {
				return cv, false, err
			}
			return cv, false, fmt.Errorf("%q is not a number (unknown unit %q)", cell, rest)
		}
		cv.unit = &u
	}
	return cv, true, nil
}

// splitNumber splits a cell into its number and what follows (a unit);
// ok is false when it does not start with a number.
func splitNumber(s string) (num, rest string, ok bool) {
	m := numberPart.FindStringSubmatch(s)
	if m == nil || m[1] == "" || m[1] == "+" || m[1] == "-" || strings.Trim(m[1], "+-.") == "" {
		return "", "", false
	}
	return m[1], strings.TrimSpace(m[2]), true
}

// trimApprox drops the marks of an approximate value (~, ≈, approx., ca.,
// about; 約, 约, 大约 and 약 in Japanese, Chinese and Korean) from the front
// of a cell; approx says whether there was one.
func trimApprox(cell string) (s string, approx bool) {
	s = cell
	for _, p := range []string{"~", "≈", "approx.", "ca.", "approximately ", "approx ", "about ", "circa ", "大约", "约", "約", "약 "} {
		if strings.HasPrefix(strings.ToLower(s), p) {
			s, approx = strings.TrimSpace(s[len(p):]), true
		}
	}
	return s, approx
}

// notANumber says why a cell (s, its approximation marks dropped) is not
// one: NaN and infinities are not finite, anything else is not a number.
func notANumber(cell, s string) error {
	if strings.HasPrefix(strings.ToLower(s), "nan") || strings.Contains(strings.ToLower(s), "inf") {
		return fmt.Errorf("%q is not a finite number", cell)
	}
	return fmt.Errorf("%q is not a number", cell)
}

// halfDigit is half the place value of the last digit of a plain decimal:
// "5,192" → 0.5, "29.62" → 0.005.
func halfDigit(num string) float64 {
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		num = num[:i]
	}
	if i := strings.IndexByte(num, '.'); i >= 0 {
		return 0.5 * math.Pow(10, -float64(len(num)-i-1))
	}
	return 0.5
}

// looksRatio reports a cell that is a ratio or a percentage (1.05x, 52%,
// +66.2%): derived figures, never a measurement knee reads.
func looksRatio(cell string) bool {
	cv, ok, err := parseCell(cell)
	return err == nil && ok && cv.unit != nil && (cv.unit.dim == dimPercent || cv.unit.dim == dimRatio)
}

func parseBool(cell string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(cell)) {
	case "true", "yes", "y", "1", "x", "✓", "simulated":
		return true, nil
	case "", "false", "no", "n", "0", "-", "—":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true/false", cell)
}

// plainDecimal reports digits with at most one decimal point inside or in
// front (128, 0.452, .5), the cells numberPart reads as the whole number.
func plainDecimal(s string) bool {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1 && s[len(s)-1] != '.'
}

// cellAt is a row's cell without markup ("" past the row's end).
func cellAt(row []string, i int) string {
	if i < 0 || i >= len(row) {
		return ""
	}
	return stripMarkup(row[i])
}

// parseCellUnit is parseUnit, but for a sentence's full stop after the unit
// ("Traffic request rate: 1.0 RPS." in a console log): no part of it.
func parseCellUnit(rest string) (unit, bool) {
	u, ok := parseUnit(rest)
	if !ok && strings.HasSuffix(rest, ".") && !strings.HasSuffix(rest, "..") {
		u, ok = parseUnit(strings.TrimSuffix(rest, "."))
	}
	if !ok {
		// "19.625 aggregate tok/s": a word saying the rate is the whole
		// node's, between the number and a token rate's unit.
		if m := wholeNodeUnit.FindStringSubmatch(rest); m != nil {
			if v, vok := parseUnit(m[1]); vok && v.dim == dimTokRate {
				return v, true
			}
		}
	}
	return u, ok
}

// wholeNodeUnit is a unit after a word naming the whole node's rate
// ("aggregate tok/s", "agg t/s", "combined tok/s"); "total" is left out,
// since vLLM's total counts the prompt's tokens too.
var wholeNodeUnit = regexp.MustCompile(`(?i)^(?:aggregate|agg|overall|combined|system|node)\s+(\S.*)$`)

// everyNumberCell: every non-blank cell of column i is a number that ok
// accepts, two cells at least (a blank cell says nothing; any other text
// fails).
func everyNumberCell(g grid, i int, ok func(cellValue) bool) bool {
	n := 0
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		if isBlank(cell) {
			continue
		}
		v, isNum, err := parseCell(cell)
		if err != nil || !isNum || !ok(v) {
			return false
		}
		n++
	}
	return n >= 2
}
