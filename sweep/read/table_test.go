package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func writeTemp(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}

func TestAicrGB300CSV(t *testing.T) {
	// --gpus 4 agrees with the file's gpus column; without it the column suffices.
	for _, meta := range []Meta{{GPUs: 4}, {}} {
		s, err := File(fixtures.Path("aicr/gb300-eks.csv"), Options{Meta: meta})
		require.NoError(t, err)
		require.Equal(t, 4, s.GPUs)
		require.Equal(t, "gb300", s.Accelerator)
		require.Equal(t, "gb300-eks-ubuntu-inference-dynamo", s.Leaf)
		require.Equal(t, "Qwen/Qwen3-8B", s.Model)
		require.Len(t, s.Points, 2)
		for i, w := range []struct{ perGPU, conc, tput, ttft, tputGPU float64 }{
			{128, 512, 84788, 677, 21197},
			{256, 1024, 20769, 33320, 5192.25},
		} {
			p := s.Points[i]
			require.Equal(t, w.perGPU, *p.PerGPU)
			require.Equal(t, w.conc, p.Concurrency)
			require.Equal(t, w.tput, p.ThroughputTokS)
			require.Equal(t, w.tputGPU, *p.ThroughputPerGPU)
			require.Equal(t, w.ttft, *p.TTFT.P99)
			require.Nil(t, p.TTFT.P50)
			require.Nil(t, p.Requests, "a published table does not say how many requests")
		}
		require.Equal(t, "CUDA 13 image", mustFile(t, "aicr/gb300-eks-cuda13.csv").Points[0].Note)
	}
	_, err := File(fixtures.Path("aicr/gb300-eks.csv"), Options{Meta: Meta{GPUs: 8}})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "gpus", ie.Field)
	require.Contains(t, err.Error(), "--gpus says 8")
}

func mustFile(t *testing.T, rel string) *sweep.Sweep {
	t.Helper()
	s, err := File(fixtures.Path(rel), Options{})
	require.NoError(t, err)
	return s
}

func TestAicrPublishedSinglePoints(t *testing.T) {
	for _, tc := range []struct {
		file, accel  string
		gpus         int
		tput, ttft99 float64
	}{
		{"aicr/gb300-eks-cuda13.csv", "gb300", 4, 21100, 33362},
		{"aicr/gb200-eks.csv", "gb200", 4, 65952, 1240},
		{"aicr/h100-eks.csv", "h100", 8, 108790, 688},
		{"aicr/h100-gke.csv", "h100", 8, 108164, 730},
		{"aicr/rtx-pro-6000-eks.csv", "rtx-pro-6000", 8, 59260, 445},
	} {
		s := mustFile(t, tc.file)
		require.Equal(t, tc.accel, s.Accelerator, tc.file)
		require.Equal(t, tc.gpus, s.GPUs)
		require.Len(t, s.Points, 1)
		require.Equal(t, 256.0, *s.Points[0].PerGPU)
		require.Equal(t, tc.tput, s.Points[0].ThroughputTokS)
		require.Equal(t, tc.ttft99, *s.Points[0].TTFT.P99)
		require.False(t, s.Points[0].Simulated)
		require.Empty(t, s.Notes)
	}
}

func TestAicrH100RepeatsKeptInPublishedOrder(t *testing.T) {
	s := mustFile(t, "aicr/h100-eks-repeats-256.csv")
	require.Len(t, s.Points, 15)
	tput := []float64{123043, 84049, 122151, 127036, 118376, 108739, 122189, 116678, 114380, 48920, 111472, 92865, 124479, 112637, 92590}
	ttft := []float64{729, 4155, 935, 722, 939, 973, 765, 664, 943, 30743, 1183, 1056, 603, 910, 4844}
	for i, p := range s.Points {
		require.Equal(t, i, p.Repeat)
		require.Equal(t, 2048.0, p.Concurrency)
		require.Equal(t, tput[i], p.ThroughputTokS)
		require.Equal(t, ttft[i], *p.TTFT.P99)
	}
}

func TestAicrSimulatedLevelIsMarked(t *testing.T) {
	s, err := Load([]string{fixtures.Path("aicr/gb300-eks-simulated-64.csv"), fixtures.Path("aicr/gb300-eks.csv")}, Options{Meta: Meta{GPUs: 4}})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	p := s.Points[0]
	require.True(t, p.Simulated)
	require.Equal(t, 64.0, *p.PerGPU)
	require.Equal(t, 43900.0, p.ThroughputTokS)
	require.Equal(t, 310.0, *p.TTFT.P50)
	require.Equal(t, 452.0, *p.TTFT.P99)
	require.Equal(t, "simulated: not measured", p.Note)
	require.False(t, s.Points[1].Simulated)
	require.Len(t, s.Notes, 1)
	require.Contains(t, s.Notes[0], "simulated, not measured: 64/GPU")
}

// FORMATS.md §3 pasted as markdown (the GB300 rows): bold, thousands
// separators, a leaf cell with the instance type, a trailing note column.
func TestMarkdownPublishedTable(t *testing.T) {
	md := `Measurements from aicr #2385:

| leaf / node | GPUs | per GPU | tok/s | TTFT p99 ms | note |
|---|---|---|---|---|---|
| gb300-eks (p6e-gb300r.36xlarge) | 4 | 256 | **20,769** | 33,320 | past the knee (aicr #2385) |
| gb300-eks | 4 | 128 | 84,788 | ` + "`677`" + ` | sub-knee; floor set to ` + "`>= 60000`" + ` |

Some text after.
`
	s, err := File(writeTemp(t, "gb300.md", md), Options{})
	require.NoError(t, err)
	require.Equal(t, 4, s.GPUs)
	require.Equal(t, "gb300-eks", s.Leaf)
	require.Equal(t, "gb300", s.Accelerator)
	require.Len(t, s.Points, 2)
	require.Equal(t, 512.0, s.Points[0].Concurrency)
	require.Equal(t, 84788.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 677.0, *s.Points[0].TTFT.P99)
	require.Equal(t, 20769.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 33320.0, *s.Points[1].TTFT.P99)
	require.Contains(t, s.Points[1].Source, "gb300.md:5")
}

func TestTableHeaderVariants(t *testing.T) {
	for _, tc := range []struct {
		name, file, body string
		gpus             int
		check            func(t *testing.T, s *sweep.Sweep)
	}{
		{"seconds from the header", "a.csv", "conc/GPU,output tok/s,ttft_p50_s,ttft_p99_s,ITL p50 (ms),requests,failures,result\n64,\"43,900\",0.31,0.452,14.9,512,2,PASS\n", 4,
			func(t *testing.T, s *sweep.Sweep) {
				p := s.Points[0]
				require.Equal(t, 256.0, p.Concurrency)
				require.Equal(t, 43900.0, p.ThroughputTokS)
				require.InDelta(t, 310, *p.TTFT.P50, 1e-9)
				require.InDelta(t, 452, *p.TTFT.P99, 1e-9)
				require.Equal(t, 14.9, *p.ITL.P50)
				require.Equal(t, 512, *p.Requests)
				require.Equal(t, 2, *p.Failures)
			}},
		{"TTFT without a statistic is the mean", "b.md", "| concurrency | throughput | TTFT (ms) |\n|---|---|---|\n| 16 | 1,000 | 45 |\n", 0,
			func(t *testing.T, s *sweep.Sweep) {
				p := s.Points[0]
				require.Equal(t, 45.0, *p.TTFT.Mean)
				require.Equal(t, "mean", p.TTFT.Assumed)
				require.Nil(t, p.TTFT.P99)
				require.Nil(t, p.PerGPU)
			}},
		{"transposed", "c.md", "| metric | conc=4 | conc=16 | conc=64 |\n|:--|--:|--:|--:|\n| output tok/s | 373 | 1,321 | 3,744 |\n| TTFT p99 (ms) | 27.3 | 42.8 | 258 |\n| note | | | busy |\n", 0,
			func(t *testing.T, s *sweep.Sweep) {
				require.Len(t, s.Points, 3)
				require.Equal(t, 16.0, s.Points[1].Concurrency)
				require.Equal(t, 1321.0, s.Points[1].ThroughputTokS)
				require.Equal(t, 258.0, *s.Points[2].TTFT.P99)
				require.Equal(t, "busy", s.Points[2].Note)
			}},
		{"transposed per GPU", "d.csv", "metric,64/GPU,128/GPU\ntok/s,\"43,900\",\"84,788\"\nTTFT p99 ms,452,677\n", 4,
			func(t *testing.T, s *sweep.Sweep) {
				require.Len(t, s.Points, 2)
				require.Equal(t, 512.0, s.Points[1].Concurrency)
				require.Equal(t, 128.0, *s.Points[1].PerGPU)
			}},
		{"per-GPU throughput only", "e.csv", "per_gpu,tok/s/GPU,TTFT p99 (ms)\n128,21197,677\n", 4,
			func(t *testing.T, s *sweep.Sweep) {
				require.Equal(t, 84788.0, s.Points[0].ThroughputTokS)
				require.Equal(t, 21197.0, *s.Points[0].ThroughputPerGPU)
			}},
		{"derived concurrency read back", "f.md", "| concurrency | tok/s | TTFT p99 ms |\n|---|---|---|\n| ~0.49 | 64 | 39.7 |\n", 0,
			func(t *testing.T, s *sweep.Sweep) {
				require.True(t, s.Points[0].Derived)
				require.Equal(t, 0.49, s.Points[0].Concurrency)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := File(writeTemp(t, tc.file, tc.body), Options{Meta: Meta{GPUs: tc.gpus}})
			require.NoError(t, err)
			tc.check(t, s)
		})
	}
}

// Every bad input is an InputError naming the file and the field (or line);
// none panics and none yields a NaN.
func TestBadInputsNameFileAndField(t *testing.T) {
	for _, tc := range []struct {
		name, file, body string
		meta             Meta
		field            string
		line             int
		msg              string
	}{
		{"per-GPU only without --gpus", "a.csv", "per_gpu,tok/s,TTFT p99 ms\n128,84788,677\n", Meta{}, "--gpus", 2, "pass --gpus N"},
		{"non-numeric cell", "b.csv", "concurrency,tok/s,TTFT p99 ms\n128,fast,677\n", Meta{}, "tok/s", 2, `"fast" is not a number`},
		{"NaN cell", "c.csv", "concurrency,tok/s,TTFT p99 ms\n128,NaN,677\n", Meta{}, "tok/s", 2, "not a finite number"},
		{"negative", "d.csv", "concurrency,tok/s,TTFT p99 ms\n128,-5,677\n", Meta{}, "tok/s", 2, "negative"},
		{"p99 below p50", "e.csv", "concurrency,tok/s,TTFT p50 ms,TTFT p99 ms\n128,5,700,677\n", Meta{}, "ttft_ms", 0, "out of order"},
		{"no throughput column", "f.csv", "concurrency,TTFT p99 ms\n128,677\n", Meta{}, "throughput", 1, "no throughput column"},
		{"conflicting gpus rows", "h.csv", "gpus,concurrency,tok/s,TTFT p99 ms\n4,128,5,6\n8,256,5,6\n", Meta{}, "gpus", 3, "conflicting GPU counts"},
		{"conflicting leaf rows", "i.md", "| leaf | concurrency | tok/s | TTFT p99 ms |\n|--|--|--|--|\n| gb300-eks | 1 | 2 | 3 |\n| gb200-eks | 2 | 2 | 3 |\n", Meta{}, "leaf", 4, "conflicting values"},
		{"per_gpu contradicts gpus", "j.csv", "gpus,per_gpu,concurrency,tok/s,TTFT p99 ms\n4,128,1024,5,6\n", Meta{}, "per_gpu", 0, "conflicting GPU counts"},
		{"malformed JSON", "k.json", `{"load_summary": {"concurrency": 4,}`, Meta{}, "", 1, "malformed JSON"},
		{"wrong JSON type", "l.json", `{"load_summary": {"concurrency": "four"}, "successes": {}}`, Meta{}, "load_summary.concurrency", 0, "want a number, got a string"},
		{"inference-perf missing throughput", "m.json", `{"load_summary": {"concurrency": 4}, "successes": {"count": 3}}`, Meta{}, "successes.throughput.output_tokens_per_sec", 0, "missing"},
		{"none of the formats", "n.txt", "hello world\n", Meta{}, "", 0, "none of the formats"},
		{"unknown JSON", "o.json", `{"hello": 1}`, Meta{}, "", 0, "none of"},
		{"unknown JSON keys sorted, not a Go slice", "o2.json", `{"zeta": 1, "alpha": 2, "mid": 3}`, Meta{}, "", 0, "its keys: alpha, mid, zeta"},
		{"empty JSON object", "o3.json", `{}`, Meta{}, "", 0, "its keys: none (an empty object)"},
		{"empty", "p.csv", "", Meta{}, "", 0, "empty"},
		{"sweep JSON bad version", "q.json", `{"version": 9, "points": []}`, Meta{}, "version", 0, "not supported"},
		{"sweep JSON NaN", "r.json", `{"version": 1, "points": [{"concurrency": 4, "throughput_tok_s": NaN, "ttft_ms": {"p99": 3}}]}`, Meta{}, "points.throughput_tok_s", 0, "not a finite number"},
		{"log cut short", "s.log", "=== START_STAGE_0 ===\n{\"load_summary\": {}}\n", Meta{}, "", 1, "no END_STAGE_0"},
		{"aiperf log cut short", "t.log", "===AIPERF-RESULT===\n{}\n", Meta{}, "", 1, "no second"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writeTemp(t, tc.file, tc.body)
			_, err := File(p, Options{Meta: tc.meta})
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			require.Contains(t, err.Error(), p)
			require.Equal(t, tc.field, ie.Field, err.Error())
			if tc.line > 0 {
				require.Equal(t, tc.line, ie.Line, err.Error())
			}
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestFormatForcedAndUnknown(t *testing.T) {
	s, err := File(fixtures.Path("aicr/gb300-eks.csv"), Options{Format: "csv"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	_, err = File(fixtures.Path("aicr/gb300-eks.csv"), Options{Format: "aiperf"})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	_, err = File(fixtures.Path("aicr/gb300-eks.csv"), Options{Format: "excel"})
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--format", ie.Field)
}

// Two inputs that disagree on the node are not one sweep.
func TestMergeRefusesConflictingInputs(t *testing.T) {
	_, err := Load([]string{fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/h100-eks.csv")}, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "gpus", ie.Field)
	_, err = Load([]string{fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb200-eks.csv")}, Options{})
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "accelerator", ie.Field)
}

// knee's own JSON output reads back unchanged (the contract every command relies on).
func TestSweepJSONRoundTrip(t *testing.T) {
	a, err := Load([]string{fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-cuda13.csv")}, Options{})
	require.NoError(t, err)
	require.Equal(t, 1, a.Points[2].Repeat, "the CUDA 13 rerun is a repeat of 256/GPU")
	b, err := jsonMarshal(a)
	require.NoError(t, err)
	back, err := File(writeTemp(t, "sweep.json", string(b)), Options{})
	require.NoError(t, err)
	require.Equal(t, a.Points, back.Points)
	require.Equal(t, a.GPUs, back.GPUs)
	require.Equal(t, a.Leaf, back.Leaf)
}
