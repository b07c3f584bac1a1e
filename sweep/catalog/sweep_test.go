package catalog

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// Flags beside --catalog go to every leaf; a leaf's own key or flag wins,
// and a leaf's ladder (or endpoint) replaces the command line's whole
// ladder (or endpoint).
func TestArgsOverTheCommonFlags(t *testing.T) {
	p, err := Parse("p.yaml", []byte(`leaves:
  - leaf: a
    context: ctx-a
    service: fe
    per_gpu: [8, 16]
    image: img-a
  - leaf: b
    context: ctx-b
`), "/h")
	require.NoError(t, err)
	common := []string{"--harness=aiperf", "--image=img-all", "--search=true", "--endpoint=http://x", "--min-requests=500"}
	require.Equal(t, []string{"--harness=aiperf", "--min-requests=500",
		"--context=ctx-a", "--service=fe", "--image=img-a", "--per-gpu=8,16", "--leaf=a"}, p.Leaves[0].ArgsOver(common))
	require.Equal(t, []string{"--harness=aiperf", "--image=img-all", "--search=true", "--endpoint=http://x", "--min-requests=500",
		"--context=ctx-b", "--leaf=b"}, p.Leaves[1].ArgsOver(common))
}

// fakeLeaves binds every leaf to a cluster named by its context and a
// sweep that records its call and fails for the leaves in fail.
type fakeLeaves struct {
	mu    sync.Mutex
	calls []string
	fail  map[string]bool
}

func (f *fakeLeaves) bind(l Leaf, args []string) (LeafOptions, error) {
	if l.Context == "bad" {
		return LeafOptions{}, inputerr.Errorf("p.yaml", l.Name+".flags", l.Line, "unknown flag")
	}
	return LeafOptions{Cluster: l.Context, Context: l.Context, Namespace: "ns-" + l.Name,
		Sweep: func(_ context.Context, dir string, resume bool, progress io.Writer) error {
			f.mu.Lock()
			f.calls = append(f.calls, filepath.Base(dir)+" resume="+map[bool]string{true: "yes", false: "no"}[resume]+" "+strings.Join(args, " "))
			f.mu.Unlock()
			io.WriteString(progress, "level 1 of 1\nno newline")
			if f.fail[l.Name] {
				return errors.New("get service ns/fe: connection refused\nsecond line")
			}
			if resume {
				return nil
			}
			// A results folder, as a sweep that measured nothing yet leaves.
			st, err := store.Create(dir, sweep.Plan{ID: "knee-" + l.Name, PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://e:8000",
				API: "chat", InputTokens: 8, OutputTokens: 8, MinRequests: 1, RequestsPerConcurrency: 1, Harness: "aiperf", Runner: "kube"})
			if err != nil {
				return err
			}
			st.Close()
			return nil
		}}, nil
}

// fmtLevels stands in for the analysis: a sweep without levels has too few.
func fmtLevels(n int) string {
	if n < 2 {
		return "too_few"
	}
	return "ok"
}

func catalogPlan(t *testing.T, yaml string) *Plan {
	p, err := Parse("p.yaml", []byte(yaml), "/h")
	require.NoError(t, err)
	return p
}

// Every leaf is bound, run (its progress prefixed with its name), recorded
// and reported in catalog order; a failed leaf does not stop the other, and
// the run ends Unfinished naming it. The next run skips the leaf that
// finished with the same flags and runs the failed one again.
func TestSweepRunsRecordsAndSkipsLeaves(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	plan := catalogPlan(t, "leaves:\n  - {leaf: east, context: e, per_gpu: [8]}\n  - {leaf: west, context: w, per_gpu: [16]}\n")
	f := &fakeLeaves{fail: map[string]bool{"west": true}}
	var progress bytes.Buffer
	judged := 0
	o := Options{Plan: plan, Common: []string{"--harness=aiperf"}, Out: out, Bind: f.bind, Progress: &progress,
		Judge: func(s *sweep.Sweep) (string, *float64) { judged++; return fmtLevels(len(s.Points)), nil }}
	rows, err := Sweep(context.Background(), o)
	var u *Unfinished
	require.ErrorAs(t, err, &u)
	require.Equal(t, &Unfinished{Leaves: 2, Failed: []string{"west"}}, u)
	require.EqualError(t, err, "1 of 2 leaves failed")
	require.ElementsMatch(t, []string{"east resume=no --harness=aiperf --context=e --per-gpu=8 --leaf=east",
		"west resume=no --harness=aiperf --context=w --per-gpu=16 --leaf=west"}, f.calls)
	require.Len(t, rows, 2)
	require.Equal(t, Row{Leaf: "east", Context: "e", Namespace: "ns-east", Status: "done", Results: filepath.Join(out, "east"), GPUs: 1, Knee: "too_few"}, rows[0])
	require.Equal(t, Row{Leaf: "west", Context: "w", Namespace: "ns-west", Status: "failed", Error: "get service ns/fe: connection refused\nsecond line"}, rows[1],
		"no sweep in its folder: no results, nothing judged")
	require.Equal(t, 1, judged)
	require.Contains(t, progress.String(), `catalog p.yaml: 2 leaves on 2 clusters into `+out+"\n")
	// The two clusters' leaves run at once, so their lines may interleave:
	// each line is whole and prefixed, east's in its own order.
	east := regexp.MustCompile(`(?m)^\[east\] .*$`).FindAllString(progress.String(), -1)
	require.Equal(t, []string{"[east] level 1 of 1", "[east] no newline"}, east)
	st, err := LoadState(out)
	require.NoError(t, err)
	require.Equal(t, Done, st.Leaves["east"].Status)
	require.Equal(t, Failed, st.Leaves["west"].Status)

	// The next run skips east (finished with the same flags, its folder
	// there) and runs west again; fixed, the run finishes. With other
	// flags east would run again, resuming its folder.
	f.calls, f.fail = nil, nil
	progress.Reset()
	rows, err = Sweep(context.Background(), o)
	require.NoError(t, err)
	require.Equal(t, []string{"west resume=no --harness=aiperf --context=w --per-gpu=16 --leaf=west"}, f.calls)
	require.Contains(t, progress.String(), "[east] finished in an earlier run with the same flags: skipped\n")
	require.Equal(t, []string{"skipped", "done"}, []string{rows[0].Status, rows[1].Status})
	f.calls = nil
	o.Common = []string{"--harness=aiperf", "--min-requests=500"}
	_, err = Sweep(context.Background(), o)
	require.NoError(t, err)
	require.Equal(t, []string{"east resume=yes --harness=aiperf --min-requests=500 --context=e --per-gpu=8 --leaf=east",
		"west resume=yes --harness=aiperf --min-requests=500 --context=w --per-gpu=16 --leaf=west"}, sortedCalls(f))
}

func sortedCalls(f *fakeLeaves) []string {
	out := append([]string(nil), f.calls...)
	sort.Strings(out)
	return out
}

// A leaf whose flags do not bind is bad input before any leaf runs and
// before --out is made.
func TestSweepRefusesABadLeafBeforeAnyRuns(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	f := &fakeLeaves{}
	_, err := Sweep(context.Background(), Options{Plan: catalogPlan(t, "leaves:\n  - {leaf: a, context: e}\n  - {leaf: b, context: bad}\n"),
		Out: out, Bind: f.bind, Progress: io.Discard})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "b.flags", in.Field)
	require.Empty(t, f.calls)
	require.NoDirExists(t, out)
}

// Ctrl-C before the run: no leaf starts, every leaf is interrupted.
func TestSweepInterruptedRunsNoLeaf(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := &fakeLeaves{}
	rows, err := Sweep(ctx, Options{Plan: catalogPlan(t, "leaves:\n  - {leaf: a, context: e}\n"), Out: filepath.Join(t.TempDir(), "out"),
		Bind: f.bind, Progress: io.Discard})
	var u *Unfinished
	require.ErrorAs(t, err, &u)
	require.True(t, u.Interrupted)
	require.Equal(t, "interrupted", rows[0].Status)
	require.Empty(t, f.calls)
}

// --out that is a file, or another project's folder, is refused naming it.
func TestSweepRefusesAnOutThatIsNotTheCatalogs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	other := filepath.Join(dir, "home")
	require.NoError(t, os.MkdirAll(filepath.Join(other, "src"), 0o755))
	plan := catalogPlan(t, "leaves:\n  - {leaf: a, context: e}\n")
	f := &fakeLeaves{}
	for out, msg := range map[string]string{file: "is a file, not a folder", other: `folder is not empty and is not this catalog's (no catalog.json; it holds src`} {
		_, err := Sweep(context.Background(), Options{Plan: plan, Out: out, Bind: f.bind, Progress: io.Discard})
		require.ErrorContains(t, err, msg)
	}
	require.Empty(t, f.calls)
}
