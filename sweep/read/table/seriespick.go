package table

import "strings"

// A file of several tables, each holding several curves as column names
// ("### Lane A" and "### Lane B", each with a "Max-Q" and a "WS" column),
// needs two names to pick one curve: the table's heading, then the curve.
// --series takes both in one, "Lane A Max-Q", as the refusal names them.

// headingThenSeries splits pick into a heading (or caption) that names some
// of tables and the curve after it: the tables so named and the rest of
// the pick; nil when no name of a table begins pick, or nothing follows it.
// The longest such name wins ("Lane A" over "Lane").
func headingThenSeries(tables []grid, pick string) ([]grid, string) {
	best := ""
	for _, g := range tables {
		for _, name := range append(append([]string(nil), g.title...), g.caption) {
			name = strings.TrimSpace(name)
			if name == "" || len(name) <= len(best) || len(pick) <= len(name)+1 {
				continue
			}
			if strings.EqualFold(pick[:len(name)], name) && pick[len(name)] == ' ' {
				best = name
			}
		}
	}
	if best == "" {
		return nil, ""
	}
	rest := strings.TrimSpace(pick[len(best):])
	if rest == "" {
		return nil, ""
	}
	var named []grid
	for _, g := range tables {
		if g.titled(best) {
			named = append(named, g)
		}
	}
	return named, rest
}
