package table

// cornerNamesWorkload: the corner names a request length ("Input context")
// and every other header a level: the rows, numbered by that length, are
// one curve each (0, 32,768 and 131,072 tokens of context), not levels.
func cornerNamesWorkload(g grid) bool {
	if classify(g.header[0]).kind != colWorkload {
		return false
	}
	_, _, ok := levelHeaders(g.header[1:])
	return ok
}
