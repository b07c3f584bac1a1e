package table

import (
	"regexp"
	"strings"
)

// rich draws a report as boxes inside boxes: every line of a table printed
// inside a panel inside a panel starts with the panels' bars ("│ │ ") and
// ends with them (" │ │"), title lines and the table's own borders alike.
// Those outer bars are no cells: with them, the panel's title line ("│ │
// Performance Summary by Benchmark │ │") reads as a header of two columns.
// A block whose every barred content line carries at least two frame bars
// on each side is read without them; a table's own border is one bar, which
// stays.

// frameLead and frameTail are a line's leading and trailing frame: bars,
// each with the single space rich puts beside it.
var (
	frameLead = regexp.MustCompile(`^[ \t]*(?:[│┃║|] )*`)
	frameTail = regexp.MustCompile(`(?: [│┃║|])*[ \t]*$`)
)

// minFrameDepth is the fewest bars that make a frame: one is a table's own
// border.
const minFrameDepth = 2

// stripBoxFrames returns block with its frame bars removed from each line,
// or block as it is when it has no frame.
func stripBoxFrames(block []alignedLine) []alignedLine {
	lead, tail := -1, -1
	for _, l := range block {
		if strings.ContainsAny(l.text, "─━═") || !strings.ContainsAny(l.text, frameBars) {
			continue // a border (a panel's may hold its title), or a line outside the panel
		}
		lead = minDepth(lead, barsIn(frameLead.FindString(l.text)))
		tail = minDepth(tail, barsIn(frameTail.FindString(l.text)))
	}
	if lead < minFrameDepth || tail < minFrameDepth {
		return block
	}
	out := make([]alignedLine, len(block))
	for i, l := range block {
		out[i] = alignedLine{text: stripFrame(l.text, lead, tail), no: l.no}
	}
	return out
}

func minDepth(cur, n int) int {
	if cur < 0 || n < cur {
		return n
	}
	return cur
}

// frameBars are the bars a frame is drawn with.
const frameBars = "│┃║|"

// barsIn counts the bars of a frame.
func barsIn(frame string) int {
	n := 0
	for _, r := range frame {
		if strings.ContainsRune(frameBars, r) {
			n++
		}
	}
	return n
}

// stripFrame removes up to lead bars from the start of l and up to tail
// from its end, each with the space beside it (a panel's closing rule has
// fewer bars than its content lines).
func stripFrame(l string, lead, tail int) string {
	t := strings.TrimSpace(l)
	for k := 0; k < lead; k++ {
		r, size := firstRune(t)
		if !strings.ContainsRune(frameBars, r) {
			break
		}
		t = strings.TrimPrefix(t[size:], " ")
	}
	for k := 0; k < tail; k++ {
		r, size := lastRune(t)
		if !strings.ContainsRune(frameBars, r) {
			break
		}
		t = strings.TrimSuffix(t[:len(t)-size], " ")
	}
	return t
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

func lastRune(s string) (rune, int) {
	rs := []rune(s)
	if len(rs) == 0 {
		return 0, 0
	}
	r := rs[len(rs)-1]
	return r, len(string(r))
}
