package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A wide table whose headers are the levels (60, 120, … 600) may end with
// a run that set no level at all: "no_cap" (vLLM's bench without
// --max-concurrency: every prompt sent at once), "unlimited", "inf". It is
// a saturating probe beside the sweep, not a level of it, and it has no
// number to place it by; the column is set aside with a note, so the
// levels read as the table they are.

// uncappedHeader names a run without a cap on the requests in flight.
var uncappedHeader = regexp.MustCompile(`(?i)^(?:no[ _-]?cap|uncapped|unlimited|no[ _-]?limit|inf|∞|max|burst)$`)

// dropUncappedColumns sets aside the columns so named, when two headers or
// more are bare levels and the column holds numbers.
func dropUncappedColumns(g *grid) []string {
	levels := 0
	var drop []int
	for i, h := range g.header {
		t := strings.ReplaceAll(strings.TrimSpace(stripMarkup(h)), `\_`, "_")
		switch {
		case uncappedHeader.MatchString(t) && !textColumn(*g, i):
			drop = append(drop, i)
		case bareNumber.MatchString(t):
			levels++
		}
	}
	if levels < 2 || len(drop) == 0 {
		return nil
	}
	var notes []string
	for k := len(drop) - 1; k >= 0; k-- {
		i := drop[k]
		notes = append(notes, fmt.Sprintf("%s:%d: %q ran with no cap on the requests in flight: a saturating probe beside the levels, with no level to place it by: set aside", g.file, g.headerLine, strings.TrimSpace(stripMarkup(g.header[i]))))
		g.header = append(g.header[:i:i], g.header[i+1:]...)
		for r, row := range g.rows {
			if i < len(row) {
				g.rows[r] = append(row[:i:i], row[i+1:]...)
			}
		}
	}
	return notes
}

// bareNumber is a header that is a whole number alone.
var bareNumber = regexp.MustCompile(`^\d[\d,]*$`)
