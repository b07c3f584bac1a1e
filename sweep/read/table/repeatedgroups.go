package table

import (
	"fmt"
	"strings"
)

// Two runs compared side by side may name each only in the first column of
// its group and repeat the rest of the headers as they were:
// "c | NVFP4 agg | per-stream | TTFT | EXL3 agg | per-stream | TTFT". The
// repeated headers are the tell: a table measures each quantity once per
// run, so a header written twice belongs to the group it stands in, and
// the group is named by its first column's header less the words every
// group's first column shares ("agg"). Each repeated header then takes its
// group's name ("NVFP4 per-stream", "EXL3 TTFT"), so that every column of
// a run is read with that run and none with its neighbour's.

// nameRepeatedGroups renames the repeated headers of column groups by
// their group's name, and returns its note; the grid is left alone unless
// every group repeats the same headers in the same order after a first
// column whose header names the group.
func nameRepeatedGroups(g *grid) []string {
	starts, ok := groupStarts(g.header)
	if !ok {
		return nil
	}
	var firsts []string
	for _, s := range starts {
		firsts = append(firsts, stripMarkup(g.header[s]))
	}
	names, ok := groupNames(firsts)
	if !ok {
		return nil
	}
	for k, s := range starts {
		end := len(g.header)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		for j := s + 1; j < end; j++ {
			g.header[j] = names[k] + " " + strings.TrimSpace(g.header[j])
		}
	}
	return []string{fmt.Sprintf("%s: the headers after %s repeat in each group: read as each group's own (%s …)", g.file, quoteAll(firsts), quoteAll(g.header[starts[0]+1:starts[1]]))}
}

// groupStarts finds the first column of each group: two groups or more,
// each a column written once followed by the same run of headers, every
// one of them written once per group, and the groups ending the table.
func groupStarts(header []string) ([]int, bool) {
	count := map[string]int{}
	for _, h := range header {
		count[headerKey(h)]++
	}
	var starts []int
	for i, h := range header {
		if count[headerKey(h)] == 1 && i+1 < len(header) && count[headerKey(header[i+1])] > 1 {
			starts = append(starts, i)
		}
	}
	if len(starts) < 2 || !sameGroups(header, starts, count) {
		return nil, false
	}
	// No repeated header before the first group: the leading columns (the
	// level, a label) are the table's, not a group's.
	for _, h := range header[:starts[0]] {
		if count[headerKey(h)] > 1 {
			return nil, false
		}
	}
	return starts, true
}

// sameGroups: the groups starting at starts are of one width, end the
// table, and repeat the same headers in the same order, each header once
// per group.
func sameGroups(header []string, starts []int, count map[string]int) bool {
	width := len(header) - starts[len(starts)-1]
	for k, s := range starts {
		if k+1 < len(starts) && starts[k+1] != s+width {
			return false
		}
		for j := 1; j < width; j++ {
			h := headerKey(header[s+j])
			if h == "" || h != headerKey(header[starts[0]+j]) || count[h] != len(starts) {
				return false
			}
		}
	}
	return true
}

// groupNames are the first columns' headers less the words at their end
// that all of them share ("NVFP4 agg", "EXL3 agg": NVFP4, EXL3); the whole
// header when they share none. Names must differ and not be empty.
func groupNames(firsts []string) ([]string, bool) {
	words := make([][]string, len(firsts))
	for i, f := range firsts {
		words[i] = strings.Fields(f)
	}
	shared := 0
	for {
		var w string
		same := true
		for i, ws := range words {
			if len(ws)-shared <= 1 {
				same = false
				break
			}
			last := strings.ToLower(ws[len(ws)-1-shared])
			if i == 0 {
				w = last
			} else if last != w {
				same = false
			}
		}
		if !same {
			break
		}
		shared++
	}
	names := make([]string, len(firsts))
	seen := map[string]bool{}
	for i, ws := range words {
		n := strings.Join(ws[:len(ws)-shared], " ")
		if n == "" || seen[strings.ToLower(n)] {
			return nil, false
		}
		seen[strings.ToLower(n)] = true
		names[i] = n
	}
	return names, true
}

// headerKey is a header as the group test compares it: markup and case
// aside.
func headerKey(h string) string {
	return strings.ToLower(strings.TrimSpace(stripMarkup(h)))
}
