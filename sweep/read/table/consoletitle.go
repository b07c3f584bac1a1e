package table

import (
	"strings"
	"unicode"
)

// maxConsoleTitles bounds the title lines kept above a console table: a
// title is a line or two (guidellm's "ℹ Request Latency Statistics
// (Completed Requests)", evalscope's "Benchmarking summary:"), not a log.
const maxConsoleTitles = 2

// consoleTitles are the lines of a console table's block above its header
// (line number headerLine) that are neither rules nor barred rows: the
// table's title, which names it in notes and --series hints as a markdown
// heading does ("Request Latency Statistics" rather than "line 35").
func consoleTitles(block []alignedLine, headerLine int) []string {
	var out []string
	for _, l := range block {
		if l.no >= headerLine {
			break
		}
		if isRule(l.text) || strings.ContainsAny(l.text, verticalBars) {
			continue
		}
		if t := titleText(l.text); t != "" {
			out = append(out, t)
		}
	}
	if len(out) > maxConsoleTitles {
		out = out[len(out)-maxConsoleTitles:]
	}
	return out
}

// titleText is a title line without the marks consoles put around it (ℹ,
// ✓, box corners, a closing colon). A parenthesised part stays: a title
// such as "Throughput (tok/s)" states the unit of the columns under it.
func titleText(s string) string {
	t := strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == ':' || r == 'ℹ' || r == '\ufe0f' || r == '✓' || r == '✔' || r == '•' || r == '*' || r == '#' ||
			unicode.Is(unicode.So, r) || (r >= 0x2500 && r <= 0x257f)
	})
	if !strings.ContainsFunc(t, unicode.IsLetter) {
		return ""
	}
	return t
}
