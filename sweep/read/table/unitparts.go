package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A comparison may write two measures in each cell, each with its unit:
// "664ms, 397 tok/s" under "Round-Robin", "1,641ms, 161 tok/s" under "KV
// Router". The units say what each part is, as two headers would: the
// column is a column per unit ("Round-Robin (ms)", "Round-Robin
// (tok/s)"), which the later passes read as any column whose cells write
// their unit. Every cell must give its parts in one order of units, each
// unit of its own dimension (two times, or two rates, are two values of
// one measure, which the cell-pair readers weigh).

// unitPartSep is what separates the parts: a comma or a semicolon and a
// space, or a spaced slash or dot ("1,641ms" keeps its thousands).
var unitPartSep = regexp.MustCompile(`\s*[,;，；]\s+|\s+[/·]\s+`)

// unitPart is one part: its text and its unit as written.
type unitPart struct {
	text, unit string
	dim        dimension
}

// cellUnitParts splits a cleaned cell into its parts, each a number with
// a unit; false when a part is none or the cell is one.
func cellUnitParts(c string) ([]unitPart, bool) {
	pieces := unitPartSep.Split(c, -1)
	if len(pieces) < 2 {
		return nil, false
	}
	var parts []unitPart
	for _, p := range pieces {
		p = strings.TrimSpace(p)
		cv, ok, err := parseCell(p)
		if err != nil || !ok || cv.unit == nil {
			return nil, false
		}
		_, rest, _ := splitNumber(p)
		parts = append(parts, unitPart{text: p, unit: rest, dim: cv.unit.dim})
	}
	return parts, true
}

// columnUnitParts are the parts' units of column i when every filled cell
// splits into parts of the same dimensions in one order, each dimension
// once; nil otherwise.
func columnUnitParts(g grid, i int) []unitPart {
	var first []unitPart
	ok := everyFilledCell(g, i, cleanCell, func(c string) bool {
		parts, ok := cellUnitParts(c)
		if !ok {
			return false
		}
		if first == nil {
			first = parts
		}
		return slices.EqualFunc(parts, first, func(a, b unitPart) bool { return a.dim == b.dim })
	})
	if !ok || first == nil {
		return nil
	}
	for k := range first {
		for j := k + 1; j < len(first); j++ {
			if first[k].dim == first[j].dim {
				return nil
			}
		}
	}
	return first
}

// splitUnitParts splits every such column into a column per unit.
func splitUnitParts(g *grid) []string {
	var notes []string
	for i := 1; i < len(g.header); i++ {
		units := columnUnitParts(*g, i)
		if units == nil {
			continue
		}
		whole := strings.TrimSpace(stripMarkup(g.header[i]))
		names := make([]string, len(units))
		for k, u := range units {
			names[k] = fmt.Sprintf("%s (%s)", whole, u.unit)
		}
		g.header = append(g.header[:i:i], append(names, g.header[i+1:]...)...)
		for r, row := range g.rows {
			vals := make([]string, len(units))
			if parts, ok := cellUnitParts(cleanCell(cellAt(row, i))); ok {
				for k, p := range parts {
					vals[k] = p.text
				}
			}
			if i < len(row) {
				g.rows[r] = append(row[:i:i], append(vals, row[i+1:]...)...)
			}
		}
		notes = append(notes, fmt.Sprintf("%s: the cells of %q each hold %s, each with its unit: read as the columns %s", g.file, whole, unitList(units), andQuoted(names)))
		i += len(units) - 1
	}
	return notes
}

// unitList names the parts' units in order: "ms, then tok/s".
func unitList(units []unitPart) string {
	var u []string
	for _, p := range units {
		u = append(u, p.unit)
	}
	return strings.Join(u, ", then ")
}
