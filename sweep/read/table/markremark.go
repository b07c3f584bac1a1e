package table

import (
	"strings"
	"unicode"
)

// A value may be followed by a mark and a remark about its row: "1 ★판정점"
// (the verdict point), "64 ⭐ best", "32 ✅ chosen", "8 ⚠ unstable". The
// pictographic mark (a symbol, not a letter, digit or unit sign) is what a
// writer puts before a comment, never inside a number or a unit, so what
// follows it, in any language, is a remark on the row and not the cell's
// unit: the value is what stands before the mark. A mark alone after the
// value ("5,719 ⚠️") is decoration that dropDecoration already removes.

// dropMarkedRemark cuts a cell at the first pictographic mark that follows
// its leading number when words come after the mark; the cell is returned
// unchanged otherwise.
func dropMarkedRemark(s string) string {
	num, _, ok := splitNumber(s)
	if !ok {
		return s
	}
	for i, r := range s[len(num):] {
		if !isRemarkMark(r) {
			continue
		}
		at := len(num) + i
		if strings.TrimFunc(s[at:], func(r rune) bool { return isRemarkMark(r) || unicode.IsSpace(r) || r == '\uFE0F' }) == "" {
			return s // a mark alone: decoration, dropped later
		}
		return strings.TrimSpace(s[:at])
	}
	return s
}

// isRemarkMark: a pictographic symbol (★ ⭐ ✅ ⚠ 🏆), not a currency sign
// or a mathematical one (×, ±, ≈, which belong to values).
func isRemarkMark(r rune) bool {
	return unicode.Is(unicode.So, r)
}
