package read

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// Each message a user needs (issue 12): the file given, the field, the line,
// exit 2 (an *inputerr.Error). One row per finding.
func TestMessagesNameTheFileGivenAndTheField(t *testing.T) {
	bom := "\xEF\xBB\xBF"
	for _, tc := range []struct {
		name, file, body string
		meta             Meta
		field            string
		line             int
		msg              []string // every one must appear
	}{
		{"sweep JSON error names the file given, the embedded source after it", "good.json",
			`{"version": 1, "points": [{"concurrency": 4, "throughput_tok_s": -1, "ttft_ms": {"p99": 3}, "source": "good.csv:3"}]}`, Meta{},
			"points[0].throughput_tok_s", 0, []string{"must be a non-negative number", "(point imported from good.csv:3)"}},
		{"throughput 1e308 refused by import as by find", "huge.csv", "concurrency,tok/s,TTFT p99 ms\n4,1e308,677\n", Meta{},
			"throughput_tok_s", 0, []string{"huge.csv:2: throughput_tok_s: must be a non-negative number up to 1e+12, got 1e+308"}},
		{"concurrency 1e300 refused by import as by find", "huge2.csv", "concurrency,tok/s,TTFT p99 ms\n1e300,100,677\n", Meta{},
			"concurrency", 0, []string{"huge2.csv:2: concurrency: must be a positive number up to 1e+09, got 1e+300"}},
		{"duplicate key in a sweep JSON", "dup.json",
			"{\"version\": 1,\n \"points\": [{\"concurrency\": 4, \"throughput_tok_s\": 5,\n \"throughput_tok_s\": 9000, \"ttft_ms\": {\"p99\": 3}}]}", Meta{},
			"points[0].throughput_tok_s", 3, []string{`duplicate key "throughput_tok_s"`}},
		{"duplicate key in a vLLM result", "vllm.json",
			`{"max_concurrency": 4, "output_throughput": 100, "output_throughput": 900, "p99_ttft_ms": 3}`, Meta{},
			"output_throughput", 1, []string{`duplicate key "output_throughput"`}},
		{"duplicate key on a later JSON line", "sg.jsonl",
			"{\"a\": 1}\n{\"b\": {\"c\": 1, \"c\": 2}}\n", Meta{},
			"b.c", 2, []string{`duplicate key "c"`}},
		{"header naming two time units", "two.csv", "concurrency,tok/s,TTFT p99 ms (s)\n4,100,1\n", Meta{},
			"TTFT p99 ms (s)", 1, []string{"two time units (ms and s)", `--unit "ttft p99 ms (s)=ms"`}},
		{"JSON wrong type in JSON's words", "wt.json",
			`{"version": 1, "points": [{"concurrency": "four", "throughput_tok_s": 5, "ttft_ms": {"p99": 3}}]}`, Meta{},
			"points.concurrency", 0, []string{"want a number, got a string"}},
		{"JSON object where a number goes", "wt2.json",
			`{"version": 1, "points": [{"concurrency": {"n": 4}, "throughput_tok_s": 5, "ttft_ms": {"p99": 3}}]}`, Meta{},
			"points.concurrency", 0, []string{"want a number, got an object"}},
		{"YAML wrong type in YAML's words", "g.yaml",
			"benchmarks:\n  - metrics:\n      output_tokens_per_second:\n        successful:\n          mean: fast\n", Meta{},
			"", 5, []string{`want a number, got the string "fast"`}},
		{"a table line of 60 MB is not a row", "wide.csv", "per_gpu," + strings.Repeat("x,", 40<<10) + "\n", Meta{},
			"", 1, []string{"line is longer than 64 KB"}},
		{"a table of more lines than any sweep", "long.csv", "concurrency,tok/s,TTFT p99 ms\n" + strings.Repeat("4,100,3\n", maxTableLines+1), Meta{},
			"", 0, []string{"has more than 200,000 lines", "up to 100,000 measured rows"}},
		{"BOM JSON read like a BOM CSV (then judged on its numbers)", "bom.json",
			bom + `{"version": 1, "points": [{"concurrency": 4, "throughput_tok_s": -2, "ttft_ms": {"p99": 3}}]}`, Meta{},
			"throughput_tok_s", 0, []string{"must be a non-negative number"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writeTemp(t, tc.file, tc.body)
			_, err := File(p, Options{Meta: tc.meta})
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			require.Contains(t, err.Error(), p)
			require.True(t, ie.File == p || strings.HasPrefix(ie.File, p+":"), "the file given (and its line), not an embedded source: %s", ie.File)
			require.Equal(t, tc.field, ie.Field, err.Error())
			if tc.line > 0 {
				require.Equal(t, tc.line, ie.Line, err.Error())
			}
			for _, m := range tc.msg {
				require.Contains(t, err.Error(), m)
			}
			require.NotContains(t, err.Error(), "float64", "a Go type is no message")
			require.NotContains(t, err.Error(), "Go struct")
		})
	}
}

func TestBOMJSONIsReadAsTheSameJSONWithout(t *testing.T) {
	body := `{"version": 1, "gpus": 4, "points": [{"concurrency": 512, "throughput_tok_s": 84788, "ttft_ms": {"p99": 677}}]}`
	plain, err := File(writeTemp(t, "a.json", body), Options{})
	require.NoError(t, err)
	withBOM, err := File(writeTemp(t, "b.json", "\xEF\xBB\xBF"+body), Options{})
	require.NoError(t, err)
	require.Equal(t, plain.Points[0].ThroughputTokS, withBOM.Points[0].ThroughputTokS)
	require.Equal(t, 84788.0, withBOM.Points[0].ThroughputTokS)
}

func TestNamesWithControlCharactersAreQuoted(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"plain.csv", "plain.csv"},
		{"dir with space/ü.csv", "dir with space/ü.csv"},
		{"a.csv\nknee: all levels verified", `"a.csv\nknee: all levels verified"`},
		{"tab\there", `"tab\there"`},
		{"esc\x1b[31mred", `"esc\x1b[31mred"`},
		{"bad\xffutf8", `"bad\xffutf8"`},
	} {
		require.Equal(t, tc.want, inputerr.QuoteName(tc.name))
		err := inputerr.Errorf(tc.name, "", 2, "is empty")
		require.Equal(t, tc.want+":2: is empty", err.Error())
		require.Equal(t, 1, len(strings.Split(err.Error(), "\n")))
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "x.csv\nknee: ok")
	require.NoError(t, os.WriteFile(p, nil, 0o644))
	_, err := File(p, Options{})
	require.Error(t, err)
	require.NotContains(t, err.Error(), "\n")
	require.Contains(t, err.Error(), `x.csv\nknee: ok"`)
}

func TestPermissionDeniedIsSaid(t *testing.T) {
	err := cannotRead("/some/dir", &fs.PathError{Op: "open", Path: "/some/dir", Err: syscall.EACCES})
	require.EqualError(t, err, "/some/dir: cannot read: permission denied")
	err = cannotRead("/gone", &fs.PathError{Op: "stat", Path: "/gone", Err: syscall.ENOENT})
	require.EqualError(t, err, "/gone: cannot read: no such file or directory")

	dir := filepath.Join(t.TempDir(), "results")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sweep.json"), []byte("{}"), 0o644))
	require.NoError(t, os.Chmod(dir, 0))
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	if f, err := os.Open(dir); err == nil {
		f.Close()
		t.Skip("running as a user who reads a mode-000 folder (root)")
	}
	_, err = File(dir, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.EqualError(t, err, dir+": cannot read: permission denied")
}

func TestSpecialFilesAndStdinAreBounded(t *testing.T) {
	for _, dev := range []string{"/dev/zero", "/dev/null"} {
		_, err := File(dev, Options{})
		require.EqualError(t, err, dev+": is a character device, not a regular file; knee reads devices, FIFOs and sockets only as standard input: give - as the INPUT and redirect it (knee import - < FILE)")
	}
	fifo := filepath.Join(t.TempDir(), "f")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err := File(fifo, Options{})
	require.ErrorContains(t, err, fifo+": is a FIFO (named pipe), not a regular file")

	// /dev/zero as standard input: refused once past the limit, naming stdin.
	old := stdin
	t.Cleanup(func() { stdin = old })
	stdin = zeros{}
	_, err = ReadLimited(Stdin, 1<<20)
	require.EqualError(t, err, "stdin: is larger than 1 MB; knee reads result files and logs up to 1 MB")
	// and a table on stdin is read as a file would be.
	stdin = strings.NewReader("concurrency,tok/s,TTFT p99 ms\n512,84788,677\n")
	s, err := File(Stdin, Options{Meta: Meta{GPUs: 4}})
	require.NoError(t, err)
	require.Equal(t, []string{"stdin"}, s.Sources)
	require.Equal(t, 21197.0, *s.Points[0].ThroughputPerGPU)

	// A regular file past the limit, whatever size it reports.
	big := writeTemp(t, "big.log", strings.Repeat("x", 2<<20))
	_, err = ReadLimited(big, 1<<20)
	require.EqualError(t, err, big+": is larger than 1 MB; knee reads result files and logs up to 1 MB")
	data, err := ReadLimited(big, 2<<20)
	require.NoError(t, err)
	require.Len(t, data, 2<<20)

	_, err = Load([]string{Stdin, Stdin}, Options{})
	require.ErrorContains(t, err, "given twice")
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestMeasurementCap(t *testing.T) {
	require.NoError(t, checkPoints("a.json", maxPoints))
	require.EqualError(t, checkPoints("a.json", maxPoints+1), "a.json: holds 100,001 measurements; knee analyses up to 100,000 (levels × repeats)")
	var b bytes.Buffer
	b.WriteString("concurrency,tok/s,TTFT p99 ms\n")
	for i := range maxPoints + 1 {
		fmt.Fprintf(&b, "%d,%d,5\n", i+1, 100+i)
	}
	_, err := File(writeTemp(t, "many.csv", b.String()), Options{})
	require.ErrorContains(t, err, "holds 100,001 measurements")
	require.Equal(t, "1,234,567", groupDigits(1234567))
	require.Equal(t, "12", groupDigits(12))
}

var _ io.Reader = zeros{}

func TestResultsFolderSweepJSONIsCheckedLikeAnyInput(t *testing.T) {
	for _, tc := range []struct{ name, body, field, msg string }{
		{"wrong type", `{"version": 1, "points": [{"concurrency": "4", "throughput_tok_s": 5, "ttft_ms": {"p99": 3}}]}`, "points.concurrency", "want a number, got a string"},
		{"duplicate key", `{"version": 1, "version": 1, "points": []}`, "version", `duplicate key "version"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "plan.json"), []byte(`{}`), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "sweep.json"), []byte(tc.body), 0o644))
			_, err := File(dir, Options{})
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			require.Equal(t, filepath.Join(dir, "sweep.json"), ie.File)
			require.Equal(t, tc.field, ie.Field)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestSweepJSONPointsCapBeforeDecoding(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"version": 1, "points": [`)
	for i := range maxPoints + 1 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"concurrency": %d, "throughput_tok_s": 1, "ttft_ms": {"p99": 1}}`, i+1)
	}
	b.WriteString("]}")
	p := writeTemp(t, "many.json", b.String())
	_, err := File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "points", ie.Field)
	require.Equal(t, maxPoints, ie.Line, "refused at the comma before the point past the cap")
	require.Contains(t, err.Error(), "holds more than 100,000 points")
}

func TestLargeYAMLIsRefusedBeforeParsing(t *testing.T) {
	body := "benchmarks:\n  - metrics:\n      output_tokens_per_second:\n        successful:\n          mean: 5\n    requests:\n" +
		strings.Repeat("      - {a: 1, b: 2, c: 3}\n", maxYAML/26+1)
	p := writeTemp(t, "big.yaml", body)
	_, err := File(p, Options{})
	require.EqualError(t, err, p+": is a YAML report larger than 16 MB (YAML is parsed with about fifty times its size in memory); save or convert it as JSON (yq -o json) to read it")
}
