package table

import "regexp"

// A table whose value columns nothing names ("N Parallel | Ollama (v0.15.6)
// | Ollama (v0.16.3)") often says what it measured in a word with no unit:
// "the speed benchmark has degraded", "**Aggregate throughput**", "推理速度".
// A word alone does not tell a node's token rate from a latency that people
// also call speed ("实际推理速度测试" over seconds per request), and a perf
// engineer tells them apart by how the numbers move with the load, as
// physicsrate.go reads a table nothing names: the node's rate grows ever
// more slowly as it saturates, while a latency's growth quickens as a
// queue builds. The word is evidence physicsrate.go lacks, so the shape
// need only tell a rate from a latency (nodeRateShape, worded). Columns
// that all move as a rate, under text that names a speed or throughput
// and no request rate, are read as the node's output tok/s, with a note
// that says so.

// speedWord is a word naming a speed or throughput, in the languages the
// corpus holds.
var speedWord = regexp.MustCompile(`(?i)\b(?:speed|throughput|tokens? (?:per|/) ?s(?:ec(?:ond)?)?|tok/s|t/s|tps|decode rate|generation rate|durchsatz|geschwindigkeit|débit|vitesse|rendimiento|velocidad|velocidade|rendimento|velocità|скорость|пропускн\S*|przepustowość|szybkość|tốc độ|thông lượng|hız|verim)\b|吞吐|速度|スループット|처리량|속도`)

// requestRateWord is a word naming requests per unit of time: a throughput
// in these words is not a token rate.
var requestRateWord = regexp.MustCompile(`(?i)\b(?:req(?:uests?)?\s*(?:/|per)\s*s(?:ec(?:ond)?)?|rps|qps)\b`)

// speedText is the word the text around g names its values by; "" when it
// names no speed, or names a request rate.
func speedText(g grid) string {
	text := g.caption + "\n" + g.context
	if len(g.title) > 0 {
		text = g.title[len(g.title)-1] + "\n" + text
	}
	if requestRateWord.MatchString(text) {
		return ""
	}
	return speedWord.FindString(text)
}

// speedColumns are the columns named of g when every one of them moves
// with the load column as a node's rate does (nodeRateShape, worded) and
// the text names a speed and no latency above the table; nil otherwise.
func speedColumns(g grid, cols []column, named []int) []int {
	load := loadColumn(cols)
	if load < 0 || len(named) == 0 || speedText(g) == "" || headingsNameLatency(g) {
		return nil
	}
	levels, ok := levelValues(g, load)
	if !ok {
		return nil
	}
	for _, i := range named {
		if _, ok := movesAsNodeRate(g, levels, i, true); !ok {
			return nil
		}
	}
	return named
}

// speedRows: every row of a transposed table whose headers are the levels
// (one row per engine or setup, a label first) moves with the levels as a
// node's rate does, and the text names a speed and no latency above the
// table; the rows' label cells name no metric (seriesRows checks that).
func speedRows(g grid, levels []string) bool {
	if speedText(g) == "" || headingsNameLatency(g) || len(g.rows) == 0 {
		return false
	}
	xs := make([]float64, len(levels))
	for j, lv := range levels {
		if xs[j] = headerLevel(lv); xs[j] <= 0 || j > 0 && xs[j] <= xs[j-1] {
			return false
		}
	}
	for _, row := range g.rows {
		ys := make([]float64, len(levels))
		for j := range levels {
			cv, ok, err := parseCell(cleanCell(cellAt(row, j+1)))
			if err != nil || !ok || cv.unit != nil || cv.v <= 0 {
				return false // a blank, or a cell writing a unit of its own
			}
			ys[j] = cv.v
		}
		if _, _, _, ok := nodeRateShape(xs, ys, true); !ok {
			return false
		}
	}
	return true
}
