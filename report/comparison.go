package report

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
)

// renderComparison writes c for people, as a table or markdown.
func renderComparison(w io.Writer, c *baseline.Comparison, f table.Format) error {
	cols := comparisonColumns(c)
	header, align := cols.header()
	var rows [][]string
	var notes []string
	for i, r := range c.Rows {
		rows = append(rows, cols.row(r))
		if r.Note != "" {
			notes = append(notes, fmt.Sprintf("%d. %s (%s): %s", i+1, rowName(r), inputName(r.Sources), r.Note))
		}
	}
	var b bytes.Buffer
	if err := table.Write(&b, f, header, rows, []byte(align)); err != nil {
		return err
	}
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

// compareColumns says which optional columns a comparison shows. Rows of
// one leaf look alike: the input files (and the model, when the rows
// differ in it) tell them apart; the SLO columns appear when any row was
// analysed under SLOs.
type compareColumns struct {
	// series: some row reads one curve of a table of several.
	model, slo, series bool
	// energy are the GPU telemetry columns some row has a figure for.
	energy []EnergyColumn
}

func comparisonColumns(c *baseline.Comparison) compareColumns {
	var cols compareColumns
	var points []knee.PointResult
	for _, r := range c.Rows {
		cols.model = cols.model || r.Model != c.Rows[0].Model
		cols.slo = cols.slo || r.Binds != ""
		cols.series = cols.series || r.Series != ""
		points = append(points, energyPoint(r))
	}
	cols.energy = PresentEnergyColumns(points)
	return cols
}

// energyPoint carries a row's telemetry figures where knee's columns read them.
func energyPoint(r baseline.CompareRow) knee.PointResult {
	return knee.PointResult{GPUPowerW: r.GPUPowerW, TokensPerJoule: r.TokensPerJoule, USDPerMTok: r.USDPerMTok}
}

// header is the table's header and alignment. The level column is the
// recommended level, or the candidate when nothing is verified.
func (cols compareColumns) header() ([]string, string) {
	header := []string{"input", "accelerator", "leaf", "GPUs", "recommended per GPU", "tok/s", "tok/s per GPU", "TTFT p99 ms", "knee"}
	align := "lllrrrrrl"
	if cols.model {
		header = append(header[:3], append([]string{"model"}, header[3:]...)...)
		align = "llllrrrrrl"
	}
	if cols.series {
		header = append(header[:1], append([]string{"curve"}, header[1:]...)...)
		align = "l" + align
	}
	for _, e := range cols.energy {
		header = append(header, e.Header)
		align += "r"
	}
	if cols.slo {
		header = append(header, "goodput tok/s", "binds")
		align += "rl"
	}
	return header, align
}

func (cols compareColumns) row(r baseline.CompareRow) []string {
	// Without a GPU count the levels are requests in flight on the
	// whole node; say so in the cell and in the knee column.
	unit := "/GPU"
	if r.Unit == "total" {
		unit = " in flight"
	}
	gpus := "?"
	if r.GPUs > 0 {
		gpus = fmt.Sprint(r.GPUs)
	}
	row := []string{inputName(r.Sources)}
	if cols.series {
		row = append(row, orDash(r.Series))
	}
	row = append(row, orDash(r.Accelerator), orDash(r.Leaf))
	if cols.model {
		row = append(row, orDash(r.Model))
	}
	row = append(row, gpus, rowLevelCell(r, unit),
		optTok(r.ThroughputTokS), optTok(r.ThroughputPerGPU), optLatency(r.TTFTP99Ms), r.Knee.Phrase(unit))
	for _, e := range cols.energy {
		row = append(row, e.Cell(energyPoint(r)))
	}
	if cols.slo {
		row = append(row, rowGoodputCell(r.Goodput), orDash(r.Binds))
	}
	return row
}

// rowLevelCell is the row's level with what qualifies it.
func rowLevelCell(r baseline.CompareRow, unit string) string {
	if r.PerGPU == nil {
		return "–"
	}
	per := level(*r.PerGPU)
	if r.Unit == "total" {
		per += unit
	}
	if r.Unverified {
		per += " (candidate, unverified)"
	}
	if r.Simulated {
		per += " (simulated)"
	}
	return per
}

// rowGoodputCell is the goodput in tok/s, as find's table shows it
// (knee.Goodput.Cell).
func rowGoodputCell(g *knee.Goodput) string { return g.Cell() }

// inputName is what a row was read from, as people call it in a PR: the
// file's base name; for a results folder (or several files of one folder)
// the folder's; otherwise the first with a count.
func inputName(sources []string) string {
	switch len(sources) {
	case 0:
		return "–"
	case 1:
		return filepath.Base(sources[0])
	}
	dir := filepath.Dir(sources[0])
	for _, s := range sources[1:] {
		for dir != "." && dir != "/" && !strings.HasPrefix(s, dir+string(filepath.Separator)) {
			dir = filepath.Dir(dir)
		}
	}
	if filepath.Base(dir) == "levels" { // knee's own results folder
		dir = filepath.Dir(dir)
	}
	if dir != "." && dir != "/" {
		return filepath.Base(dir) + "/"
	}
	return fmt.Sprintf("%s (+%d more)", filepath.Base(sources[0]), len(sources)-1)
}

func rowName(r baseline.CompareRow) string {
	for _, s := range []string{r.Series, r.Leaf, r.Accelerator, r.Model} {
		if s != "" {
			return s
		}
	}
	switch len(r.Sources) {
	case 0:
		return "sweep"
	case 1:
		return r.Sources[0]
	}
	return fmt.Sprintf("%s (+%d more)", r.Sources[0], len(r.Sources)-1)
}

func optLatency(v *float64) string {
	if v == nil {
		return "–"
	}
	return latency(*v)
}

func optTok(v *float64) string {
	if v == nil {
		return "–"
	}
	return tok(*v)
}
