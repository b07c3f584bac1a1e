package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// A summary that writes every latency in seconds without saying so
// (ttft_p50_median, ttft_p95_median, tpot_p50_median …) needs the unit of
// each: refused one column at a time, that is a round per column. So the
// refusal names every column whose bare values would be implausible in ms,
// with one flag for them all, and --unit takes a list of columns:
// --unit "ttft_p95_median,tpot_p50_median=s". A header that itself holds a
// comma is matched whole first.

// expandUnitLists splits each --unit key that names no column whole but
// is a comma-separated list into one key per column.
func expandUnitLists(cols []column, flags map[string]string) map[string]string {
	out := make(map[string]string, len(flags))
	for k, u := range flags {
		if !strings.Contains(k, ",") || namesColumn(cols, k) {
			out[k] = u
			continue
		}
		for _, part := range strings.Split(k, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out[part] = u
			}
		}
	}
	return out
}

func namesColumn(cols []column, key string) bool {
	for _, c := range cols {
		if HeaderKey(c.header) == key || c.key() == key {
			return true
		}
	}
	return false
}

// implausibleUnits refuses, in one message, two or more latency columns
// whose bare values would be implausible in the ms knee assumes. One such
// column is left to its cell's own refusal (plausible), which names it.
func implausibleUnits(g grid, cols []column) error {
	var names []string
	var first error
	for i, c := range cols {
		if c.kind != colLatency || c.stated {
			continue
		}
		for r, row := range g.rows {
			_, cv, ok, err := cellNumber(c, cellAt(row, i))
			if err != nil || !ok || cv.unit != nil {
				continue
			}
			if perr := plausible(c, cv.v); perr != nil {
				if first == nil {
					first = inputerr.Errorf(g.file, c.header, g.lines[r], "%v read as ms (the header states no unit) would be a %s of under %v ms, which no served model measures", cv.v, strings.ToUpper(c.metric), implausibleMS[c.metric])
				}
				names = append(names, c.header)
				break
			}
		}
	}
	if len(names) < 2 {
		return nil
	}
	return fmt.Errorf("%w, and so would the values of %s: if these columns are in seconds pass --unit %q (a column of them that really is in ms: --unit COLUMN=ms)",
		first, quoteAll(names[1:]), strings.Join(names, ",")+"=s")
}
