package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/kneetool/knee/sweep"
)

// A table of workloads often holds one sweep and a few spot checks: "1k /
// 1k" at four concurrencies, then "8k / 1k" at two and "64k / 512" at one.
// A knee needs a curve, and fewer than curveLevels levels place none, so the
// spot checks answer nothing the choice could change: the one series that is
// a curve is the table's sweep, read with a note naming the others. Only
// where every series names request lengths: two models or two setups are
// two subjects, and which one is asked for stays the user's choice even
// when one of them has few levels.

// curveLevels is the fewest distinct levels that make a curve a knee can
// be placed on: two points give a slope, never where it bends.
const curveLevels = 3

// onlyCurve is the reading of the one candidate series with at least
// curveLevels levels when every other has fewer; ok is false otherwise.
func onlyCurve(path string, reads []candidateReading) (*sweep.Sweep, bool) {
	curve := -1
	var spots []string
	for i, c := range reads {
		if c.s == nil || !lengthLabel(c.header) {
			return nil, false
		}
		if c.s.Levels() < curveLevels {
			spots = append(spots, fmt.Sprintf("%q (%d levels)", c.header, c.s.Levels()))
			continue
		}
		if curve >= 0 {
			return nil, false
		}
		curve = i
	}
	if curve < 0 || len(spots) == 0 {
		return nil, false
	}
	c := reads[curve]
	c.s.Notes = append(c.s.Notes, fmt.Sprintf("%s: the series %q is the table's only curve (%d levels); %s are spot checks too few to place a knee on: read %q; %s reads another",
		path, c.header, c.s.Levels(), strings.Join(spots, ", "), c.header, flagFor(seriesKind, reads[firstOther(curve)].header)))
	return c.s, true
}

// firstOther is the first index other than i.
func firstOther(i int) int {
	if i == 0 {
		return 1
	}
	return 0
}

// lengthLabel: a series name made only of request lengths ("1k / 1k",
// "8k in / 1k out", "ISL 128, OSL 2048"), naming a workload of one setup.
func lengthLabel(name string) bool {
	words := strings.FieldsFunc(strings.ToLower(stripMarkup(name)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.'
	})
	lengths := 0
	for _, w := range words {
		switch {
		case lengthWord.MatchString(w):
			lengths++
		case !slices.Contains([]string{"in", "out", "input", "output", "isl", "osl", "tokens", "tok"}, w):
			return false
		}
	}
	return lengths > 0
}

// lengthWord is a request length: 512, 1k, 1.5k, 1m.
var lengthWord = regexp.MustCompile(`^\d+(\.\d+)?[km]?$`)
