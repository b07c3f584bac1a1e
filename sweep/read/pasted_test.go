package read

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Header and cell forms people paste, each read to the numbers shown.
func TestPastedHeadersAndCells(t *testing.T) {
	for _, tc := range []struct {
		name, file, body string
		meta             Meta
		check            func(t *testing.T, s *sweep.Sweep)
	}{
		{"concurrency synonyms", "a.md", "| Concurrent requests | Output tok/s | TTFT (ms) p99 |\n|---|---|---|\n| 8 | 100 | 50 |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) { require.Equal(t, 8.0, s.Points[0].Concurrency) }},
		{"users, conc., batch size, parallel requests, num_concurrent", "b.md", "| Users | tok/s | TTFT p99 |\n|---|---|---|\n| 8 | 100 | 50 |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) { require.Equal(t, 8.0, s.Points[0].Concurrency) }},
		{"configured and measured concurrency", "c.csv", "max_concurrency,concurrency,output_throughput,median_ttft_ms,successful_requests,failed_requests\n64,51.2,900,80,640,3\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) {
				p := s.Points[0]
				require.Equal(t, 64.0, p.Concurrency)
				require.Equal(t, 51.2, *p.AchievedConcurrency)
				require.Equal(t, 640, *p.Requests)
				require.Equal(t, 3, *p.Failures)
				require.Equal(t, 80.0, *p.TTFT.P50)
			}},
		{"cells: bold, italic, emoji, footnotes, units, thousands, k", "d.md", "| Concurrency | Output tok/s | TTFT p99 | E2E p50 | ITL p50 |\n|---|---|---|---|---|\n| **128** ⚡ | 5,719 ⚠️ | 0.54s | _95 ms_ | 12.5 ms† |\n| 🏆 256 | 24.5k | 1,200 ms¹ | 2.5 s | 900µs |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) {
				a, b := s.Points[0], s.Points[1]
				require.Equal(t, 128.0, a.Concurrency)
				require.Equal(t, 5719.0, a.ThroughputTokS)
				require.InDelta(t, 540, *a.TTFT.P99, 1e-9)
				require.Equal(t, 95.0, *a.E2E.P50)
				require.Equal(t, 12.5, *a.ITL.P50)
				require.Equal(t, 24500.0, b.ThroughputTokS)
				require.Equal(t, 1200.0, *b.TTFT.P99)
				require.InDelta(t, 0.9, *b.ITL.P50, 1e-12)
			}},
		{"missing cells", "e.md", "| c | tok/s | TTFT p50 | TTFT p99 |\n|---|---|---|---|\n| 1 | 10 | n/a | 50 |\n| 2 | 20 | – | 60 |\n| 4 | 30 | N/A | 70 |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) {
				for _, p := range s.Points {
					require.Nil(t, p.TTFT.P50)
				}
			}},
		{"units from the header: µs, ms, k tok/s, tokens/sec", "f.md", "| concurrency | Throughput (k tok/s) | TTFT p99 (µs) | generated tokens/sec |\n|---|---|---|---|\n| 8 | 24.5 | 120,000 | 3 |\n", Meta{Columns: map[string]string{"throughput": "Throughput (k tok/s)"}},
			func(t *testing.T, s *sweep.Sweep) {
				require.Equal(t, 24500.0, s.Points[0].ThroughputTokS)
				require.InDelta(t, 120, *s.Points[0].TTFT.P99, 1e-9)
			}},
		{"units row", "g.md", "| Concurrency | Throughput | TTFT p99 |\n|---|---|---|\n| | k tok/s | s |\n| 8 | 1.5 | 0.25 |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) {
				require.Len(t, s.Points, 1)
				require.Equal(t, 1500.0, s.Points[0].ThroughputTokS)
				require.Equal(t, 250.0, *s.Points[0].TTFT.P99)
			}},
		{"--unit states the unit", "h.csv", "concurrency,tok/s,ttft_p99\n8,100,0.25\n", Meta{Units: map[string]string{"ttft_p99": "s"}},
			func(t *testing.T, s *sweep.Sweep) { require.Equal(t, 250.0, *s.Points[0].TTFT.P99) }},
		{"transposed, whatever the corner says", "i.md", "| Concurrency | conc=4 | conc=16 |\n|---|---|---|\n| Output tok/s | 373 | 1,321 |\n| TTFT p99 (ms) | 27.3 | 42.8 |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) {
				require.Len(t, s.Points, 2)
				require.Equal(t, 16.0, s.Points[1].Concurrency)
				require.Equal(t, 1321.0, s.Points[1].ThroughputTokS)
			}},
		{"per-GPU throughput agrees with --gpus within rounding", "j.md", "| Concurrency | Output tok/s | tok/s/GPU | TTFT p99 |\n|---|---|---|---|\n| 512 | 84,788 | 10,599 | 677 |\n", Meta{GPUs: 8},
			func(t *testing.T, s *sweep.Sweep) { require.InDelta(t, 10598.5, *s.Points[0].ThroughputPerGPU, 1e-9) }},
		{"TSV with a title line", "k.tsv", "H200 sweep\nConcurrency\tOutput tok/s\tTTFT p99 (ms)\n8\t1,279\t28\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) { require.Equal(t, 1279.0, s.Points[0].ThroughputTokS) }},
		{"markdown without outer pipes", "l.md", "Concurrency | Output tok/s | TTFT p99 (ms)\n---|---|---\n8 | 1,279 | 28\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) { require.Equal(t, 1279.0, s.Points[0].ThroughputTokS) }},
		{"median TPOT and median ITL are different metrics", "m.md", "| c | tok/s | TTFT p99 | Median TPOT (ms) | Median ITL (ms) |\n|---|---|---|---|---|\n| 8 | 10 | 50 | 7.1 | 6.9 |\n", Meta{},
			func(t *testing.T, s *sweep.Sweep) {
				require.Equal(t, 7.1, *s.Points[0].ITL.P50, "TPOT is itl_ms")
				require.Equal(t, 6.9, *s.Points[0].ITLChunks.P50, "ITL beside TPOT is the per-chunk distribution")
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := File(writeTemp(t, tc.file, tc.body), Options{Meta: tc.meta})
			require.NoError(t, err)
			tc.check(t, s)
		})
	}
}

// Refusals of things knee cannot read without guessing: each names the
// column (and line) and, where one exists, the flag that resolves it.
func TestPastedRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, file, body string
		meta             Meta
		field            string
		msg              []string
	}{
		{"seconds without a unit", "a.csv", "concurrency,tok/s,ttft_p99\n8,100,0.24\n", Meta{}, "ttft_p99", []string{"0.24 read as ms", `--unit "ttft_p99=s"`}},
		{"k tok/s header holding tok/s", "b.md", "| c | Throughput (k tok/s) | TTFT p99 ms |\n|---|---|---|\n| 8 | 24,500 | 50 |\n", Meta{}, "Throughput (k tok/s)", []string{"24500 k tok/s", `--unit "Throughput (k tok/s)=tok/s"`}},
		{"two output throughput columns", "c.md", "| c | Output tok/s | Output Throughput (tok/s) | TTFT p99 ms |\n|---|---|---|---|\n| 8 | 1 | 2 | 50 |\n", Meta{}, "Output Throughput (tok/s)", []string{`"Output tok/s" and "Output Throughput (tok/s)"`, `--column throughput="Output tok/s"`}},
		{"total tok/s beside an input rate", "d.md", "| c | Prompt tok/s | Total Tok/s | TTFT p99 ms |\n|---|---|---|---|\n| 8 | 4 | 1 | 50 |\n", Meta{}, "throughput", []string{`"Total Tok/s" is input + output tokens`, `--column throughput="Total Tok/s"`}},
		{"per-GPU throughput contradicts --gpus", "e.md", "| c | Output tok/s | tok/s/GPU | TTFT p99 |\n|---|---|---|---|\n| 8 | 8,000 | 1,000 | 50 |\n", Meta{GPUs: 4}, "tok/s/GPU", []string{"tok/s/GPU says 1000", "Output tok/s 8000 tok/s over 4 GPUs", "is 2000 per GPU"}},
		{"measured concurrency only", "f.csv", "achieved concurrency,tok/s,ttft p99 ms\n7.5,100,50\n", Meta{}, "achieved concurrency", []string{`--column concurrency="achieved concurrency"`}},
		{"a time in a throughput column", "g.md", "| c | tok/s | TTFT p99 ms |\n|---|---|---|\n| 8 | 5 s | 50 |\n", Meta{}, "tok/s", []string{`"5 s" is a time`}},
		{"--unit of the wrong kind", "h.csv", "concurrency,tok/s,ttft_p99\n8,100,0.24\n", Meta{Units: map[string]string{"ttft_p99": "tok/s"}}, "ttft_p99", []string{"which is a token rate; this column holds a time"}},
		{"--column naming no header", "i.csv", "concurrency,tok/s,ttft_p99_ms\n8,100,24\n", Meta{Columns: map[string]string{"throughput": "Output"}}, "--column", []string{`names no column`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writeTemp(t, tc.file, tc.body)
			_, err := File(p, Options{Meta: tc.meta})
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			require.Equal(t, tc.field, ie.Field, err.Error())
			require.Contains(t, err.Error(), p)
			for _, m := range tc.msg {
				require.Contains(t, err.Error(), m)
			}
		})
	}
}
