package table

import (
	"fmt"
	"regexp"
	"strings"
)

// Benchmark tools name a row by its profile rather than its level:
// guidellm's "concurrent@4", "constant@2.5", "poisson@10", "synchronous",
// "throughput" (a max-load probe), a warm-up. A column of such names is the
// table's load, read for what each name says: concurrent@N is N requests in
// flight, synchronous is one, constant@R and poisson@R offer R requests per
// second, and so does guidellm 0.1's "asynchronous@R req/sec" (its rate
// mode, before constant and poisson had names of their own). A warm-up
// measures nothing of the sweep and is set aside; so is a max-load probe,
// whose load is whatever the server took, not a level. In a sweep of offered
// rates the synchronous row is set aside too: one request in flight, sent
// when the last returns, offers no rate, and its served rate is not one (a
// closed loop of one is no point of an open-loop curve).

var profileCell = regexp.MustCompile(`(?i)^(concurrent|constant|poisson|asynchronous|async|synchronous|sync|throughput|warm[- ]?up)(?:\s*@\s*(\d+(?:\.\d+)?)(?:\s*(?:req(?:uests?)?\s*/\s*s(?:ec)?|rps|qps))?)?$`)

// profileLoads rewrites a column whose every cell names a profile, and at
// least one a level (concurrent@N) or rate (constant@R), as the configured
// concurrency or the offered rate; rows that name no level are set aside
// with a note. Profiles of both kinds in one column are left as they are
// (a guidellm sweep mixes them; its console grid is read elsewhere).
func profileLoads(g *grid) []string {
	for i := range g.header {
		kind, ok := profileColumn(g, i)
		if !ok {
			continue
		}
		return rewriteProfiles(g, i, kind)
	}
	return nil
}

// profileColumn reports whether column i holds profile names, and which
// load they give: "concurrency" or "rate". A column of levels written as
// numbers but for a profile's row ("sync" above 0.102, 0.158 … under
// "Rate (req/s)", as guidellm's sweep prints) gives the load its header
// names.
func profileColumn(g *grid, i int) (string, bool) {
	kinds := map[string]bool{}
	n, numbers, profiles := 0, 0, 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		m := profileCell.FindStringSubmatch(c)
		if m == nil {
			if _, ok, err := parseCell(c); !ok || err != nil {
				return "", false
			}
			numbers++
			continue
		}
		profiles++
		if k := profileKind(m[1]); k != "" {
			kinds[k] = true
		}
		if m[2] != "" {
			n++
		}
	}
	if numbers > 0 {
		return numberedProfileKind(g.header[i], kinds, profiles)
	}
	if n == 0 || len(kinds) != 1 {
		return "", false
	}
	for k := range kinds {
		return k, true
	}
	return "", false
}

// profileKind is the load a profile's name gives, "" for none.
func profileKind(name string) string {
	switch strings.ToLower(name) {
	case "concurrent":
		return "concurrency"
	case "constant", "poisson", "asynchronous", "async":
		return "rate"
	}
	return ""
}

// numberedProfileKind is the load a column of numbers and profile rows
// gives: the one its header names, agreeing with any its profiles name.
func numberedProfileKind(header string, kinds map[string]bool, profiles int) (string, bool) {
	if profiles == 0 || len(kinds) > 1 {
		return "", false
	}
	kind := ""
	switch classify(header).kind {
	case colRequestRate, colRequestedRate:
		kind = "rate"
	case colConcurrency:
		kind = "concurrency"
	default:
		return "", false
	}
	if len(kinds) == 1 && !kinds[kind] {
		return "", false
	}
	return kind, true
}

// rewriteProfiles replaces column i's names by their levels and sets aside
// the rows that have none.
func rewriteProfiles(g *grid, i int, kind string) []string {
	header := "max_concurrency"
	if kind == "rate" {
		header = "offered request rate (req/s)"
	}
	var notes []string
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		m := profileCell.FindStringSubmatch(cell)
		if m == nil {
			m = []string{cell, "", cell} // a level written as a number
		}
		level := m[2]
		name := strings.ToLower(m[1])
		if (name == "synchronous" || name == "sync") && kind == "concurrency" {
			level = "1"
		}
		if level == "" {
			notes = append(notes, fmt.Sprintf("%s:%d: %q %s: no level, set aside", g.file, g.lines[r], cell, profileWhy(name)))
			continue
		}
		out := append([]string(nil), row...)
		out[i] = level
		rows, lines = append(rows, out), append(lines, g.lines[r])
	}
	notes = append(notes, fmt.Sprintf("%s: %q names each row's profile (%s): read as the %s it names", g.file, g.header[i], profileExample(kind), strings.TrimSuffix(header, " (req/s)")))
	g.header = append([]string(nil), g.header...)
	g.header[i] = header
	g.rows, g.lines = rows, lines
	return notes
}

func profileWhy(name string) string {
	switch name {
	case "throughput":
		return "is a max-load probe (as many requests as the server takes)"
	case "synchronous", "sync":
		return "is one request at a time, in a sweep of offered rates"
	}
	return "is a warm-up"
}

func profileExample(kind string) string {
	if kind == "rate" {
		return "constant@R, poisson@R, asynchronous@R: R requests per second offered"
	}
	return "concurrent@N: N in flight; synchronous: 1"
}
