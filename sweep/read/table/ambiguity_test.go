package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// llama.cpp's batched-bench prints the generation rate (S_TG t/s) beside the
// whole run's rate, prompt included (S t/s): two token rates of one run.
func TestRankCandidatesPutsTheOutputRateFirst(t *testing.T) {
	require.Equal(t, []string{"S_TG t/s", "S t/s"}, rankCandidates("throughput", []string{"S_TG t/s", "S t/s"}))
	require.Equal(t, []string{"Output tok/s", "Total tok/s"}, rankCandidates("throughput", []string{"Total tok/s", "Output tok/s"}))
	require.Equal(t, []string{"gen tok/s", "tok/s", "prompt tok/s"}, rankCandidates("throughput", []string{"prompt tok/s", "tok/s", "gen tok/s"}))
	require.Equal(t, []string{"输出吞吐", "总吞吐"}, rankCandidates("throughput", []string{"总吞吐", "输出吞吐"}))
	require.Equal(t, []string{"TTFT mean", "TTFT avg"}, rankCandidates("ttft_mean", []string{"TTFT mean", "TTFT avg"}), "other kinds keep table order")
	require.Len(t, rankCandidates("throughput", []string{"a", "b", "c", "d", "e", "f"}), maxCandidates)
}

// Synthetic: an output rate of all requests together ("overall_output_tps",
// "Total output tok/s") beside an unqualified output rate that may be one
// request's is the node's rate a perf engineer reads: named first.
func TestRankCandidatesPutsTheOverallOutputFirst(t *testing.T) {
	require.Equal(t, []string{"overall_output_tps", "output_throughput_tps"}, rankCandidates("throughput", []string{"output_throughput_tps", "overall_output_tps"}))
	require.Equal(t, []string{"Total output tok/s", "Output tok/s", "Total tok/s"}, rankCandidates("throughput", []string{"Output tok/s", "Total tok/s", "Total output tok/s"}))
}

func TestAmbiguityOverTooManySeriesRefuses(t *testing.T) {
	err := AmbiguousSeries(errors.New("refusal"), []string{"a", "b", "c", "d", "e"})
	var amb *ambiguous
	require.False(t, errors.As(err, &amb))
	require.True(t, errors.As(AmbiguousSeries(errors.New("refusal"), []string{"a", "b"}), &amb))
}

func TestAndQuoted(t *testing.T) {
	require.Equal(t, `"a"`, andQuoted([]string{"a"}))
	require.Equal(t, `"a" and "b, c"`, andQuoted([]string{"a", "b, c"}))
	require.Equal(t, `"a", "b" and "c"`, andQuoted([]string{"a", "b", "c"}))
}

// Choices nested maxAmbiguityDepth deep are refused with their flag, as
// without the pass: nothing is read again and nothing judged. Synthetic.
func TestAmbiguityDepthIsBounded(t *testing.T) {
	calls := 0
	judge := func(*sweep.Sweep) (sweep.Answer, error) { calls++; return sweep.Answer{}, nil }
	reread := func(Meta) (*sweep.Sweep, *sweep.Sweep, error) { calls++; return &sweep.Sweep{}, &sweep.Sweep{}, nil }
	refusal := ambiguousColumns(errors.New("pick one with --column throughput"), "throughput", []string{"S_TG t/s", "S t/s"})
	_, err := Decide("t.md", refusal, Meta{}, judge, maxAmbiguityDepth, reread)
	require.Same(t, refusal, err)
	require.Zero(t, calls)
	_, err = Decide("t.md", refusal, Meta{}, judge, maxAmbiguityDepth-1, reread)
	require.NoError(t, err, "one level shallower, both candidates are read and agree")
	require.Equal(t, 4, calls)
}

// A node's throughput outranks a decode speed measured over part of the run,
// whatever the output/total words say: ninfer's table prints `Aggregate
// Throughput` (the node's) beside `Steady-State Decode Speed`.
func TestRankCandidatesThroughputBeforeSpeed(t *testing.T) {
	require.Equal(t, []string{"Aggregate Throughput", "Steady-State Decode Speed"}, rankCandidates("throughput", []string{"Steady-State Decode Speed", "Aggregate Throughput"}))
	require.Equal(t, []string{"Total throughput", "Decode speed (tok/s)"}, rankCandidates("throughput", []string{"Decode speed (tok/s)", "Total throughput"}))
	require.Equal(t, []string{"Decode speed", "Prefill speed"}, rankCandidates("throughput", []string{"Prefill speed", "Decode speed"}), "two speeds rank by output first")
	require.Equal(t, []string{"Output tokens per second", "Total tokens per second"}, rankCandidates("throughput", []string{"Total tokens per second", "Output tokens per second"}), "per second is a unit, not a speed")
}
