package table

import (
	"regexp"
	"strings"
	"unicode"
)

// Result blocks are often pasted from a log, where every line starts with
// the logger's prefix ("2024/07/12 02:25:54 ", "INFO 07-12 02:25:54
// [serve.py:345] ", "(APIServer pid=123) ", "[rank0]: ") or with a quote
// or comment mark ("# ", "> "). The prefix is not hard-coded per tool: it
// is whatever precedes the block's banner, and it is stripped from the
// lines around it that start the same way, its digits free to differ (a
// timestamp ticks on, a pid or line number changes).

// linePrefix is the prefix of one block's lines.
type linePrefix struct {
	re *regexp.Regexp // nil: no prefix
}

// prefixOf is the prefix a banner line carries: the text before its rule
// of "=" (empty when the banner starts the line).
func prefixOf(prefix string) linePrefix {
	if strings.TrimSpace(prefix) == "" {
		return linePrefix{}
	}
	return linePrefix{regexp.MustCompile("^" + prefixPattern(prefix))}
}

// bannerPrefix is the prefix of a banner line, "" when it is none.
func bannerPrefix(line string) string {
	if m := benchBanner.FindStringSubmatch(strings.TrimLeft(line, " \t")); m != nil {
		return m[1]
	}
	return ""
}

// prefixPattern is a prefix as a pattern: each run of digits any run of
// digits, each run of spaces any run of spaces, the rest as written.
func prefixPattern(p string) string {
	var b strings.Builder
	rs := []rune(p)
	for i := 0; i < len(rs); {
		switch {
		case unicode.IsDigit(rs[i]):
			for i < len(rs) && unicode.IsDigit(rs[i]) {
				i++
			}
			b.WriteString(`\d+`)
		case rs[i] == ' ' || rs[i] == '\t':
			for i < len(rs) && (rs[i] == ' ' || rs[i] == '\t') {
				i++
			}
			b.WriteString(`\s+`)
		default:
			b.WriteString(regexp.QuoteMeta(string(rs[i])))
			i++
		}
	}
	// The last run of spaces may be absent on a line that ends there.
	return strings.TrimSuffix(b.String(), `\s+`) + `\s*`
}

// strip removes the prefix from a line; ok is false when the line does not
// carry it (a line of some other output between the blocks).
func (p linePrefix) strip(line string) (string, bool) {
	if p.re == nil {
		return line, true
	}
	loc := p.re.FindStringIndex(line)
	if loc == nil {
		return line, false
	}
	return line[loc[1]:], true
}
