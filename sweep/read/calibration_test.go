package read

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep"
)

// The seven tables in fixtures/sweeps, as pasted in public READMEs and
// issues, read with the numbers the sources show: the levels, the output
// tok/s, the TTFT statistic read, and the columns left unread (named in a
// sweep note).
func TestPastedCalibrationTables(t *testing.T) {
	stat := func(d sweep.Dist, s string) *float64 {
		return map[string]*float64{"mean": d.Mean, "p50": d.P50, "p95": d.P95, "p99": d.P99}[s]
	}
	for _, tc := range []struct {
		file     string
		levels   []float64
		tput     []float64
		ttftStat string
		ttft     []float64 // nil cells are "—" in the source
		unread   string
	}{
		{"aiportfoliorhea-mistral7b-a10-vllm.md", []float64{1, 2, 4, 8, 16, 32, 64, 128},
			[]float64{29.8, 56.2, 105.7, 183.3, 317.4, 478.8, 616.0, 588.7},
			"p95", []float64{123, 264, 499, 920, 1460, 1970, 3810, 14957}, ""},
		{"dsv4flash-0731-1xdgxspark-maxseqs1-vllm.md", []float64{1, 2, 4, 8, 12, 16},
			[]float64{29.62, 31.03, 31.44, 31.08, 29.40, 29.60},
			"p95", []float64{540, 21040, 54290, 118290, 195330, 263500},
			`columns not read: "Speedup vs c1" (a ratio or percentage), "Parallel efficiency" (a ratio or percentage)`},
		{"gptoss20b-16xh200-4xtp4-classification-vllm.md", []float64{4, 8, 16, 32, 64, 128},
			[]float64{1279, 2544, 4240, 7026, 7499, 5695},
			"p99", []float64{28, 386, 348, 384, 602, 1441},
			`columns not read: "TPSU" (per-user throughput, not the node's), "SLA" (not a column knee reads)`},
		{"jtchilders-laguna-s21-nvfp4-gb10-vllm.md", []float64{1, 2, 4, 8, 16, 32, 64, 128, 192, 256},
			[]float64{17.65, 29.34, 42.17, 60.52, 78.00, 112.54, 165.64, 233.27, 258.77, 266.34},
			"p99", []float64{158.4, 409.8, 475.3, 556.7, 3392.9, 6189.9, 10108.2, 30366.8, 154313.3, 171099.0},
			`columns not read: "Δ vs prev" (a ratio or percentage), "tok/s per user" (per-user throughput, not the node's)`},
		{"mushfiqrahman-rtx4090-mistral7b-vllm.md", []float64{4, 8, 16, 32, 48},
			[]float64{210, 377, 644, 975, 1190},
			"p99", []float64{157, 268, 503, 938, 1483}, ""},
		{"pallavim1-gemma4-26b-rtxpro6000-g4-1k1k.md", []float64{64, 128, 256, 512, 1024},
			[]float64{1714.47, 2669.42, 3813.86, 3842.52, 3846.17},
			"p99", []float64{1843.15, 3696.68, 7481.78, 73607.38, 206321.52},
			`columns not read: "Prompts" (prompts sent, not successful requests), "Total Tok/s" (input + output tokens, not output)`},
		{"yeqcharlotte-router-llmd-pd-llama31-8b-16gpu.md", []float64{32, 64, 128, 256},
			[]float64{4752, 6626, 15221, 8000},
			"p50", []float64{59.63, 69.53, 215.26, 381.37},
			`columns not read: "Peak Output (tok/s)" (a peak or instantaneous rate, not the run's output throughput)`},
	} {
		t.Run(tc.file, func(t *testing.T) {
			s, err := File(fixtures.Path("sweeps/"+tc.file), Options{Meta: Meta{GPUs: 1}})
			require.NoError(t, err)
			require.Len(t, s.Points, len(tc.levels))
			for i, p := range s.Points {
				require.Equal(t, tc.levels[i], p.Concurrency)
				require.InDelta(t, tc.tput[i], p.ThroughputTokS, 1e-9)
				require.NotNil(t, stat(p.TTFT, tc.ttftStat), "level %v", p.Concurrency)
				require.InDelta(t, tc.ttft[i], *stat(p.TTFT, tc.ttftStat), 1e-6)
			}
			joined := ""
			for _, n := range s.Notes {
				joined += n + "\n"
			}
			if tc.unread == "" {
				require.NotContains(t, joined, "columns not read")
			} else {
				require.Contains(t, joined, tc.unread)
			}
		})
	}
}

// Details of single calibration files the table above does not cover.
func TestPastedCalibrationDetails(t *testing.T) {
	read := func(f string) *sweep.Sweep {
		s, err := File(fixtures.Path("sweeps/"+f), Options{Meta: Meta{GPUs: 1}})
		require.NoError(t, err)
		return s
	}
	// Median TTFT "—" at 192 and 256 is missing, not zero; mean and median are read too.
	j := read("jtchilders-laguna-s21-nvfp4-gb10-vllm.md")
	require.Nil(t, j.Points[8].TTFT.P50)
	require.Equal(t, 3826.5, *j.Points[7].TTFT.P50)
	require.Equal(t, 78215.9, *j.Points[9].TTFT.Mean)
	require.Equal(t, 565.2, *j.Points[9].ITL.Mean, "Mean TPOT fills itl_ms")
	// Seconds in the cells (0.54s, 19.18s) become ms; E2E p95 is kept.
	d := read("dsv4flash-0731-1xdgxspark-maxseqs1-vllm.md")
	require.InDelta(t, 19180, *d.Points[0].E2E.P95, 1e-9)
	// Req/s is the request rate; Max Concurrency is the level.
	m := read("mushfiqrahman-rtx4090-mistral7b-vllm.md")
	require.Equal(t, 11.87, *m.Points[4].RequestRate)
	require.Equal(t, 667.0, *m.Points[4].TTFT.Mean)
	require.Equal(t, 840.0, *m.Points[4].TTFT.P50, "median above mean, as printed")
	// Request Throughput (req/s) is not tok/s; Peak Output is not the throughput.
	y := read("yeqcharlotte-router-llmd-pd-llama31-8b-16gpu.md")
	require.Equal(t, 15.22, *y.Points[2].RequestRate)
	require.Equal(t, 7.08, *y.Points[2].ITL.P50)
	// ITL columns are ITL; TPSU (tok/s per user) is not the node's throughput.
	g := read("gptoss20b-16xh200-4xtp4-classification-vllm.md")
	require.Equal(t, 2.89, *g.Points[3].ITL.P50)
	require.Equal(t, 3.29, *g.Points[3].ITL.P99)
	// Duration (s) is seconds; Total Tok/s is not read as output.
	p := read("pallavim1-gemma4-26b-rtxpro6000-g4-1k1k.md")
	require.Equal(t, 74.66, *p.Points[0].DurationS)
	require.Equal(t, 36.32, *p.Points[0].ITL.P50)
	require.Equal(t, 1.71, *p.Points[0].RequestRate)
}
