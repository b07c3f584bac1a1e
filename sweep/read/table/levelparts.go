package table

import (
	"fmt"
	"slices"
	"strings"
)

// A table of levels as columns may give one level as the mean of the
// columns beside it: "c=1 mean | reasoning | chat | code | essay | c=2 |
// c=8" holds one stream's rate for each prompt type and, under "c=1 mean",
// their mean as the c=1 level. The prompt types name no level and nothing
// knee reads, so the table would not turn (widelevels.go wants every
// column a level, a summary or a remark). Their numbers say what they are:
// on every row they average to the mean level's cell.

// meanLevelHeader is h without its last word when that word names a mean
// and the rest names a level ("c=1 mean" → "c=1"); ok false otherwise.
func meanLevelHeader(h string) (string, bool) {
	f := strings.Fields(cleanCell(h))
	if len(f) < 2 || !wordset([]string{strings.ToLower(f[len(f)-1])}).has("mean", "avg", "average") {
		return "", false
	}
	rest := strings.Join(f[:len(f)-1], " ")
	if _, _, ok := levelHeaders([]string{rest}); !ok {
		return "", false
	}
	return rest, true
}

// levelParts splits from the would-be summaries the columns naming nothing
// knee reads whose cells average, on every row, to a mean level's cell: the
// parts that level's mean was taken over. They are dropped as the summaries
// are, and the note says whose parts they are.
func levelParts(g grid, levels, summaries []int) (kept, parts []int, note string) {
	var cands []int
	for _, s := range summaries {
		if classify(g.header[s]).key() == "" && hasNumber(g, s) {
			cands = append(cands, s)
		}
	}
	for _, l := range levels {
		if _, ok := meanLevelHeader(g.header[l]); !ok || len(cands) < 2 || !summaryHolds(g, cands, l, rowMean) {
			continue
		}
		kept = slices.DeleteFunc(slices.Clone(summaries), func(s int) bool { return slices.Contains(cands, s) })
		note = fmt.Sprintf("%s: %s average to %q on every row: the parts of that level's mean, not levels: not read", g.file, andQuoted(pick(g.header, cands)), g.header[l])
		return kept, cands, note
	}
	return summaries, nil, ""
}

// levelNames are headers with each mean level's without the word naming
// its mean ("c=1 mean" → "c=1"), which transpose reads: a level's cells
// are its mean where nothing says otherwise. Headers where that would name
// one level twice ("c=1 mean | c=1") are kept as written.
func levelNames(headers []string) []string {
	out := slices.Clone(headers)
	seen := map[string]bool{}
	for i, h := range out {
		if rest, ok := meanLevelHeader(h); ok {
			out[i] = rest
		}
		k := strings.ToLower(out[i])
		if seen[k] {
			return headers
		}
		seen[k] = true
	}
	return out
}
