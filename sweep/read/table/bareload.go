package table

// A column headed only "Load" or "Level" is looked for twice: the
// families pass leaves a bare RPS beside it unread as the load, and the
// roles pass (loadword.go) lets Little's law say which of the two it is.

// bareLoadColumn is the column no role took whose header is only "load"
// or "level" (and a unit-less word beside it), holding two numbers or
// more; -1 when none.
func (r *resolved) bareLoadColumn(g grid) int {
	for i, c := range r.cols {
		w := wordset(headerTokens(c.header))
		if (c.kind == colIgnore && c.why == "" || loneLevelLoad(c)) && w.has("load", "level") && len(w) <= 2 && distinctNumbers(g, i) >= 2 {
			return i
		}
	}
	return -1
}

// loneLevelLoad: c is a column named "level" alone that the roles read as
// the concurrency for want of words (roles.go's loneLevel): the physics
// still decides between the requests in flight and an offered rate where
// the table gives it a served rate to weigh (loadByPhysics).
func loneLevelLoad(c column) bool {
	return c.kind == colConcurrency && c.flavor == "weak" && loneLevel(wordset(headerTokens(c.header)))
}
