package read

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
)

const gpCSVRun = "genai-perf/perf-analyzer-issue393-openai-chat-concurrency144"

func gpCSVFixture(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(fixtures.Path(gpCSVRun + "/" + gpExportCSV))
	require.NoError(t, err)
	return b
}

// writeRun writes files into dir/name and returns that folder.
func writeRun(t *testing.T, dir, name string, files map[string][]byte) string {
	t.Helper()
	run := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(run, 0o755))
	for n, b := range files {
		require.NoError(t, os.WriteFile(filepath.Join(run, n), b, 0o644))
	}
	return run
}

// The real CSV (perf_analyzer issue #393) is detected by its rows and read
// with every number as the file gives it; the concurrency comes from
// genai-perf's artifact folder name.
func TestGenAIPerfCSV(t *testing.T) {
	path := fixtures.Path(gpCSVRun + "/" + gpExportCSV)
	name, err := Detect(path, gpCSVFixture(t))
	require.NoError(t, err)
	require.Equal(t, FormatGenAIPerfCSV, name)

	s, err := File(path, Options{})
	require.NoError(t, err)
	require.Equal(t, "genai-perf", s.Harness)
	require.Len(t, s.Points, 1)
	p := s.Points[0]
	require.Equal(t, 144.0, p.Concurrency)
	require.False(t, p.Derived)
	require.Nil(t, p.RequestedRate)
	require.Equal(t, 410.43, p.ThroughputTokS) // Output Token Throughput (per sec)
	require.Equal(t, 1.70, *p.RequestRate)
	require.Equal(t, 353, *p.Requests)
	require.Nil(t, p.Failures)
	require.Equal(t, 32688.40, *p.TTFT.Mean) // "32,688.40", quoted with its separator
	require.Equal(t, 936.53, *p.TTFT.Min)
	require.Equal(t, 66402.05, *p.TTFT.P99)
	require.Equal(t, 21652.69, *p.TTFT.P25)
	require.Equal(t, 159.59, *p.ITL.Mean)
	require.Equal(t, 144.32, *p.ITL.P50)
	require.Equal(t, 71107.96, *p.E2E.Mean)
	require.Equal(t, 101001.72, *p.E2E.P99)
	require.Equal(t, 57505.44, *p.E2E.P25)
	require.Equal(t, 241.75, *p.OutputTokensMean)
	require.Equal(t, 4000.03, *p.InputTokensMean)
	require.InDelta(t, 1.70*71.10796, *p.AchievedConcurrency, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), "concurrency 144 from the genai-perf artifact folder name")

	// The folder form: a folder that kept only the CSV exports.
	s, err = File(fixtures.Path(gpCSVRun), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	require.Equal(t, 144.0, s.Points[0].Concurrency)
	require.Equal(t, 410.43, s.Points[0].ThroughputTokS)
}

// Without the JSON export or genai-perf's folder name the CSV is refused
// (exit 2): its concurrency is never guessed.
func TestGenAIPerfCSVWithoutConcurrencyIsRefused(t *testing.T) {
	run := writeRun(t, t.TempDir(), "my-results", map[string][]byte{gpExportCSV: gpCSVFixture(t)})
	for _, read := range []func() error{
		func() error { _, err := File(filepath.Join(run, gpExportCSV), Options{}); return err },
		func() error { _, err := File(run, Options{}); return err },
		func() error { _, err := Data(gpExportCSV, gpCSVFixture(t), Options{}); return err },
		func() error { _, err := File(run, Options{Format: FormatGenAIPerfCSV}); return err },
	} {
		err := read()
		var in *inputerr.Error
		require.ErrorAs(t, err, &in)
		require.Equal(t, "concurrency", in.Field)
		require.Contains(t, err.Error(), "does not state the concurrency")
		require.Contains(t, err.Error(), gpExportJSON)
	}
	// A folder name that only looks like it (session_concurrency) is not it.
	run = writeRun(t, t.TempDir(), "m-openai-chat-session_concurrency8", map[string][]byte{gpExportCSV: gpCSVFixture(t)})
	_, err := File(filepath.Join(run, gpExportCSV), Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "concurrency", in.Field)
}

// The JSON export beside the CSV states the concurrency: it is read instead.
func TestGenAIPerfCSVReadsTheJSONBeside(t *testing.T) {
	js, err := os.ReadFile(fixtures.Path("genai-perf/schema-sample-concurrency10/" + gpExportJSON))
	require.NoError(t, err)
	run := writeRun(t, t.TempDir(), "anything", map[string][]byte{gpExportCSV: gpCSVFixture(t), gpExportJSON: js})
	s, err := File(filepath.Join(run, gpExportCSV), Options{})
	require.NoError(t, err)
	require.Equal(t, 10.0, s.Points[0].Concurrency)
	require.Equal(t, 261.25, s.Points[0].ThroughputTokS)
	require.Equal(t, []string{filepath.Join(run, gpExportJSON)}, s.Sources)
	require.Contains(t, strings.Join(s.Notes, "\n"), "beside it instead")

	// A folder of runs: the JSON of a run that has one, the CSV of a run that
	// kept only the CSV; never both for one run.
	dir := t.TempDir()
	writeRun(t, dir, "m-openai-chat-concurrency10", map[string][]byte{gpExportCSV: gpCSVFixture(t), gpExportJSON: js})
	writeRun(t, dir, "m-openai-chat-concurrency144", map[string][]byte{gpExportCSV: gpCSVFixture(t)})
	require.Equal(t, []string{
		filepath.Join(dir, "m-openai-chat-concurrency10", gpExportJSON),
		filepath.Join(dir, "m-openai-chat-concurrency144", gpExportCSV),
	}, gpRuns(dir))
	require.True(t, hasGenAIPerfExports(dir))
	require.False(t, hasGenAIPerfCSVOnly(dir))
}

// A request-rate run's folder gives the offered rate; the concurrency is
// Little's law's, marked derived.
func TestGenAIPerfCSVRequestRateFolder(t *testing.T) {
	run := writeRun(t, t.TempDir(), "Qwen_Qwen3-14B-openai-chat-request_rate2.0", map[string][]byte{gpExportCSV: gpCSVFixture(t)})
	s, err := File(filepath.Join(run, gpExportCSV), Options{})
	require.NoError(t, err)
	p := s.Points[0]
	require.True(t, p.Derived)
	require.Equal(t, 2.0, *p.RequestedRate)
	require.InDelta(t, 1.70*71.10796, p.Concurrency, 1e-9)
}

// Units are honoured (ns rows become ms, "tokens/sec" is per second), the
// per-user and per-request throughputs are never the throughput, CRLF and
// the newer p10/p5/p1 columns and GPU telemetry tables are read as genai-perf
// writes them.
func TestGenAIPerfCSVUnitsAndRows(t *testing.T) {
	csv := strings.ReplaceAll(`Metric,avg,min,max,p99,p95,p90,p75,p50,p25,p10,p5,p1
Time To First Token (ns),"2,000,000.00","1,000,000.00","3,000,000.00",N/A,N/A,N/A,N/A,"2,000,000.00",N/A,N/A,N/A,"1,000,000.00"
Output Token Throughput Per User (tokens/sec/user),"9,999.00",1.00,2.00,3.00,4.00,5.00,6.00,7.00,8.00,9.00,10.00,11.00
Request Latency (s),1.50,1.00,2.00,2.00,2.00,2.00,1.75,1.50,1.25,1.10,1.05,1.01
Output Sequence Length,100.00,90.00,110.00,110.00,110.00,110.00,105.00,100.00,95.00,91.00,90.50,90.10

Metric,Value
Output Token Throughput (tokens/sec),456.00
Request Throughput (per sec),2.00
Request Goodput (per sec),1.00

Metric,GPU,avg,min,max,p99,p95,p90,p75,p50,p25
Gpu Power Usage (W),gpu0,"1,000.00",1.00,2.00,3.00,4.00,5.00,6.00,7.00,8.00
Metric,GPU,Value
Gpu Power Limit (W),gpu0,700.00
`, "\n", "\r\n")
	run := writeRun(t, t.TempDir(), "m-triton-vllm-concurrency8", map[string][]byte{gpExportCSV: []byte(csv)})
	name, err := Detect(gpExportCSV, []byte(csv))
	require.NoError(t, err)
	require.Equal(t, FormatGenAIPerfCSV, name)
	s, err := File(filepath.Join(run, gpExportCSV), Options{})
	require.NoError(t, err)
	p := s.Points[0]
	require.Equal(t, 8.0, p.Concurrency)
	require.Equal(t, 456.0, p.ThroughputTokS)
	require.Equal(t, 2.0, *p.TTFT.Mean)
	require.Equal(t, 1.0, *p.TTFT.P1)
	require.Nil(t, p.TTFT.P99)
	require.Equal(t, 1500.0, *p.E2E.Mean)
	require.Equal(t, 1010.0, *p.E2E.P1)
	require.Equal(t, 1100.0, *p.E2E.P10)
	require.Equal(t, 100.0, *p.OutputTokensMean)
	require.Equal(t, 2.0, *p.RequestRate)

	// No Metric,Value output throughput: refused, never taken from another row.
	noOut := strings.Replace(csv, "Output Token Throughput (tokens/sec),456.00\r\n", "Total Token Throughput (tokens/sec),999.00\r\n", 1)
	_, err = readGenAIPerfCSVFile(filepath.Join(run, gpExportCSV), []byte(noOut), Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "Output Token Throughput", in.Field)

	// A time row without its unit, or with one genai-perf never writes.
	for _, bad := range []string{"Request Latency,", "Request Latency (parsecs),"} {
		b := strings.Replace(csv, "Request Latency (s),", bad, 1)
		_, err = readGenAIPerfCSVFile(filepath.Join(run, gpExportCSV), []byte(b), Options{})
		require.ErrorAs(t, err, &in, bad)
		require.Equal(t, 4, in.Line, bad)
	}
}

// The sniff keys on genai-perf's row names: an ordinary CSV table, even
// one with a Metric column, stays CSV.
func TestGenAIPerfCSVSniffLeavesTablesAlone(t *testing.T) {
	for _, table := range []string{
		"concurrency,throughput,ttft_ms\n1,100,20\n8,700,35\n",
		"Metric,avg,min,max,p99\nlatency,1,2,3,4\n\nMetric,Value\nthroughput,5\n",
		"Metric,Value\nOutput Token Throughput (per sec),5\nRequest Latency (ms),3\n",
	} {
		name, err := Detect("results.csv", []byte(table))
		require.NoError(t, err)
		require.Equal(t, FormatCSV, name, table)
	}
}
