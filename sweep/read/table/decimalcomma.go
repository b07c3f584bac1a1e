package table

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// Much of the world writes a decimal comma ("0,65 s", "1.234,5 tok/s").
// "1,234" alone is ambiguous: a thousand and more in English, one and a
// bit in German. A table settles it by its other numbers: a comma followed
// by other than exactly three digits ("0,65", "12,5") is a decimal comma,
// and so is one after dot-grouped thousands ("1.234,5"); a point followed
// by other than three digits ("0.65"), or after comma-grouped thousands
// ("1,234.5"), is a decimal point. The table's numbers are read with a
// decimal comma only when some say so and none say the other: then every
// number is rewritten once, before anything reads them. With no evidence,
// or both, nothing is rewritten, and a cell the English reading cannot
// parse is refused by its column (commaCellError). One more case is never
// guessed: a table whose only commas group three digits ("1,234") under
// prose that writes decimal commas ("0,65 s") and no decimal point could
// mean either; a column the answer is read from that holds such a cell is
// refused by name (ambiguousCommas).

// numberRun is a run of digits, points and commas that starts and ends
// with a digit: one written number.
var numberRun = regexp.MustCompile(`\d(?:[\d.,]*\d)?`)

var (
	commaFraction  = regexp.MustCompile(`^\d+,(\d+)$`)
	pointFraction  = regexp.MustCompile(`^\d+\.(\d+)$`)
	pointThousands = regexp.MustCompile(`^\d{1,3}(?:\.\d{3})+(?:,\d+)?$`)
	commaGrouped   = regexp.MustCompile(`^\d{1,3}(?:,\d{3})+\.\d+$`)
	dotGroupedDec  = regexp.MustCompile(`^\d{1,3}(?:\.\d{3})+,\d+$`)
)

// decimalMarks says what one written number shows of the decimal mark.
func decimalMarks(run string) (comma, point bool) {
	if m := commaFraction.FindStringSubmatch(run); m != nil && len(m[1]) != 3 {
		return true, false
	}
	if m := pointFraction.FindStringSubmatch(run); m != nil && len(m[1]) != 3 {
		return false, true
	}
	return dotGroupedDec.MatchString(run), commaGrouped.MatchString(run)
}

// readDecimalCommas rewrites a table whose numbers write a decimal comma
// into decimal points, with a note naming a cell it read so.
func readDecimalCommas(g *grid) []string {
	example := ""
	for _, row := range g.rows {
		for _, cell := range row {
			for _, run := range numberRun.FindAllString(cell, -1) {
				comma, point := decimalMarks(run)
				if point {
					return nil
				}
				if comma && example == "" {
					example = strings.TrimSpace(stripMarkup(cell))
				}
			}
		}
	}
	if example == "" {
		return nil
	}
	rows := make([][]string, len(g.rows))
	for r, row := range g.rows {
		rows[r] = make([]string, len(row))
		for i, cell := range row {
			rows[r][i] = numberRun.ReplaceAllStringFunc(cell, pointDecimal)
		}
	}
	g.rows = rows
	return []string{fmt.Sprintf("%s: the table writes a decimal comma (%q): its numbers read with \",\" as the decimal mark and \".\" grouping thousands", g.file, example)}
}

// pointDecimal rewrites one number written with a decimal comma.
func pointDecimal(run string) string {
	switch {
	case commaFraction.MatchString(run):
		return strings.Replace(run, ",", ".", 1)
	case pointThousands.MatchString(run):
		return strings.Replace(strings.ReplaceAll(run, ".", ""), ",", ".", 1)
	}
	return run
}

// commaCellError is the refusal of a cell that writes a decimal comma in a
// table whose other numbers do not settle the mark ("0,65 s" beside
// "1.5"); "" when the cell writes none.
func commaCellError(cell string) error {
	m := leadingComma.FindStringSubmatch(cell)
	if m == nil {
		return nil
	}
	return fmt.Errorf("%q writes a decimal comma (%s), but the table's other numbers write a decimal point, so knee does not guess which mark this table means: write its numbers with one mark", cell, m[0])
}

// leadingComma is a number with a decimal comma at the start of a cell.
var leadingComma = regexp.MustCompile(`^[~≈]?\s*\d+,\d+`)

// commaGroups is a number whose commas could group thousands or mark a
// decimal: "1,234", "12,500".
var commaGroups = regexp.MustCompile(`^\d{1,3}(?:,\d{3})+$`)

// proseWritesDecimalCommas: the prose around the table writes a decimal
// comma and no decimal point.
func proseWritesDecimalCommas(prose string) bool {
	comma := false
	for _, run := range numberRun.FindAllString(prose, -1) {
		c, p := decimalMarks(run)
		if p {
			return false
		}
		comma = comma || c
	}
	return comma
}

// ambiguousCommas refuses the first cell of a read answer column that
// writes "1,234" when the table's numbers settle nothing and its prose
// writes decimal commas.
func ambiguousCommas(g grid, cols []column) error {
	if !proseWritesDecimalCommas(g.context) || tableWritesDecimalPoints(g) {
		return nil
	}
	for i, c := range cols {
		if c.key() == "" || !answerColumn(cols, c) {
			continue
		}
		for r, row := range g.rows {
			for _, run := range numberRun.FindAllString(cellAt(row, i), -1) {
				if commaGroups.MatchString(run) {
					return inputerr.Errorf(g.file, c.header, g.lines[r], "%q could be %s (a comma grouping thousands) or %s (a decimal comma, as the prose around the table writes), and the table's other numbers do not say which: knee does not guess; write the number without the grouping comma, or with a decimal point",
						cleanCell(cellAt(row, i)), strings.ReplaceAll(run, ",", ""), strings.Replace(run, ",", ".", 1))
				}
			}
		}
	}
	return nil
}

func tableWritesDecimalPoints(g grid) bool {
	for _, row := range g.rows {
		for _, cell := range row {
			for _, run := range numberRun.FindAllString(cell, -1) {
				if _, point := decimalMarks(run); point {
					return true
				}
			}
		}
	}
	return false
}
