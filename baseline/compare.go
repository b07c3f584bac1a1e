package baseline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
}

// Comparison is `knee compare`: one row per input sweep, in input order.
type Comparison struct {
	Rows []CompareRow `json:"rows"`
}

// Compare analyses each sweep with opts and lines them up.
func Compare(sweeps []*sweep.Sweep, opts knee.Options) (*Comparison, error) {
	c := &Comparison{Rows: []CompareRow{}}
	for _, s := range sweeps {
		r, err := knee.Find(s, opts)
		if err != nil {
			return nil, err
		}
		c.Rows = append(c.Rows, compareRow(s, r))
	}
	return c, nil
}

func compareRow(s *sweep.Sweep, r *knee.Result) CompareRow {
	row := CompareRow{Accelerator: s.Accelerator, Leaf: s.Leaf, GPUs: s.GPUs, Model: s.Model, Sources: s.Sources, Knee: r.Knee, Unit: r.Unit}
	if row.Sources == nil {
		row.Sources = []string{}
	}
	at := r.RecommendedPerGPU
	if at == nil && r.CandidatePerGPU != nil {
		at = r.CandidatePerGPU
		row.Unverified = true
	}
	if at == nil {
		row.Note = "no level can be recommended: " + sweepNextRun(r)
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
		if row.Unverified {
			row.Note = nextRun(r, p, knee.ReasonUnverified)
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
	header := []string{"accelerator", "leaf", "GPUs", "per GPU", "tok/s", "tok/s per GPU", "TTFT p99 ms", "knee"}
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
				per += " (unverified)"
			}
			if r.Simulated {
				per += " (simulated)"
			}
		}
		gpus := "?"
		if r.GPUs > 0 {
			gpus = fmt.Sprint(r.GPUs)
		}
		rows = append(rows, []string{orDash(r.Accelerator), orDash(r.Leaf), gpus, per,
			optTok(r.ThroughputTokS), optTok(r.ThroughputPerGPU), optLatency(r.TTFTP99Ms), kneeShortIn(r.Knee, unit)})
		if r.Note != "" {
			notes = append(notes, fmt.Sprintf("%d. %s: %s", i+1, rowName(r), r.Note))
		}
	}
	var b bytes.Buffer
	if err := table.Write(&b, f, header, rows, []byte("llrrrrrl")); err != nil {
		return err
	}
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	_, err := w.Write(b.Bytes())
	return err
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
