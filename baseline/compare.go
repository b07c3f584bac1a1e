package baseline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// CompareRow is one sweep in a comparison: where it should run (the
// recommended level, or the candidate marked unverified) and what it gives
// there, per node and per GPU, so nodes of different sizes line up.
type CompareRow struct {
	Accelerator string   `json:"accelerator"`
	Leaf        string   `json:"leaf"`
	GPUs        int      `json:"gpus"`
	Model       string   `json:"model,omitempty"`
	Sources     []string `json:"sources"`
	// PerGPU is the recommended level, else the candidate (Unverified set),
	// else null: nothing in the sweep can be recommended.
	PerGPU           *float64     `json:"per_gpu"`
	Unverified       bool         `json:"unverified"`
	Verdict          knee.Verdict `json:"verdict,omitempty"`
	ThroughputTokS   *float64     `json:"throughput_tok_s"`
	ThroughputPerGPU *float64     `json:"throughput_per_gpu"`
	TTFTP99Ms        *float64     `json:"ttft_p99_ms"`
	Knee             knee.Knee    `json:"knee"`
	Simulated        bool         `json:"simulated,omitempty"`
	// Unit is the analysis's: "per_gpu", or "total" when the GPU count is
	// unknown and levels are requests in flight on the whole node.
	Unit string `json:"unit"`
	Note string `json:"note,omitempty"`
	// Binds is, with SLOs stated (--slo), what caps the level: "slo" or
	// "knee"; absent without SLOs.
	Binds string `json:"binds,omitempty"`
	// Goodput is the level's goodput under the SLOs (knee.Goodput); absent
	// without SLOs.
	Goodput *knee.Goodput `json:"goodput,omitempty"`
}

// Comparison is `knee compare`: one row per input sweep, in input order.
type Comparison struct {
	Rows []CompareRow `json:"rows"`
}

// Compare analyses each sweep with opts and lines them up.
func Compare(sweeps []*sweep.Sweep, opts knee.Options) (*Comparison, error) {
	return CompareContext(context.Background(), sweeps, opts)
}

// CompareContext is Compare that stops when ctx is done (Ctrl-C).
func CompareContext(ctx context.Context, sweeps []*sweep.Sweep, opts knee.Options) (*Comparison, error) {
	c := &Comparison{Rows: []CompareRow{}}
	for _, s := range sweeps {
		r, err := knee.FindContext(ctx, s, opts)
		if err != nil {
			return nil, err
		}
		c.Rows = append(c.Rows, compareRow(s, r))
	}
	return c, nil
}

func compareRow(s *sweep.Sweep, r *knee.Result) CompareRow {
	row := CompareRow{Accelerator: s.Accelerator, Leaf: s.Leaf, GPUs: s.GPUs, Model: s.Model, Sources: s.Sources, Knee: r.Knee, Unit: r.Unit}
	if r.SLO != nil {
		row.Binds = r.SLO.Binds
	}
	if row.Sources == nil {
		row.Sources = []string{}
	}
	at := r.RecommendedPerGPU
	if at == nil && r.CandidatePerGPU != nil {
		at = r.CandidatePerGPU
		row.Unverified = true
	}
	if at == nil {
		row.Note = "no level can be recommended: " + r.SweepNextRun()
		return row
	}
	for _, p := range r.Points {
		if !sameLevel(p.PerGPU, *at) {
			continue
		}
		row.PerGPU = sweep.F(p.PerGPU)
		row.Verdict = p.Verdict
		row.ThroughputTokS = sweep.F(p.ThroughputTokS)
		if s.GPUs > 0 {
			row.ThroughputPerGPU = sweep.F(p.ThroughputPerGPU)
		}
		if p.TTFTP99Ms > 0 {
			row.TTFTP99Ms = sweep.F(p.TTFTP99Ms)
		}
		row.Simulated = p.Simulated
		row.Goodput = p.Goodput
		if row.Unverified {
			row.Note = r.NextRun(p, knee.ReasonUnverified)
			// nextRun speaks of per-GPU levels and knee sweep --per-gpu;
			// without a GPU count knee's own hint has the right unit.
			if r.Unit == "total" && len(r.Hints) > 0 {
				row.Note = r.Hints[0]
			}
		}
	}
	return row
}

// RenderComparison writes c as "markdown", "table" or "json".
func RenderComparison(w io.Writer, c *Comparison, format string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(c)
	}
	f := table.Format(format)
	if f != table.Markdown && f != table.Text {
		return fmt.Errorf("baseline: unknown comparison format %q", format)
	}
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
