package metrics

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// countingSource returns snapshots whose running count is the scrape number.
type countingSource struct{ n atomic.Int64 }

func (c *countingSource) Names() []string { return []string{"test"} }
func (c *countingSource) Scrape(context.Context) (Snapshot, error) {
	v := float64(c.n.Add(1))
	return Snapshot{Engine: "vllm", Running: &v}, nil
}

// However long a level runs, at most max samples are kept, spread over the
// whole level (the first and a late one both survive the thinning).
func TestSamplerBounded(t *testing.T) {
	src := &countingSource{}
	s := startSampler(context.Background(), src, time.Millisecond, 16)
	require.Eventually(t, func() bool { return src.n.Load() > 200 }, 10*time.Second, time.Millisecond)
	got, failures, err := s.stop(context.Background())
	require.NoError(t, err)
	require.Zero(t, failures)
	require.LessOrEqual(t, len(got), 16+1, "bounded (+1: the level's end)")
	require.Equal(t, 1.0, *got[0].Running, "the level's start is kept")
	require.Greater(t, *got[len(got)-1].Running, 200.0, "the level's end is kept")
}

// Summaries: means and maxima over samples, a counter's increase across a
// restart, nil when nothing known was sampled.
func TestSummarize(t *testing.T) {
	F := func(v float64) *float64 { return &v }
	s := []Snapshot{
		{Engine: "vllm", Running: F(0), Waiting: F(0), KVUsage: F(0.1), Preemptions: F(100)},
		{Engine: "vllm", Running: F(8), Waiting: F(4), KVUsage: F(0.9), Preemptions: F(110)},
		{Engine: "vllm", Running: F(8), Waiting: F(2), KVUsage: F(0.99), Preemptions: F(3)}, // restarted
		{Engine: "vllm", Running: F(4), Waiting: F(0), KVUsage: F(0.5), Preemptions: F(5), KVCapacityTokens: F(13600)},
	}
	e := Summarize(s, []string{"u"})
	require.Equal(t, 4, e.Samples)
	require.Equal(t, 5.0, *e.RunningMean)
	require.Equal(t, 8.0, *e.RunningMax)
	require.Equal(t, 4.0, *e.WaitingMax)
	require.Equal(t, 0.99, *e.KVUsageMax)
	require.Equal(t, 10.0+3+2, *e.Preemptions)
	require.Equal(t, 13600.0, *e.KVCapacityTokens)
	require.Nil(t, Summarize([]Snapshot{{}}, nil))
}

// SGLang writes a scheduler gauge once per tensor-parallel rank: ranks are
// one engine (max), data-parallel engines add up; two endpoints merge.
func TestParseRanksAndEngines(t *testing.T) {
	text := `# TYPE sglang:num_running_reqs gauge
sglang:num_running_reqs{dp_rank="0",engine_type="unified",tp_rank="0"} 10
sglang:num_running_reqs{dp_rank="0",engine_type="unified",tp_rank="1"} 10
sglang:num_running_reqs{dp_rank="1",engine_type="unified",tp_rank="2"} 7
# TYPE sglang:token_usage gauge
sglang:token_usage{dp_rank="0",tp_rank="0"} 0.5
sglang:token_usage{dp_rank="1",tp_rank="2"} 1.0
# TYPE vllm:cache_config_info gauge
`
	s, err := Parse(strings.NewReader(text))
	require.NoError(t, err)
	require.Equal(t, 17.0, *s.Running)
	require.Equal(t, 0.75, *s.KVUsage)
	o, err := Parse(strings.NewReader("sglang:token_usage 0.0\nsglang:num_running_reqs 3\n"))
	require.NoError(t, err)
	m := s.Merge(o)
	require.Equal(t, 20.0, *m.Running)
	require.InDelta(t, 0.5, *m.KVUsage, 1e-12, "mean over all three engines")

	_, err = Parse(strings.NewReader("vllm:num_requests_running{ 1\n"))
	require.Error(t, err, "what the Prometheus parser refuses is refused")
	_, err = Parse(strings.NewReader(strings.Repeat("#", MaxBody+1)))
	require.ErrorContains(t, err, "larger than")
}

// The wrapper against a real HTTP /metrics on 127.0.0.1: samples land in
// metrics.json and the summary in every point; a dead endpoint leaves the
// points without engine metrics and says why in metrics.json.
func TestWrapHTTP(t *testing.T) {
	var running atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, "vllm:num_requests_running{engine=\"0\"} %d\nvllm:num_requests_waiting{engine=\"0\"} 0\n", running.Load())
	}))
	defer srv.Close()
	inner := execFunc(func(ctx context.Context) (*sweep.LevelResult, error) {
		running.Store(12)
		time.Sleep(300 * time.Millisecond)
		running.Store(0)
		return &sweep.LevelResult{Points: []sweep.Point{{Concurrency: 16}}}, nil
	})
	w := Wrap(inner, NewHTTPSource(srv.URL), Options{Interval: 50 * time.Millisecond})
	res, err := w.RunLevel(context.Background(), sweep.Plan{}, sweep.Level{})
	require.NoError(t, err)
	require.NotNil(t, res.Points[0].Engine)
	require.Equal(t, 12.0, *res.Points[0].Engine.RunningMax)
	require.Contains(t, string(res.Raw[RawName]), `"running": 12`)

	dead := Wrap(inner, NewHTTPSource("http://127.0.0.1:1/metrics"), Options{Interval: 50 * time.Millisecond})
	res, err = dead.RunLevel(context.Background(), sweep.Plan{}, sweep.Level{})
	require.NoError(t, err)
	require.Nil(t, res.Points[0].Engine)
	require.Contains(t, string(res.Raw[RawName]), `"last_error"`)
}

type execFunc func(ctx context.Context) (*sweep.LevelResult, error)

func (f execFunc) RunLevel(ctx context.Context, _ sweep.Plan, _ sweep.Level) (*sweep.LevelResult, error) {
	return f(ctx)
}
