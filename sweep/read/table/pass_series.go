package table

// The series pass: several curves whose names the headers carry
// ("vLLM TTFT", "SGLang TTFT"), told apart and picked with --series
// (series.go's columnSeries); the curves a column of names holds row by row
// are picked after the columns are resolved (rowSeries).
func (r *resolved) seriesPass(g grid, pick string) error {
	return r.columnSeries(g, pick)
}
