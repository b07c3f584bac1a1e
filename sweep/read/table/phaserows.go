package table

import (
	"fmt"
	"regexp"
)

// llama-bench and llama-benchy name each test by its phase: "pp512" is
// prompt processing (prefill) of 512 tokens, "tg128" text generation of
// 128. At one level the pp row measures the prompt rate and the time to
// the first token, the tg row the output rate: one point of the sweep
// across two rows. A pp row's token rate is never the output throughput.

var (
	promptPhase = regexp.MustCompile(`(?i)^pp\s*\d+\b`)
	genPhase    = regexp.MustCompile(`(?i)^tg\s*\d+\b`)
)

// mergePhaseRows joins each level's pp row and tg row into one: the token
// rates from the tg row, every other cell from the tg row where it holds
// one, else the pp row's (TTFT is measured on the prompt). A pp row with no
// tg row at its level is set aside: its rate is the prompt's. Tables whose
// labels name no phase are left as they are.
func mergePhaseRows(g *grid, load, label int) []string {
	pp, tg := map[string]int{}, map[string]int{}
	var order []string
	for r, row := range g.rows {
		lv, name := cellAt(row, load), cleanCell(cellAt(row, label))
		switch {
		case promptPhase.MatchString(name) && !hasKey(pp, lv):
			pp[lv] = r
		case genPhase.MatchString(name) && !hasKey(tg, lv):
			tg[lv] = r
		default:
			return nil
		}
		if len(order) == 0 || order[len(order)-1] != lv {
			order = append(order, lv)
		}
	}
	if len(pp) == 0 {
		return nil
	}
	return joinPhases(g, order, pp, tg, label)
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// joinPhases rewrites the rows, one per level in order.
func joinPhases(g *grid, order []string, pp, tg map[string]int, label int) []string {
	rates := tokenRateColumns(g.header)
	var rows [][]string
	var lines []int
	var alone []string
	for _, lv := range order {
		t, okT := tg[lv]
		p, okP := pp[lv]
		switch {
		case okT && okP:
			rows, lines = append(rows, joinPhaseRow(g.rows[p], g.rows[t], rates, label)), append(lines, g.lines[t])
		case okT:
			rows, lines = append(rows, g.rows[t]), append(lines, g.lines[t])
		default:
			alone = append(alone, lv)
		}
	}
	g.rows, g.lines = rows, lines
	notes := []string{fmt.Sprintf("%s: each level's pp (prompt processing) and tg (text generation) rows read as one point: the token rates from the tg row, TTFT from the pp row", g.file)}
	if len(alone) > 0 {
		notes = append(notes, fmt.Sprintf("%s: pp rows with no tg row set aside (levels %v): their rate is the prompt's, not the output throughput", g.file, alone))
	}
	return notes
}

// joinPhaseRow is a tg row completed by its pp row, the label naming both.
func joinPhaseRow(pp, tg []string, rates map[int]bool, label int) []string {
	out := make([]string, max(len(pp), len(tg)))
	for j := range out {
		out[j] = cellAt(tg, j)
		if !rates[j] && isBlank(cleanCell(out[j])) {
			out[j] = cellAt(pp, j)
		}
	}
	out[label] = cleanCell(cellAt(pp, label)) + " + " + cleanCell(cellAt(tg, label))
	return out
}

// tokenRateColumns are the columns whose headers read as a token rate of
// any kind.
func tokenRateColumns(header []string) map[int]bool {
	out := map[int]bool{}
	for j, c := range classifyAll(header) {
		switch c.kind {
		case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
			out[j] = true
		}
	}
	return out
}
