// Package pareto reads several sweeps — one per serving configuration (an
// engine setting, a parallelism, an accelerator, a model variant) of one
// model and workload — as points of throughput per GPU against tokens per
// second per user, and finds the Pareto frontier: the points no other point
// beats on both axes, as public accelerator reports plot it. Each point
// keeps its configuration's knee verdict, so a frontier point past its
// knee is said to be one.
//
// The maths is visible: a point is on the frontier when no other point is
// at least as good on both axes and better on one (an O(n²) check; sweeps
// have tens of levels). A point off it falls short by 1 − x/x*, x* the
// best throughput per GPU on the frontier at the same or a higher speed
// per user.
package pareto

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Input is one configuration's sweep and the name it is shown under.
type Input struct {
	Name  string
	Sweep *sweep.Sweep
	// Arg is the command-line argument it was read from, for errors.
	Arg string
}

// Options are the analysis's: the knee options (with SLOs, --slo) every
// sweep is analysed under, and the price of a GPU hour (0: none).
type Options struct {
	Knee          knee.Options
	USDPerGPUHour float64
}

// Point is one level of one configuration.
type Point struct {
	Config           string  `json:"config"`
	PerGPU           float64 `json:"per_gpu"`
	Concurrency      float64 `json:"concurrency"`
	ThroughputPerGPU float64 `json:"throughput_per_gpu"`
	// TokSPerUser is one user's output speed: output tokens ÷ (E2E −
	// TTFT), else 1000 ÷ ITL p50 (UserFrom says which); null when neither
	// is known, and then the point is on no frontier.
	TokSPerUser *float64     `json:"tok_s_per_user"`
	UserFrom    string       `json:"user_from,omitempty"`
	TTFTP99Ms   *float64     `json:"ttft_p99_ms"`
	Verdict     knee.Verdict `json:"verdict"`
	// PastKnee marks a level past its configuration's knee.
	PastKnee   bool `json:"past_knee,omitempty"`
	OnFrontier bool `json:"on_frontier"`
	// Shortfall is how far a point off the frontier falls short of it:
	// 1 − its throughput per GPU ÷ the best on the frontier at the same or
	// a higher speed per user, with that frontier point (ShortOf).
	Shortfall *float64  `json:"shortfall,omitempty"`
	ShortOf   *PointRef `json:"short_of,omitempty"`
	// TokensPerJoule (GPU telemetry) and USDPerMTok (--gpu-hour-price, or
	// as the sweep recorded it); absent when unknown.
	TokensPerJoule   *float64 `json:"tokens_per_joule,omitempty"`
	OnEnergyFrontier bool     `json:"on_energy_frontier,omitempty"`
	USDPerMTok       *float64 `json:"usd_per_mtok,omitempty"`
	// MeetsSLO is whether every stated SLO is met here (null: unknown);
	// absent without SLOs.
	MeetsSLO *bool `json:"meets_slo,omitempty"`
	// WithinSLOEdge is whether the level is at or below its configuration's
	// SLO edge (knee find's: every valid level up to it meets every SLO),
	// the levels the SLO and cost picks choose from; absent without SLOs.
	WithinSLOEdge *bool `json:"within_slo_edge,omitempty"`
	// Simulated marks a level the simulated server produced.
	Simulated bool `json:"simulated,omitempty"`
}

// PointRef names one point.
type PointRef struct {
	Config string  `json:"config"`
	PerGPU float64 `json:"per_gpu"`
}

// Config is one configuration's summary.
type Config struct {
	Name        string    `json:"name"`
	Accelerator string    `json:"accelerator"`
	GPUs        int       `json:"gpus"`
	Sources     []string  `json:"sources"`
	Knee        knee.Knee `json:"knee"`
	// OperatingPerGPU is knee find's recommended level (null: none).
	OperatingPerGPU *float64 `json:"operating_per_gpu"`
	// FrontierPerGPU are its levels on the frontier, ascending.
	FrontierPerGPU []float64 `json:"frontier_per_gpu"`
}

// Choice is one pick: a configuration and level, and why.
type Choice struct {
	PointRef
	ThroughputPerGPU float64  `json:"throughput_per_gpu"`
	TokSPerUser      *float64 `json:"tok_s_per_user"`
	USDPerMTok       *float64 `json:"usd_per_mtok,omitempty"`
	PastKnee         bool     `json:"past_knee,omitempty"`
}

// Result is knee pareto's answer.
type Result struct {
	Model    string   `json:"model"`
	Workload string   `json:"workload,omitempty"`
	Configs  []Config `json:"configs"`
	// Points are every level, by configuration in input order, then level.
	Points []Point `json:"points"`
	// Frontier lists the frontier's points by speed per user, ascending
	// (throughput per GPU descending).
	Frontier []PointRef `json:"frontier"`
	// EnergyFrontier is the frontier of tokens per joule against speed per
	// user; absent without GPU telemetry.
	EnergyFrontier []PointRef `json:"energy_frontier,omitempty"`
	// SLO is the best point meeting every SLO (highest throughput per GPU);
	// absent without SLOs, null inside when none meets them.
	SLO *SLOPick `json:"slo,omitempty"`
	// Cheapest is the point with the fewest dollars per million output
	// tokens (among those meeting the SLOs, when stated); absent without a
	// price.
	Cheapest *Choice `json:"cheapest,omitempty"`
	// Notes are what a reader must see: frontier points past their knee,
	// points with no speed per user.
	Notes     []string `json:"notes,omitempty"`
	Simulated bool     `json:"simulated,omitempty"`
}

// SLOPick is the answer to "which configuration and concurrency meets the
// SLO with the most throughput per GPU".
type SLOPick struct {
	Targets []string `json:"targets"`
	Best    *Choice  `json:"best"`
}

// Analyze finds the frontier of the inputs. It refuses (a inputerr.Error,
// exit 2) inputs of different models or workloads, and inputs whose GPU
// count is unknown (no throughput per GPU).
func Analyze(ctx context.Context, ins []Input, opts Options) (*Result, error) {
	if err := comparable(ins); err != nil {
		return nil, err
	}
	res := &Result{Model: modelOf(ins), Workload: workloadKey(ins[0].Sweep), Configs: []Config{}, Points: []Point{}}
	for _, in := range ins {
		r, err := knee.FindContext(ctx, in.Sweep, opts.Knee)
		if err != nil {
			return nil, err
		}
		res.Configs = append(res.Configs, Config{Name: in.Name, Accelerator: in.Sweep.Accelerator, GPUs: in.Sweep.GPUs,
			Sources: nonNil(in.Sweep.Sources), Knee: r.Knee, OperatingPerGPU: r.RecommendedPerGPU, FrontierPerGPU: []float64{}})
		res.Points = append(res.Points, levelPoints(in, r, opts)...)
	}
	res.Frontier = mark(res.Points, func(p Point) (float64, float64, bool) {
		return p.ThroughputPerGPU, deref(p.TokSPerUser), p.TokSPerUser != nil && p.Verdict != knee.VerdictInvalid
	}, func(p *Point) { p.OnFrontier = true })
	res.EnergyFrontier = mark(res.Points, func(p Point) (float64, float64, bool) {
		return deref(p.TokensPerJoule), deref(p.TokSPerUser), p.TokensPerJoule != nil && p.TokSPerUser != nil && p.Verdict != knee.VerdictInvalid
	}, func(p *Point) { p.OnEnergyFrontier = true })
	shortfalls(res.Points)
	for i := range res.Configs {
		for _, p := range res.Points {
			if p.Config == res.Configs[i].Name && p.OnFrontier {
				res.Configs[i].FrontierPerGPU = append(res.Configs[i].FrontierPerGPU, p.PerGPU)
			}
		}
	}
	for _, p := range res.Points {
		res.Simulated = res.Simulated || p.Simulated
	}
	res.SLO = bestUnderSLO(res.Points, opts.Knee)
	res.Cheapest = cheapest(res.Points, opts.Knee)
	res.Notes = notes(res)
	return res, nil
}

// levelPoints are a configuration's levels as points: knee find's combined
// level (throughput per GPU, verdict, SLO checks) and the speed per user
// from the sweep's own points (the mean over repeats).
func levelPoints(in Input, r *knee.Result, opts Options) []Point {
	byLevel := map[float64][]sweep.Point{}
	for _, p := range in.Sweep.Points {
		byLevel[p.Level()] = append(byLevel[p.Level()], p)
	}
	var out []Point
	for _, pr := range r.Points {
		p := Point{Config: in.Name, PerGPU: pr.PerGPU, Concurrency: pr.Concurrency, ThroughputPerGPU: pr.ThroughputPerGPU,
			Verdict: pr.Verdict, PastKnee: pr.Verdict == knee.VerdictPastKnee, TokensPerJoule: pr.TokensPerJoule,
			USDPerMTok: pr.USDPerMTok, Simulated: pr.Simulated}
		if pr.TTFTP99Ms > 0 {
			p.TTFTP99Ms = sweep.F(pr.TTFTP99Ms)
		}
		p.TokSPerUser, p.UserFrom = userSpeed(byLevel[pr.PerGPU])
		if opts.USDPerGPUHour > 0 && pr.ThroughputPerGPU > 0 {
			// price × GPUs × seconds ÷ tokens, per GPU: price ÷ 3600 ÷ (tok/s/GPU).
			p.USDPerMTok = sweep.F(round6(opts.USDPerGPUHour / 3600 / pr.ThroughputPerGPU * 1e6))
		}
		if len(pr.SLO) > 0 {
			p.MeetsSLO = meets(pr.SLO)
			within := r.SLO != nil && r.SLO.EdgePerGPU != nil && pr.PerGPU <= *r.SLO.EdgePerGPU
			p.WithinSLOEdge = &within
		}
		out = append(out, p)
	}
	return out
}

// userSpeed is the mean over repeats of one user's output tokens per
// second: output tokens ÷ (E2E − TTFT) with their means (else medians),
// where the source gives the output length; else 1000 ÷ ITL p50.
func userSpeed(points []sweep.Point) (*float64, string) {
	var lengths, itl []float64
	for _, p := range points {
		if v, ok := byLength(p); ok {
			lengths = append(lengths, v)
		} else if p.ITL.P50 != nil && *p.ITL.P50 > 0 {
			itl = append(itl, 1000 / *p.ITL.P50)
		}
	}
	switch {
	case len(lengths) > 0:
		return sweep.F(round6(mean(lengths))), "output_tokens/(e2e-ttft)"
	case len(itl) > 0:
		return sweep.F(round6(mean(itl))), "1000/itl_p50"
	}
	return nil, ""
}

func byLength(p sweep.Point) (float64, bool) {
	if p.OutputTokensMean == nil || *p.OutputTokensMean <= 0 {
		return 0, false
	}
	e2e, ttft := p.E2E.Mean, p.TTFT.Mean
	if e2e == nil || ttft == nil {
		e2e, ttft = p.E2E.P50, p.TTFT.P50
	}
	if e2e == nil || ttft == nil || *e2e-*ttft <= 0 {
		return 0, false
	}
	return *p.OutputTokensMean / ((*e2e - *ttft) / 1000), true
}

// mark sets on() on every point no other beats on both axes (x and y from
// axes; ok false leaves a point out) and returns them by y ascending, x
// descending.
func mark(points []Point, axes func(Point) (x, y float64, ok bool), on func(*Point)) []PointRef {
	var idx []int
	for i, p := range points {
		x, y, ok := axes(p)
		if !ok {
			continue
		}
		dominated := false
		for j, q := range points {
			qx, qy, qok := axes(q)
			if j == i || !qok {
				continue
			}
			if qx >= x && qy >= y && (qx > x || qy > y) {
				dominated = true
				break
			}
		}
		if !dominated {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		_, ya, _ := axes(points[idx[a]])
		_, yb, _ := axes(points[idx[b]])
		return ya < yb
	})
	refs := []PointRef{}
	for _, i := range idx {
		on(&points[i])
		refs = append(refs, PointRef{Config: points[i].Config, PerGPU: points[i].PerGPU})
	}
	if len(refs) == 0 {
		return nil
	}
	return refs
}

// shortfalls sets each point off the frontier's shortfall against the
// best frontier point at the same or a higher speed per user.
func shortfalls(points []Point) {
	for i := range points {
		p := &points[i]
		if p.OnFrontier || p.TokSPerUser == nil || p.Verdict == knee.VerdictInvalid {
			continue
		}
		best := -1
		for j, q := range points {
			if q.OnFrontier && *q.TokSPerUser >= *p.TokSPerUser && (best < 0 || q.ThroughputPerGPU > points[best].ThroughputPerGPU) {
				best = j
			}
		}
		if best < 0 || points[best].ThroughputPerGPU <= 0 {
			continue
		}
		p.Shortfall = sweep.F(round6(1 - p.ThroughputPerGPU/points[best].ThroughputPerGPU))
		p.ShortOf = &PointRef{Config: points[best].Config, PerGPU: points[best].PerGPU}
	}
}

func meets(checks []knee.SLOCheck) *bool {
	all := true
	for _, c := range checks {
		if c.Met == nil {
			return nil
		}
		all = all && *c.Met
	}
	return &all
}

func deref(v *float64) float64 {
	if v == nil {
		return math.NaN()
	}
	return *v
}

func mean(vs []float64) float64 {
	t := 0.0
	for _, v := range vs {
		t += v
	}
	return t / float64(len(vs))
}

func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func choice(p Point) *Choice {
	return &Choice{PointRef: PointRef{Config: p.Config, PerGPU: p.PerGPU}, ThroughputPerGPU: p.ThroughputPerGPU,
		TokSPerUser: p.TokSPerUser, USDPerMTok: p.USDPerMTok, PastKnee: p.PastKnee}
}

func (r PointRef) String() string { return fmt.Sprintf("%s at %s/GPU", r.Config, num(r.PerGPU)) }
