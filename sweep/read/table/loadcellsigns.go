package table

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A load may be written in its cells rather than its header: "1×", "x4",
// "B=4", "c=8", "bs 16", "Batch (4)", "3 streams", "8 users", under a header such as
// "config", "mode", "run", "Load" or none. A perf engineer reads such a
// column as the load axis when its cells carry a load word or sign before
// or after a whole number that rises row to row (at least three levels,
// rising again in each block of a table of several curves) and the table
// has a throughput that moves with it: a column of settings or run numbers
// carries no such sign, and a speedup's "1.48×" is no whole number. The
// word says which load: streams, users, clients, c= count the requests in
// flight (concurrency); B=, bs, batch and × the batch. Under a header that
// names the load already ("batch" over "1×"), the sign is dropped the same
// way (a remark in brackets, "4 (before)", is cleanCell's).

// signedLoadCell is a whole number with a load sign or word before or after
// it: "1×", "x4", "B=4", "bs 16", "3 streams".
var (
	signAfter  = regexp.MustCompile(`^(\d[\d,]*)\s*([×x])$`)
	signBefore = regexp.MustCompile(`^(?i)([×x]|c|cc|conc|b|bs|batch|n|np|` + inFlightNouns + `)\s*(?:[=:]\s*(\d[\d,]*)|\(\s*(\d[\d,]*)\s*\)|(\d[\d,]*))$`)
)

// A configuration's words may come before the signed level ("batched
// B=64", "paged bs=16"), the sign then written with its "=" so that a
// name's digits ("gpt2 124") are no level; and a run of one stream
// ("single-stream (stock decode)", "synchronous") is level 1.
var (
	signAfterWords = regexp.MustCompile(`(?i)^[\pL][\pL\s-]*?\s(c|conc|b|bs|batch|n|np|users?|clients?|streams?)\s*=\s*(\d[\d,]*)$`)
	oneInFlight    = regexp.MustCompile(`(?i)^(?:` + singleStreamNames + `|synchronous)\b`)
)

// singleStreamNames name one request in flight, for a load cell here and a
// report row's name (rowratelevels.go's oneLevel).
const singleStreamNames = `single[- ](?:stream|request|decode)|one stream`

// batchSigns name a batch rather than requests in flight.
var batchSigns = []string{"×", "x", "b", "bs", "batch"}

// loadCellLevel reads a load cell written with its sign or counting word:
// the level and the sign ("" for a plain whole number); ok false when the
// cell is neither.
func loadCellLevel(cell string) (level int, sign string, ok bool) {
	num := cell
	if m := signAfter.FindStringSubmatch(cell); m != nil {
		num, sign = m[1], m[2]
	} else if m := signBefore.FindStringSubmatch(cell); m != nil {
		num, sign = m[2]+m[3]+m[4], strings.ToLower(m[1]) // "B=4", "Batch (4)", "bs 16"
	} else if m := countedCell.FindStringSubmatch(cell); m != nil && countingWord(m[2]) {
		num, sign = m[1], strings.ToLower(strings.TrimSpace(m[2]))
	} else if m := signAfterWords.FindStringSubmatch(cell); m != nil {
		num, sign = m[2], strings.ToLower(m[1])
	} else if oneInFlight.MatchString(cell) {
		return 1, "", true
	}
	v, err := strconv.Atoi(strings.ReplaceAll(num, ",", ""))
	if err != nil || v <= 0 {
		return 0, "", false
	}
	return v, sign, true
}

// signedLoads reads the levels written in a column's cells: in the load
// column the header names, else in the column whose cells carry a load
// sign as the comment above says, which becomes the load.
func signedLoads(g *grid) []string {
	cols := classifyAll(g.header)
	if i := loadColumn(cols); i >= 0 {
		return dropLoadSigns(g, i)
	}
	for i, c := range cols {
		if !freeColumn(c.kind) {
			continue
		}
		levels, sign, ok := signedLevels(*g, i)
		var aside []string
		if !ok {
			levels, sign, aside, ok = signedLevelsBeforeOthers(g, i)
		}
		if !ok || sign == "" || distinctInts(levels) < 3 || !risingBlocks(levels) || !throughputMoves(*g, cols) {
			continue
		}
		axis := "concurrency"
		if slices.Contains(batchSigns, sign) {
			axis = "batch size"
		}
		was := g.header[i]
		example := signedExample(*g, i)
		if len(aside) > 0 {
			g.rows = g.rows[:len(levels)]
			if len(g.lines) > len(levels) {
				g.lines = g.lines[:len(levels)]
			}
		}
		setLevels(g, i, levels)
		g.header = slices.Clone(g.header)
		g.header[i] = axis
		notes := []string{fmt.Sprintf("%s: %q read as the %s: its cells write the load with its sign (%q), %d levels rising with the throughput", g.file, was, axis, example, distinctInts(levels))}
		if len(aside) > 0 {
			notes = append(notes, fmt.Sprintf("%s: %s under %q named no level: another measurement after the sweep's rows, set aside", g.file, quoteAll(aside), was))
		}
		return notes
	}
	return nil
}

// signedExample is the first cell of column i that writes a sign.
func signedExample(g grid, i int) string {
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		if _, sign, ok := loadCellLevel(cell); ok && sign != "" {
			return cell
		}
	}
	return cleanCell(cellAt(g.rows[0], i))
}

// dropLoadSigns reads the load column's signed cells ("1×", "8 x")
// as their numbers; none is changed unless every cell reads.
func dropLoadSigns(g *grid, i int) []string {
	levels, sign, ok := signedLevels(*g, i)
	if !ok || sign == "" || readsAsLoad(*g, i) {
		return nil
	}
	example := cleanCell(cellAt(g.rows[0], i))
	for _, row := range g.rows {
		if s := cleanCell(cellAt(row, i)); !isBlank(s) && !plainDecimal(s) {
			example = s
			break
		}
	}
	setLevels(g, i, levels)
	return []string{fmt.Sprintf("%s: the cells of %q write the level with a sign (%q): read as the number alone", g.file, g.header[i], example)}
}

// signedLevels reads column i's cells as levels (0 for a blank cell): ok
// when every other cell is a whole number, signed or not, and sign is the
// last sign read.
func signedLevels(g grid, i int) (levels []int, sign string, ok bool) {
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		if isBlank(cell) {
			levels = append(levels, 0)
			continue
		}
		v, s, ok := loadCellLevel(cell)
		if !ok {
			return nil, "", false
		}
		if s != "" {
			sign = s
		}
		levels = append(levels, v)
	}
	return levels, sign, len(levels) > 0
}

// setLevels writes the levels read back into column i.
func setLevels(g *grid, i int, levels []int) {
	for r, row := range g.rows {
		if i < len(row) && levels[r] > 0 {
			row[i] = strconv.Itoa(levels[r])
		}
	}
}

// freeColumn: a column of kind k may hold the load written in its cells:
// its header names no measurement.
func freeColumn(k colKind) bool {
	switch k {
	case colIgnore, colSeriesLabel, colWorkload, colNote:
		return true
	}
	return false
}

func distinctInts(levels []int) int {
	seen := map[int]bool{}
	for _, v := range levels {
		if v > 0 {
			seen[v] = true
		}
	}
	return len(seen)
}

// risingBlocks: the levels rise row to row, or start again lower (the next
// curve's block), and each block holds two levels or more.
func risingBlocks(levels []int) bool {
	prev, run := 0, 0
	for _, v := range levels {
		if v == 0 {
			continue
		}
		if v <= prev {
			if run < 2 {
				return false
			}
			run = 0
		}
		prev = v
		run++
	}
	return run >= 2
}

// throughputMoves: a column the header names a token throughput (the
// node's, or a total or peak rate the later passes may take for it) holds
// two different values or more.
func throughputMoves(g grid, cols []column) bool {
	for i, c := range cols {
		if c.kind != colThroughput && c.kind != colThroughputPerGPU && c.kind != colOtherTokRate {
			continue
		}
		seen := map[float64]bool{}
		for _, row := range g.rows {
			if cv, ok, err := parseCell(cleanCell(cellAt(row, i))); err == nil && ok {
				seen[cv.v] = true
			}
		}
		if len(seen) >= 2 {
			return true
		}
	}
	return false
}

// readsAsLoad: every cell of column i is a number the load column reads
// as it stands ("c=16", "P8": cellNumber), so nothing needs rewriting.
func readsAsLoad(g grid, i int) bool {
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		if !isBlank(cell) && !plainDecimal(cell) && !prefixedLoad.MatchString(cell) {
			return false
		}
	}
	return true
}
