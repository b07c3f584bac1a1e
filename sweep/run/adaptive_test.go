package run

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// fleet is an Executor shared by every slot, safe for concurrent levels.
// Its numbers are simulated: tok gives a level's throughput for its k-th
// run (k from 0), scale a per-endpoint factor (an outlier node), and
// barrier, when > 0, makes each level wait until that many levels are
// running at once, which only parallel slots can satisfy.
type fleet struct {
	mu      sync.Mutex
	tok     func(perGPU, k int) float64
	scale   map[string]float64
	barrier int
	running int
	peak    int
	runs    map[int]int
	order   []string // "perGPU@endpoint", in start order
	cond    *sync.Cond
}

func newFleet(tok func(perGPU, k int) float64) *fleet {
	f := &fleet{tok: tok, runs: map[int]int{}}
	f.cond = sync.NewCond(&f.mu)
	return f
}

func (f *fleet) RunLevel(ctx context.Context, p sweep.Plan, l sweep.Level) (*sweep.LevelResult, error) {
	f.mu.Lock()
	k := f.runs[l.PerGPU]
	f.runs[l.PerGPU]++
	f.order = append(f.order, fmt.Sprintf("%d@%s", l.PerGPU, p.Endpoint))
	f.running++
	f.peak = max(f.peak, f.running)
	if f.barrier > 0 {
		deadline := time.AfterFunc(10*time.Second, func() { f.mu.Lock(); f.barrier = 0; f.cond.Broadcast(); f.mu.Unlock() })
		f.cond.Broadcast()
		// The k-th level to start waits for the rest of its group of
		// barrier levels to start.
		group := (len(f.order) + f.barrier - 1) / f.barrier * f.barrier
		for f.barrier > 0 && len(f.order) < group {
			f.cond.Wait()
		}
		deadline.Stop()
	}
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.running--; f.mu.Unlock() }()
	x := f.tok(l.PerGPU, k)
	if s, ok := f.scale[p.Endpoint]; ok {
		x *= s
	}
	pt := sweep.Point{Concurrency: float64(l.Concurrency), Requests: sweep.I(l.Requests), Failures: sweep.I(0),
		ThroughputTokS: x, TTFT: sweep.Dist{P99: sweep.F(float64(l.PerGPU) * 5)}, Simulated: true, Source: "fleet"}
	return &sweep.LevelResult{Points: []sweep.Point{pt}, Raw: map[string][]byte{"stdout.log": []byte("ok\n")}, Harness: "fleet"}, nil
}

func createPlan(t *testing.T, perGPU ...int) (*store.Store, string) {
	p := testPlan()
	p.PerGPU = perGPU
	dir := filepath.Join(t.TempDir(), "out")
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	t.Cleanup(st.Close)
	return st, dir
}

func gb300Tok(perGPU, _ int) float64 { return gb300ish[perGPU] }

// Repeats run in rounds: every level once, then every level again, so a
// level's runs are never back to back; each is stored, and the sweep numbers
// them as repeats of one level.
func TestRepeatsAreInterleavedAndEachIsStored(t *testing.T) {
	st, dir := createPlan(t, 64, 128, 256)
	f := newFleet(gb300Tok)
	var log bytes.Buffer
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log}, Repeats: 3,
		Slots: []Slot{{Name: "local", Exec: f}}})
	require.NoError(t, err, log.String())
	a := "@http://127.0.0.1:1"
	assert.Equal(t, []string{"64" + a, "128" + a, "256" + a, "64" + a, "128" + a, "256" + a, "64" + a, "128" + a, "256" + a}, f.order)
	assert.Len(t, out.Measured, 9)
	assert.Contains(t, log.String(), "repeat: one more run of 64,128,256, interleaved (--repeats 3): 64/GPU has 1 of 3; 128/GPU has 1 of 3; 256/GPU has 1 of 3\n")

	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 9)
	for i, p := range s.Points {
		assert.Equal(t, i%3, p.Repeat, "point %d", i)
	}
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	assert.Equal(t, []int{64, 128, 256, 64, 128, 256, 64, 128, 256}, plan.PerGPU)
	assert.DirExists(t, filepath.Join(dir, "levels", "008-256"))
}

// --until-ci stops repeating a level once its throughput's 95% confidence
// half-width is within the share asked for; a noisy level runs up to
// --repeats times.
func TestUntilCIRepeatsOnlyTheNoisyLevel(t *testing.T) {
	st, _ := createPlan(t, 64, 128)
	noisy := []float64{1000, 1300, 900, 1200, 1000, 1100}
	f := newFleet(func(pg, k int) float64 {
		if pg == 64 {
			return 1000 + float64(k) // ±0.6% after two runs
		}
		return noisy[k]
	})
	var log bytes.Buffer
	_, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log}, Repeats: 6, UntilCI: 0.05,
		Slots: []Slot{{Name: "local", Exec: f}}})
	require.NoError(t, err, log.String())
	assert.Equal(t, 2, f.runs[64])
	assert.Equal(t, 6, f.runs[128])
	assert.Contains(t, log.String(), "repeat: one more run of 128, interleaved (--until-ci 5.0% (at most 6 runs)): 128/GPU ±48.5% after 3\n")
}

func TestCIHalfWidth(t *testing.T) {
	hw, mean := CIHalfWidth([]float64{1000, 1300, 900, 1200, 1000, 1100})
	assert.InDelta(t, 1083.33, mean, 0.01)
	// t(0.975, 5) = 2.5706; sd = 147.196; hw = 2.5706 · 147.196 / √6.
	assert.InDelta(t, 154.47, hw, 0.01)
	hw, _ = CIHalfWidth([]float64{5})
	assert.True(t, hw > 1e300)
}

// Several endpoints run levels at the same time: the barrier lets no
// level finish until three run at once. Each result records where it ran,
// the slots rotate so a level's repeats land on different endpoints, and
// an endpoint whose runs sit 30% below the others' is named.
func TestParallelEndpointsRunLevelsAtOnceAndNameAnOutlier(t *testing.T) {
	st, dir := createPlan(t, 64, 128, 256)
	f := newFleet(gb300Tok)
	f.barrier = 3
	f.scale = map[string]float64{"http://c:8000": 0.7}
	slots := []Slot{{Name: "http://a:8000", Endpoint: "http://a:8000", Exec: f}, {Name: "http://b:8000", Endpoint: "http://b:8000", Exec: f}, {Name: "http://c:8000", Endpoint: "http://c:8000", Exec: f}}
	var log bytes.Buffer
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log}, Repeats: 3, Slots: slots})
	require.NoError(t, err, log.String())
	assert.Equal(t, 3, f.peak)
	assert.Len(t, out.Measured, 9)
	assert.Contains(t, log.String(), "parallel: up to 3 levels at once, on http://a:8000, http://b:8000, http://c:8000\n")
	assert.Contains(t, log.String(), "outlier: http://c:8000: its runs are -30% from the same levels' median on the other slots (3 runs)\n")
	// Every level ran once on each endpoint.
	on := map[string]int{}
	for _, l := range st.Plan().Levels() {
		rec := st.Record(l.Index)
		require.NotNil(t, rec)
		on[fmt.Sprintf("%d@%s", l.PerGPU, rec.RanOn)]++
	}
	for _, pg := range []int{64, 128, 256} {
		for _, e := range []string{"a", "b", "c"} {
			assert.Equal(t, 1, on[fmt.Sprintf("%d@http://%s:8000", pg, e)], "%d/GPU on %s", pg, e)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "levels", "000-64", store.PointFile))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"ran_on": "http://a:8000"`)
}

// A planner grows the plan; its reasons are logged; Ctrl-C keeps what
// finished, and a second run continues the search from plan.json.
func TestPlannerGrowsThePlanAndResumes(t *testing.T) {
	st, dir := createPlan(t, 64)
	f := newFleet(gb300Tok)
	planner := func(s *sweep.Sweep, tried []int) ([]int, bool, string) {
		next := map[int]int{64: 128, 128: 256}
		top := tried[len(tried)-1]
		if n, ok := next[top]; ok {
			return []int{n}, false, fmt.Sprintf("climb to %d", n)
		}
		return nil, true, "256/GPU is past"
	}
	ctx, cancel := context.WithCancel(context.Background())
	blocking := &blockAt{fleet: f, at: 256, cancel: cancel}
	var log bytes.Buffer
	_, err := RunAdaptive(ctx, st, AdaptiveOptions{Options: Options{Log: &log}, Planner: planner, Slots: []Slot{{Name: "l", Exec: blocking}}})
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
	assert.Contains(t, log.String(), "search: climb to 128\n")
	st.Close()

	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	assert.Equal(t, []int{64, 128, 256}, plan.PerGPU)
	st2, err := store.Open(dir, sweep.Plan{})
	require.NoError(t, err)
	defer st2.Close()
	log.Reset()
	out, err := RunAdaptive(context.Background(), st2, AdaptiveOptions{Options: Options{Log: &log}, Planner: planner, Slots: []Slot{{Name: "l", Exec: f}}})
	require.NoError(t, err, log.String())
	assert.Equal(t, []int{0, 1}, out.Skipped)
	assert.Equal(t, []int{2}, out.Measured)
	assert.Contains(t, log.String(), "search: done: 256/GPU is past\n")
}

type blockAt struct {
	*fleet
	at     int
	cancel context.CancelFunc
}

func (b *blockAt) RunLevel(ctx context.Context, p sweep.Plan, l sweep.Level) (*sweep.LevelResult, error) {
	if l.PerGPU == b.at {
		b.cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return b.fleet.RunLevel(ctx, p, l)
}

// Without a planner, --stop-past-knee still holds on several slots: once
// the sweep is clearly past the knee, the rungs above are not run.
func TestParallelLadderStopsPastTheKnee(t *testing.T) {
	st, _ := createPlan(t, 64, 128, 256, 512, 1024)
	f := newFleet(func(pg, _ int) float64 {
		return map[int]float64{64: 60000, 128: 84788, 256: 20769, 512: 15000, 1024: 9000}[pg]
	})
	slots := []Slot{{Name: "a", Endpoint: "http://a:1", Exec: f}, {Name: "b", Endpoint: "http://b:1", Exec: f}}
	var log bytes.Buffer
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log, StopRule: fellBelowHalf}, Slots: slots})
	require.NoError(t, err, log.String())
	assert.True(t, out.PastKnee)
	assert.Len(t, out.Measured, 4, "64 and 128, then 256 and 512 at once; 1024 is not run")
	assert.Contains(t, log.String(), "stopped: past the knee: 15000 tok/s at 2048 in flight is below half the best (84788); higher levels are not run\n")
}

// A planner that asks for a level already in the plan ends the search
// instead of looping; with repeats, the planner is asked again after each
// round and its unchanged answer is logged once.
func TestPlannerAskingTwiceEndsAndDoneIsLoggedOnce(t *testing.T) {
	st, _ := createPlan(t, 64, 128)
	f := newFleet(gb300Tok)
	var log bytes.Buffer
	planner := func(s *sweep.Sweep, tried []int) ([]int, bool, string) { return []int{128}, false, "again" }
	_, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log}, Planner: planner, Repeats: 3, Slots: []Slot{{Name: "l", Exec: f}}})
	require.NoError(t, err)
	assert.Equal(t, 1, bytes.Count(log.Bytes(), []byte("search: done: the planner asked for 128, all already in the plan (again)\n")), log.String())
	assert.Equal(t, 3, f.runs[64])
	assert.Equal(t, 3, f.runs[128])
}

// Once the planner is done, Confirm may ask for levels to run once more
// before the search answers (knee/search.Confirm: the operating point's
// step, measured twice): they run, the planner is asked again, and the
// search ends when Confirm asks for nothing. Simulated.
func TestSearchConfirmsBeforeItAnswers(t *testing.T) {
	st, dir := createPlan(t, 64, 128)
	f := newFleet(func(perGPU, k int) float64 { return float64(perGPU) * 10 })
	planner := func(s *sweep.Sweep, tried []int) ([]int, bool, string) { return nil, true, "128/GPU is past" }
	confirm := func(s *sweep.Sweep) ([]int, string) {
		if len(s.Points) < 3 {
			return []int{64}, "confirm: run 64/GPU once more"
		}
		return nil, ""
	}
	var log bytes.Buffer
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log}, Planner: planner, Confirm: confirm,
		Slots: []Slot{{Name: "l", Exec: f}}})
	require.NoError(t, err, log.String())
	assert.Equal(t, []int{0, 1, 2}, out.Measured)
	assert.Equal(t, 2, f.runs[64])
	assert.Equal(t, 1, f.runs[128])
	assert.Contains(t, log.String(), "search: confirm: run 64/GPU once more\n")
	assert.Contains(t, log.String(), "search: done: 128/GPU is past\n")
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	assert.Equal(t, []int{64, 128, 64}, plan.PerGPU)
}
