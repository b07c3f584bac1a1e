package report

import (
	"bytes"
	"slices"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/knee"
)

// EnergyColumn is one column the GPU telemetry adds to a table: shown only
// when some level carries its figure, so tables without telemetry are
// unchanged.
type EnergyColumn struct {
	Header string
	Get    func(knee.PointResult) *float64
	// Decimals as numfmt.Group takes them.
	Decimals int
}

// EnergyColumns are find's and compare's telemetry columns, in order.
var EnergyColumns = []EnergyColumn{
	{"GPU W", func(p knee.PointResult) *float64 { return p.GPUPowerW }, 0},
	{"tok/J", func(p knee.PointResult) *float64 { return p.TokensPerJoule }, 3},
	{"$/Mtok", func(p knee.PointResult) *float64 { return p.USDPerMTok }, 3},
}

// PresentEnergyColumns are the columns some point has a figure for.
func PresentEnergyColumns(points []knee.PointResult) []EnergyColumn {
	var out []EnergyColumn
	for _, c := range EnergyColumns {
		if slices.ContainsFunc(points, func(p knee.PointResult) bool { return c.Get(p) != nil }) {
			out = append(out, c)
		}
	}
	return out
}

// Cell is the column's value at p ("–" unknown).
func (c EnergyColumn) Cell(p knee.PointResult) string {
	v := c.Get(p)
	if v == nil || !finite(*v) {
		return "–"
	}
	return numfmt.Group(*v, c.Decimals)
}

// energyColumns inserts the present telemetry columns before "repeats".
func energyColumns(points []knee.PointResult, header []string, rows [][]string, align []byte) ([]string, [][]string, []byte) {
	cols := PresentEnergyColumns(points)
	at := slices.Index(header, "repeats")
	if len(cols) == 0 || at < 0 {
		return header, rows, align
	}
	var hs []string
	for _, c := range cols {
		hs = append(hs, c.Header)
	}
	header = insertAt(header, at, hs...)
	align = append(align[:at:at], append(bytes.Repeat([]byte{'r'}, len(cols)), align[at:]...)...)
	for i, p := range points {
		var cells []string
		for _, c := range cols {
			cells = append(cells, c.Cell(p))
		}
		rows[i] = insertAt(rows[i], at, cells...)
	}
	return header, rows, align
}
