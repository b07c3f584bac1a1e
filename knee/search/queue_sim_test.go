package search

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kneetool/knee/sweep"
)

// A simulated engine with a queue, for the issue 20 benchmark: the model
// internal/drivers/simserver runs on real HTTP (doc.go there), in closed form so
// that hundreds of sweeps take seconds. Everything here is simulated and
// labelled so in the points it makes.
//
// Per GPU, c requests are in flight and the engine runs b = min(c, B) of
// them; a decode step lasts s0 + s1·b, so the throughput is
//
//	X(c) = λ · b / (1 + σ·b)          (σ = s1/s0)
//
// and the other c − b requests wait in the queue. By Little's law each
// waits (c − b)·N_out / X seconds for its first token, so past the cap TTFT
// carries the whole added latency. B is a sequence cap (max-num-seqs,
// which SGLang exports as max_running_requests), a KV cap (the sequences
// the KV cache holds: capacity ÷ tokens per sequence; the engine exports
// its capacity in tokens, not a count), or a front-end's thrash point T
// (a single front-end that slows every step once it holds more than T
// per GPU, the GB300 shape: X falls past T, nothing queues in the engine).
// An uncapped engine saturates smoothly.
//
// The true knee comes from that model, not from knee's rule: the cap
// (where added load only queues), the thrash point (where throughput
// falls), or, when the curve itself saturates first, where its point
// elasticity d ln X / d ln c falls to 1/3 (two thirds of the added load
// turn into latency): c = 2/σ.

type queueShape string

const (
	qSeqCap   queueShape = "seq cap"
	qKVCap    queueShape = "KV cap"
	qFrontend queueShape = "front-end"
	qSmooth   queueShape = "uncapped"
)

var queueShapes = []queueShape{qSeqCap, qKVCap, qFrontend, qSmooth}

type queueServer struct {
	shape      queueShape
	lambda     float64 // tok/s per GPU per sequence at low load
	sigma      float64 // step growth per sequence
	cap        float64 // B (per GPU); +Inf for the uncapped and front-end shapes
	thrash     float64 // T (per GPU) for the front-end shape, else +Inf
	theta      float64 // thrash factor (≥ 1: throughput falls past T)
	noise      float64 // CV of a level's throughput (and TTFT), 0–30%
	metrics    bool    // the engine's /metrics were scraped
	gpus, out  int
	warmupS    float64
	prefillMs  float64
	trueKnee   float64
	rng        *rand.Rand
	levelsRun  int
	gpuSeconds float64
}

// x is the noiseless throughput per GPU at c in flight per GPU.
func (s *queueServer) x(c float64) float64 {
	b := math.Min(c, s.cap)
	v := s.lambda * b / (1 + s.sigma*b)
	if c > s.thrash {
		v /= 1 + s.theta*(c/s.thrash-1)
	}
	return v
}

// newQueueServer draws one server: its knee log-uniform in 24–700/GPU, its
// noise uniform in 0–30%, /metrics scraped on every other one.
func newQueueServer(rng *rand.Rand, shape queueShape, metrics bool) *queueServer {
	s := &queueServer{shape: shape, lambda: 20 + 40*rng.Float64(), noise: 0.30 * rng.Float64(), metrics: metrics,
		gpus: 8, out: 256, warmupS: 30, prefillMs: 40 + 160*rng.Float64(), rng: rng,
		cap: math.Inf(1), thrash: math.Inf(1)}
	knee := math.Exp(math.Log(24) + (math.Log(700)-math.Log(24))*rng.Float64())
	switch shape {
	case qSeqCap, qKVCap:
		// Caps are not typed levels: 37, 52, 300 … as an engine's memory
		// leaves them. At the cap the curve still turns 40–95% of added
		// load into throughput (e = 1/(1+σB)).
		s.cap = math.Round(knee)
		e := 0.4 + 0.55*rng.Float64()
		s.sigma = (1/e - 1) / s.cap
	case qFrontend:
		s.thrash = math.Round(knee)
		s.theta = 1 + 2*rng.Float64()
		e := 0.5 + 0.45*rng.Float64()
		s.sigma = (1/e - 1) / s.thrash
	case qSmooth:
		s.sigma = 2 / knee
	}
	s.trueKnee = math.Min(math.Min(s.cap, s.thrash), 2/s.sigma)
	return s
}

// queueFamily is the benchmark's servers: perShape of each shape, from one
// seed.
func queueFamily(seed uint64, perShape int) []*queueServer {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var out []*queueServer
	for i := 0; i < perShape; i++ {
		for j, sh := range queueShapes {
			out = append(out, newQueueServer(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())), sh, (i+j)%2 == 0))
		}
	}
	return out
}

func (s *queueServer) clone(seed uint64) *queueServer {
	c := *s
	c.rng = rand.New(rand.NewPCG(seed, seed+1))
	c.levelsRun, c.gpuSeconds = 0, 0
	return &c
}

// jitterAt is a log-normal factor of mean 1 and CV about noise from the
// normal draw z.
func jitterAt(z, noise float64) float64 { return math.Exp(noise*z - noise*noise/2) }

// measure runs one level as knee sweep would with the default request
// counts (max(64, 8 × concurrency) after a warm-up of one per slot): a
// noisy throughput, TTFT with the queue's wait, and, when scraped, the
// engine's running and waiting counts.
func (s *queueServer) measure(perGPU int) sweep.Point {
	c := float64(perGPU)
	g := float64(s.gpus)
	reqs := math.Max(64, 8*c*g)
	return s.measureFor(perGPU, s.noise, func(rate float64) (float64, float64) { return reqs, s.warmupS + reqs/rate })
}

// measureFor is one level whose throughput's run-to-run noise is noise and
// whose requests and duration size gives from its request rate.
func (s *queueServer) measureFor(perGPU int, noise float64, size func(rate float64) (reqs, dur float64)) sweep.Point {
	return s.measureAt(perGPU, noise, s.rng.NormFloat64(), size)
}

// measureAt is measureFor with the throughput's normal draw z given (a
// level that stops by its step reads its throughput as it runs).
func (s *queueServer) measureAt(perGPU int, noise, z float64, size func(rate float64) (reqs, dur float64)) sweep.Point {
	c := float64(perGPU)
	x := s.x(c) * jitterAt(z, noise)
	g := float64(s.gpus)
	thr, conc := x*g, c*g
	rate := thr / float64(s.out)
	reqs, dur := size(rate)
	s.levelsRun++
	s.gpuSeconds += dur * g
	b := math.Min(c, s.cap)
	waitMs := (c - b) * float64(s.out) / x * 1000
	// Below the cap a first token costs the prefill and about one step,
	// which grows with the batch (prefill contention).
	stepMs := 1000 / s.lambda * (1 + s.sigma*b)
	ttft := (s.prefillMs + stepMs + waitMs) * jitterAt(s.rng.NormFloat64(), noise)
	p := sweep.Point{
		PerGPU: sweep.F(c), Concurrency: conc, ThroughputTokS: thr, ThroughputPerGPU: sweep.F(x),
		Requests: sweep.I(int(reqs)), Failures: sweep.I(0), RequestRate: sweep.F(rate),
		OutputTokensMean: sweep.F(float64(s.out)), DurationS: sweep.F(dur),
		TTFT:      sweep.Dist{Mean: sweep.F(ttft), P50: sweep.F(0.9 * ttft), P99: sweep.F(2.5 * ttft)},
		Simulated: true, Source: fmt.Sprintf("simulated %s engine (knee/search queue benchmark)", s.shape),
	}
	if s.metrics {
		samples := int(math.Max(3, dur))
		busy := samples
		run := b * g
		e := &sweep.EngineMetrics{Engine: "vllm", Samples: samples, BusySamples: sweep.I(busy),
			RunningMean: sweep.F(0.97 * run), RunningMax: sweep.F(run)}
		if q := (c - b) * g; q > 0 {
			e.WaitingMean, e.WaitingMax, e.QueuedSamples = sweep.F(q), sweep.F(math.Ceil(q*1.2)), sweep.I(busy*9/10)
		} else {
			e.WaitingMean, e.WaitingMax, e.QueuedSamples = sweep.F(0), sweep.F(0), sweep.I(0)
		}
		switch s.shape {
		case qSeqCap:
			e.Engine, e.MaxRunning = "sglang", sweep.F(s.cap*g)
		case qKVCap:
			e.KVUsageMean, e.KVUsageMax = sweep.F(math.Min(1, 0.95*c/s.cap)), sweep.F(math.Min(1, c/s.cap))
		}
		p.Engine = e
	}
	return p
}

func (s *queueServer) sweepOf(pts []sweep.Point) *sweep.Sweep {
	return &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: s.gpus, Harness: "simulated", Points: pts}
}
