package table

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
)

// The engine's own log lines printed beside a result block are the queue
// evidence for that block's level, as its /metrics would have been had knee
// scraped them: vLLM logs every few seconds
//
//	Engine 000: Avg prompt throughput: 0.0 tokens/s, … Running: 128 reqs, Waiting: 40 reqs, GPU KV cache usage: 95.2%, …
//
// (before v1: "Running: 128 reqs, Swapped: 0 reqs, Pending: 40 reqs"), and
// SGLang "Decode batch. #running-req: 128, … token usage: 0.95, … #queue-req: 40".
// Each such line above a block (after the block before it) is one sample
// of its level; the samples are summarised as a point's engine metrics are
// (metrics.Summarize: running and waiting, mean and max, the busy and
// queued samples, KV use), and said in a note.

var (
	vllmRunning = regexp.MustCompile(`\bRunning:\s*(\d+)\s*reqs\b`)
	vllmWaiting = regexp.MustCompile(`\b(?:Waiting|Pending):\s*(\d+)\s*reqs\b`)
	vllmKV      = regexp.MustCompile(`\bGPU KV cache usage:\s*(\d+(?:\.\d+)?)\s*%`)
	sglRunning  = regexp.MustCompile(`#running-req:\s*(\d+)`)
	sglQueue    = regexp.MustCompile(`#queue-req:\s*(\d+)`)
	sglUsage    = regexp.MustCompile(`\btoken usage:\s*(\d+(?:\.\d+)?)`)
)

// engineSample reads one engine log line; false for any other line.
func engineSample(line string) (metrics.Snapshot, bool) {
	if r, w := vllmRunning.FindStringSubmatch(line), vllmWaiting.FindStringSubmatch(line); r != nil && w != nil {
		s := metrics.Snapshot{Engine: "vllm", Running: logNumber(r[1]), Waiting: logNumber(w[1])}
		if kv := vllmKV.FindStringSubmatch(line); kv != nil {
			if v := logNumber(kv[1]); v != nil {
				s.KVUsage = sweep.F(*v / 100)
			}
		}
		return s, true
	}
	if r, q := sglRunning.FindStringSubmatch(line), sglQueue.FindStringSubmatch(line); r != nil && q != nil {
		s := metrics.Snapshot{Engine: "sglang", Running: logNumber(r[1]), Waiting: logNumber(q[1])}
		if u := sglUsage.FindStringSubmatch(line); u != nil {
			s.KVUsage = logNumber(u[1])
		}
		return s, true
	}
	return metrics.Snapshot{}, false
}

func logNumber(s string) *float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return &v
}

// engineEvidence summarises the engine log lines among pre; nil when there
// are none.
func engineEvidence(pre []string) *sweep.EngineMetrics {
	var samples []metrics.Snapshot
	for _, l := range pre {
		if s, ok := engineSample(l); ok {
			samples = append(samples, s)
		}
	}
	return metrics.Summarize(samples, nil)
}

// applyEngineLines records each block's engine log lines as its level's
// engine metrics (grid.engine, by the block's line) and notes them.
func (b *benchScan) applyEngineLines() {
	for r, pre := range b.pending {
		e := engineEvidence(pre)
		if e == nil {
			continue
		}
		if b.g.engine == nil {
			b.g.engine = map[int]*sweep.EngineMetrics{}
		}
		b.g.engine[b.g.lines[r]] = e
		b.notes = append(b.notes, fmt.Sprintf("%s:%d: %d %s log lines above the block are its level's queue evidence: %s",
			b.g.file, b.g.lines[r], e.Samples, e.Engine, queueWords(e)))
	}
}

// queueWords says what the samples held: running and waiting, mean and
// most, and in how many the engine ran near its most with a queue behind.
func queueWords(e *sweep.EngineMetrics) string {
	s := fmt.Sprintf("running %s on average (at most %s), waiting %s (at most %s)",
		fmtNum(deref(e.RunningMean)), fmtNum(deref(e.RunningMax)), fmtNum(deref(e.WaitingMean)), fmtNum(deref(e.WaitingMax)))
	if e.QueuedSamples != nil && *e.QueuedSamples > 0 {
		s += fmt.Sprintf("; requests queued behind a full engine in %d of %d", *e.QueuedSamples, e.Samples)
	}
	return s
}

// deref is *v, 0 for nil: every sample of a log line holds both counts.
func deref(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}
