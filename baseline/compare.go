package baseline

import (
	"context"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// CompareRow is one sweep in a comparison: where it should run (the
// recommended level, or the candidate marked unverified) and what it gives
// there, per node and per GPU, so nodes of different sizes line up.
type CompareRow struct {
	Accelerator string `json:"accelerator"`
	Leaf        string `json:"leaf"`
	GPUs        int    `json:"gpus"`
	Model       string `json:"model,omitempty"`
	// Series is the curve of a table of several this row reads (--series,
	// or each in turn when a table's curves differ); absent else.
	Series  string   `json:"series,omitempty"`
	Sources []string `json:"sources"`
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
	// GPUPowerW, TokensPerJoule and USDPerMTok are the level's GPU
	// telemetry figures (knee.PointResult's); absent without telemetry.
	GPUPowerW      *float64 `json:"gpu_power_w,omitempty"`
	TokensPerJoule *float64 `json:"tokens_per_joule,omitempty"`
	USDPerMTok     *float64 `json:"usd_per_mtok,omitempty"`
}

// Comparison is `knee compare`: one row per input sweep, in input order.
type Comparison struct {
	Rows []CompareRow `json:"rows"`
}

// CompareContext analyses each sweep with opts and lines them up; it stops
// when ctx is done (Ctrl-C). A sweep named by its curve (a table of several,
// each read in turn) carries the name into its row.
func CompareContext(ctx context.Context, sweeps []NamedSweep, opts knee.Options) (*Comparison, error) {
	c := &Comparison{Rows: []CompareRow{}}
	for _, s := range sweeps {
		r, err := knee.FindContext(ctx, s.Sweep, opts)
		if err != nil {
			return nil, err
		}
		row := compareRow(s.Sweep, r)
		row.Series = s.Series
		c.Rows = append(c.Rows, row)
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
		row.GPUPowerW, row.TokensPerJoule, row.USDPerMTok = p.GPUPowerW, p.TokensPerJoule, p.USDPerMTok
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
