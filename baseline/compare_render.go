package baseline

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
)

// renderComparison writes c for people, as a table or markdown.
func renderComparison(w io.Writer, c *Comparison, f table.Format) error {
	// Rows of one leaf look alike: the input files (and the model, when the
	// rows differ in it) tell them apart. The level column is the
	// recommended level, or the candidate when nothing is verified.
	showModel := false
	for _, r := range c.Rows {
		showModel = showModel || r.Model != c.Rows[0].Model
	}
	header := []string{"input", "accelerator", "leaf", "GPUs", "recommended per GPU", "tok/s", "tok/s per GPU", "TTFT p99 ms", "knee"}
	align := "lllrrrrrl"
	if showModel {
		header = append(header[:3], append([]string{"model"}, header[3:]...)...)
		align = "llllrrrrrl"
	}
	slo := false
	for _, r := range c.Rows {
		slo = slo || r.Binds != ""
	}
	if slo {
		header = append(header, "goodput tok/s", "binds")
		align += "rl"
	}
	var rows [][]string
	var notes []string
	for i, r := range c.Rows {
		// Without a GPU count the levels are requests in flight on the
		// whole node; say so in the cell and in the knee column.
		unit := "/GPU"
		if r.Unit == "total" {
			unit = " in flight"
		}
		per := "–"
		if r.PerGPU != nil {
			per = level(*r.PerGPU)
			if r.Unit == "total" {
				per += unit
			}
			if r.Unverified {
				per += " (candidate, unverified)"
			}
			if r.Simulated {
				per += " (simulated)"
			}
		}
		gpus := "?"
		if r.GPUs > 0 {
			gpus = fmt.Sprint(r.GPUs)
		}
		row := []string{inputName(r.Sources), orDash(r.Accelerator), orDash(r.Leaf)}
		if showModel {
			row = append(row, orDash(r.Model))
		}
		row = append(row, gpus, per,
			optTok(r.ThroughputTokS), optTok(r.ThroughputPerGPU), optLatency(r.TTFTP99Ms), kneeShortIn(r.Knee, unit))
		if slo {
			g := "–"
			if r.Goodput != nil && r.Goodput.TokS != nil {
				g = optTok(r.Goodput.TokS)
				if r.Goodput.Method == knee.GoodputPercentileBound {
					g = "≥" + g
				}
			}
			row = append(row, g, orDash(r.Binds))
		}
		rows = append(rows, row)
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

func rowName(r CompareRow) string {
	for _, s := range []string{r.Leaf, r.Accelerator, r.Model} {
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
