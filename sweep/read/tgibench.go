package read

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Hugging Face text-generation-inference's text-generation-benchmark prints,
// on leaving its TUI, three markdown tables (benchmark/src/table.rs), which
// people paste into READMEs (inside ```bash fences too):
//   - parameters: | Parameter | Value | (Model, Sequence Length, Decode
//     Length, N Runs, Warmups, sampling settings);
//   - latency: | Step | Batch Size | Average | Lowest | Highest | p50 | p90 |
//     p99 |, cells such as "106.49 ms", for the steps Prefill, Decode (token)
//     and Decode (total);
//   - throughput: | Step | Batch Size | Average | Lowest | Highest |, cells
//     such as "9.40 tokens/secs", for the steps Prefill and Decode.
//
// tabled's Merge::vertical writes a step's name on its first row only, so
// the Step cell fills down. Each level is one static batch: the load is the
// batch size, the throughput the Decode tokens/secs (the batch's tokens per
// decode step over its latency), TTFT the Prefill latency (the batch's time
// to its first token, measured by the benchmark, not by a client) and ITL
// the Decode (token) latency. Prefill's "tokens/secs" is the batch size over
// the prefill latency (requests, not tokens) and is never read. TGI's pNN is
// the run at that position of the step's list of runs, which the TUI sorts
// only when it draws that batch's panel: for a batch never shown the list is
// in run order and "p90" may sit below "p50". A row whose Lowest ≤ p50 ≤ p90
// ≤ p99 ≤ Highest does not hold is such a one, and so is one whose p99 is
// not its Highest when the parameter table says there were under 100 runs
// (the sorted list's p99 is then its last run): its pNN are single runs, not
// percentiles, and are left out (mean, min and max stay). A batch that failed
// prints NaN, one that never ran prints empty cells: such a level is left
// out and named in a note.

const tgiBenchHarness = "text-generation-benchmark"

// The three tables, keyed by their header row as TGI prints it.
const (
	tgiParameters = "parameters"
	tgiLatency    = "latency"
	tgiThroughput = "throughput"
)

var tgiHeaders = map[string]string{
	"parameter|value": tgiParameters,
	"step|batch size|average|lowest|highest|p50|p90|p99": tgiLatency,
	"step|batch size|average|lowest|highest":             tgiThroughput,
}

// tgiUnits is the unit TGI prints in every value cell of a table.
var tgiUnits = map[string]string{tgiLatency: "ms", tgiThroughput: "tokens/secs"}

// tgiRow is one level of one step: its batch size and value cells
// (Average, Lowest, Highest, then p50, p90, p99 for latencies).
type tgiRow struct {
	batch float64
	cells []string
	line  int
}

// tgiReport is what the tables hold: the parameters, and each table's rows
// by step ("latency/Prefill", "throughput/Decode").
type tgiReport struct {
	params map[string]string
	steps  map[string][]tgiRow
	tables map[string]int
	// unsorted names the latency rows whose pNN were out of order.
	unsorted []string
}

// pipeCells splits a markdown row into its trimmed cells; ok is false for a
// line that is not one.
func pipeCells(line string) ([]string, bool) {
	t := strings.TrimSpace(line)
	if len(t) < 2 || t[0] != '|' {
		return nil, false
	}
	t = strings.TrimSuffix(t[1:], "|")
	cells := strings.Split(t, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells, true
}

// tgiHeaderKind names the TGI table whose header a row is, or "".
func tgiHeaderKind(cells []string) string {
	return tgiHeaders[strings.ToLower(strings.Join(cells, "|"))]
}

// isRuleRow reports whether a markdown row is the |---|---| rule.
func isRuleRow(cells []string) bool {
	return strings.Trim(strings.Join(cells, ""), "-: ") == ""
}

// sniffTGIBench matches text holding both TGI's latency and throughput
// table headers as the tool prints them: that signature is the tool's own.
// With one alone (a header edited, the other table left out) the text is
// read as any other table: half the signature would read the points without
// their TTFT.
func sniffTGIBench(data []byte) bool {
	seen := map[string]bool{}
	for _, l := range strings.Split(string(head(data)), "\n") {
		if cells, ok := pipeCells(l); ok {
			seen[tgiHeaderKind(cells)] = true
		}
	}
	return seen[tgiLatency] && seen[tgiThroughput]
}

// parseTGIBench reads the tables' rows; the Step cell fills down.
func parseTGIBench(path string, data []byte) (*tgiReport, error) {
	r := &tgiReport{params: map[string]string{}, steps: map[string][]tgiRow{}, tables: map[string]int{}}
	kind, step := "", ""
	for i, raw := range strings.Split(string(data), "\n") {
		cells, ok := pipeCells(raw)
		if !ok {
			kind = ""
			continue
		}
		if k := tgiHeaderKind(cells); k != "" {
			kind, step = k, ""
			if r.tables[k]++; r.tables[k] > 1 {
				return nil, inputerr.Errorf(path, "Step", i+1, "holds %d %s tables of %s: one run per input (cut the file to one)", r.tables[k], k, tgiBenchHarness)
			}
			continue
		}
		if kind == "" || isRuleRow(cells) {
			continue
		}
		if err := r.add(path, i+1, kind, &step, cells); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// add files one row of a table under its step.
func (r *tgiReport) add(path string, line int, kind string, step *string, cells []string) error {
	if kind == tgiParameters {
		if len(cells) == 2 {
			r.params[cells[0]] = cells[1]
		}
		return nil
	}
	want := 5
	if kind == tgiLatency {
		want = 8
	}
	if len(cells) != want {
		return inputerr.Errorf(path, "Step", line, "%s table row has %d cells, its header %d", kind, len(cells), want)
	}
	if cells[0] != "" {
		*step = cells[0]
	}
	if *step == "" {
		return inputerr.Errorf(path, "Step", line, "%s table row names no step and follows none", kind)
	}
	b, err := strconv.ParseFloat(cells[1], 64)
	if err != nil || b < 1 || b != math.Trunc(b) {
		return inputerr.Errorf(path, "Batch Size", line, "%q is not a batch size (a whole number of requests)", cells[1])
	}
	key := kind + "/" + *step
	for _, prev := range r.steps[key] {
		if prev.batch == b {
			return inputerr.Errorf(path, "Batch Size", line, "batch size %s of %s %s is printed twice (lines %d and %d)", cells[1], kind, *step, prev.line, line)
		}
	}
	r.steps[key] = append(r.steps[key], tgiRow{batch: b, cells: cells[2:], line: line})
	return nil
}

// tgiValue reads one value cell: a number and the table's unit. NaN and an
// empty cell are no value (ok false); another unit is refused, as knee
// cannot tell what it would mean.
func tgiValue(path string, line int, column, cell, unit string) (v float64, ok bool, err error) {
	num, got, _ := strings.Cut(strings.TrimSpace(cell), " ")
	if num == "" {
		return 0, false, nil
	}
	if got = strings.TrimSpace(got); got != "" && got != unit {
		return 0, false, inputerr.Errorf(path, column, line, "%q: %s prints this column in %s, not %s", cell, tgiBenchHarness, unit, got)
	}
	v, err = strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false, inputerr.Errorf(path, column, line, "%q is not a number", cell)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false, nil
	}
	return v, true, nil
}

// tgiDist reads a latency row: Average, Lowest, Highest, p50, p90, p99.
// sorted is false when the pNN were out of order and left out; fewRuns
// says the parameter table counts under 100 runs.
func tgiDist(path string, row tgiRow, fewRuns bool) (d sweep.Dist, sorted bool, err error) {
	slots := []**float64{&d.Mean, &d.Min, &d.Max, &d.P50, &d.P90, &d.P99}
	names := []string{"Average", "Lowest", "Highest", "p50", "p90", "p99"}
	for i, slot := range slots {
		v, ok, err := tgiValue(path, row.line, names[i], row.cells[i], tgiUnits[tgiLatency])
		if err != nil {
			return d, false, err
		}
		if ok {
			*slot = sweep.F(v)
		}
	}
	lastIsP99 := fewRuns && d.P99 != nil && d.Max != nil && *d.P99 != *d.Max
	if !inOrder(d.Min, d.P50, d.P90, d.P99, d.Max) || lastIsP99 {
		d.P50, d.P90, d.P99 = nil, nil, nil
		return d, false, nil
	}
	return d, true, nil
}

// inOrder reports whether the values given are non-decreasing (a missing
// one breaks nothing).
func inOrder(vs ...*float64) bool {
	var last *float64
	for _, v := range vs {
		if v == nil {
			continue
		}
		if last != nil && *v < *last {
			return false
		}
		last = v
	}
	return true
}

// byBatch indexes a step's rows by batch size.
func byBatch(rows []tgiRow) map[float64]tgiRow {
	m := make(map[float64]tgiRow, len(rows))
	for _, r := range rows {
		m[r.batch] = r
	}
	return m
}

func readTGIBenchFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	r, err := parseTGIBench(path, data)
	if err != nil {
		return nil, err
	}
	decode := r.steps[tgiThroughput+"/Decode"]
	if len(decode) == 0 {
		return nil, inputerr.Errorf(path, "throughput", 0, "no Decode rows of %s's throughput table (| Step | Batch Size | Average | Lowest | Highest |): its decode tokens/secs is the throughput", tgiBenchHarness)
	}
	points, failed, err := r.points(path, decode)
	if err != nil {
		return nil, err
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: tgiBenchHarness, Model: r.params["Model"], Sources: []string{path}, Points: points}
	s.Notes = append(s.Notes, path+": "+tgiBenchHarness+" tables: load = batch size (one static batch per level), throughput = Decode tokens/secs, TTFT = the Prefill step latency (the batch's time to its first token), ITL = Decode (token) latency")
	if len(failed) > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%s: batch sizes %s left out: %s printed NaN or nothing for them (the batch failed or never ran)", path, strings.Join(failed, ", "), tgiBenchHarness))
	}
	if len(r.unsorted) > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%s: p50/p90/p99 left out for %s: out of order, so taken from the runs unsorted (the TUI sorts a batch's runs only when it shows it), single runs rather than percentiles", path, strings.Join(r.unsorted, ", ")))
	}
	return s, nil
}

// points makes one point per Decode throughput row that holds a value;
// failed names the batch sizes that hold none.
func (r *tgiReport) points(path string, decode []tgiRow) (points []sweep.Point, failed []string, err error) {
	prefill, token := byBatch(r.steps[tgiLatency+"/Prefill"]), byBatch(r.steps[tgiLatency+"/Decode (token)"])
	workload := r.workload()
	runs, err := strconv.Atoi(r.params["N Runs"])
	fewRuns := err == nil && runs < 100
	for _, row := range decode {
		tput, ok, err := tgiValue(path, row.line, "Average", row.cells[0], tgiUnits[tgiThroughput])
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			failed = append(failed, numText(row.batch))
			continue
		}
		p := sweep.Point{Concurrency: row.batch, ThroughputTokS: tput, Workload: workload,
			Source: fmt.Sprintf("%s:%d (%s)", path, row.line, tgiBenchHarness)}
		if err := tgiLatencies(path, &p, prefill, token, fewRuns, &r.unsorted); err != nil {
			return nil, nil, err
		}
		points = append(points, p)
	}
	sort.SliceStable(points, func(i, j int) bool { return points[i].Concurrency < points[j].Concurrency })
	return points, failed, nil
}

// tgiLatencies fills a point's TTFT (the Prefill row) and ITL (the Decode
// (token) row) of its batch size, naming in unsorted the rows whose pNN were
// left out.
func tgiLatencies(path string, p *sweep.Point, prefill, token map[float64]tgiRow, fewRuns bool, unsorted *[]string) error {
	for _, m := range []struct {
		rows map[float64]tgiRow
		out  *sweep.Dist
		step string
	}{{prefill, &p.TTFT, "Prefill"}, {token, &p.ITL, "Decode (token)"}} {
		row, ok := m.rows[p.Concurrency]
		if !ok {
			continue
		}
		d, sorted, err := tgiDist(path, row, fewRuns)
		if err != nil {
			return err
		}
		if !sorted {
			*unsorted = append(*unsorted, fmt.Sprintf("%s batch %s", m.step, numText(row.batch)))
		}
		*m.out = d
	}
	return nil
}

// workload is what every batch was sent, from the parameter table: the
// model, the input tokens (Sequence Length) and the output tokens per
// request (Decode Length).
func (r *tgiReport) workload() map[string]string {
	w := map[string]string{}
	for key, name := range map[string]string{"Model": "model", "Sequence Length": "sequence_length", "Decode Length": "decode_length"} {
		if v := r.params[key]; v != "" {
			w[name] = v
		}
	}
	if len(w) == 0 {
		return nil
	}
	return w
}
