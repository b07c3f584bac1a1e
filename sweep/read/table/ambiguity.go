package table

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/vocab"
)

// The ambiguity pass. Two columns that could each hold one value (two token
// rates of one benchmark, a median beside a mean) are a question only when
// the answer depends on it. The column passes (resolve.go) therefore do not
// refuse such a pair outright: they return an *ambiguous refusal carrying the
// candidates, and Decide reads the input once per candidate (as
// --column KIND=HEADER would) and asks the analysis (a sweep.Judge) about
// each reading. One answer is read, with a note naming the alternatives;
// different answers are refused, saying how they differ. Without a Judge
// (a reader used on its own, without the analysis) the refusal stands as it
// always did.

// maxCandidates bounds the readings one ambiguity costs, and
// maxAmbiguityDepth the choices decided inside one another: an input costs
// at most 4 + 4² + 4³ readings, whatever it holds; past that the choice is
// refused with its flag, as without the pass.
const (
	maxCandidates     = 4
	maxAmbiguityDepth = 3
)

// ambiguous is a refusal between candidate columns of one kind.
type ambiguous struct {
	err     error    // the refusal when the pass cannot decide
	kind    string   // the --column kind the candidates compete for
	headers []string // the candidates, the one a perf engineer would pick first
}

func (a *ambiguous) Error() string { return a.err.Error() }
func (a *ambiguous) Unwrap() error { return a.err }

// candidateReading is one candidate's reading and the analysis's answer.
type candidateReading struct {
	header string
	s      *sweep.Sweep
	answer sweep.Answer
	err    error
}

// Reread reads the whole input again with meta, the user's choices with
// one candidate added, one choice deeper than the reading refused; it
// returns the reading and that reading as the commands will see it (the
// user's metadata merged, the sweep checked), which is what is judged.
type Reread func(meta Meta) (reading, full *sweep.Sweep, err error)

// Decide is the ambiguity pass over a reader's refusal err, whichever reader
// refused (a table's columns, the series of a log of vLLM results): an
// *ambiguous refusal is read once per candidate and judged; any other
// error, a choice the user made already, or depth choices nested already
// (maxAmbiguityDepth) leaves err as it is.
func Decide(path string, err error, meta Meta, judge sweep.Judge, depth int, reread Reread) (*sweep.Sweep, error) {
	var amb *ambiguous
	if judge == nil || !errors.As(err, &amb) {
		return nil, err
	}
	if _, set := meta.Columns[amb.kind]; set || amb.kind == seriesKind && meta.Series != "" || len(amb.headers) < 2 || depth >= maxAmbiguityDepth {
		return nil, err
	}
	reads := make([]candidateReading, 0, len(amb.headers))
	for _, h := range amb.headers {
		reads = append(reads, readCandidate(meta, judge, reread, amb.kind, h))
	}
	for _, c := range reads {
		if c.err != nil {
			return nil, failedCandidates(reads, err)
		}
	}
	if amb.kind == seriesKind {
		if s, ok := onlyCurve(path, reads); ok {
			return s, nil
		}
	}
	if !sameAnswers(reads) {
		if amb.kind == seriesKind {
			return nil, curves(disagreement(err, amb.kind, reads), amb.headers)
		}
		return nil, disagreement(err, amb.kind, reads)
	}
	return agreed(path, amb.kind, reads), nil
}

// agreed is the reading of candidates that give one answer: the first,
// or the decode curve among curves (decodeFirst), with a note naming the
// others.
func agreed(path, kind string, reads []candidateReading) *sweep.Sweep {
	if kind == seriesKind {
		reads = decodeFirst(reads)
	}
	s := reads[0].s
	s.Notes = append(s.Notes, agreementNote(path, kind, reads))
	return s
}

// sameAnswers: every candidate's reading gives the first one's answer.
func sameAnswers(reads []candidateReading) bool {
	for _, c := range reads[1:] {
		if !c.answer.Same(reads[0].answer) {
			return false
		}
	}
	return true
}

// readCandidate reads the input with --column kind=header on top of the
// user's flags, and judges the reading as the commands will see it.
func readCandidate(meta Meta, judge sweep.Judge, reread Reread, kind, header string) candidateReading {
	m := meta
	m.Columns = map[string]string{}
	for k, v := range meta.Columns {
		m.Columns[k] = v
	}
	if kind == seriesKind {
		m.Series = header
	} else {
		m.Columns[kind] = header
	}
	c := candidateReading{header: header}
	s, full, err := reread(m)
	if err != nil {
		c.err = err
		return c
	}
	c.s = s
	c.answer, c.err = judge(full)
	return c
}

// failedCandidates: when every candidate is refused for one reason that is
// not this choice (the table holds several series, a unit is missing), that
// refusal is the one to show: its flag is the next step, and the pass runs
// again once it is given. Anything else keeps the ambiguity's refusal, so a
// candidate that cannot be read never wins by default.
func failedCandidates(reads []candidateReading, orig error) error {
	first := reads[0].err
	if first == nil {
		return orig
	}
	var ie *inputerr.Error
	if !errors.As(first, &ie) {
		return first // a runtime failure is not the table's fault
	}
	for _, c := range reads[1:] {
		if c.err == nil || c.err.Error() != first.Error() {
			return orig
		}
	}
	return first
}

// disagreement is the refusal when the candidates' answers differ: each
// reading's knee and operating level, and the flag that picks the first.
func disagreement(orig error, kind string, reads []candidateReading) error {
	file, field, line := "", "", 0
	var ie *inputerr.Error
	if errors.As(orig, &ie) {
		file, field, line = ie.File, ie.Field, ie.Line
	}
	parts := make([]string, len(reads))
	levels := verdictsApart(reads)
	for i, c := range reads {
		parts[i] = fmt.Sprintf("with %q the knee is %s (%s%s)", c.header, c.answer.Knee, operatingWords(c.answer), levelWords(c.answer, levels))
	}
	return inputerr.Errorf(file, field, line, "%s, and the choice changes knee's answer: %s; knee does not guess which: pick one with %s",
		candidatesWords(kind, reads), strings.Join(parts, "; "), flagFor(kind, reads[0].header))
}

func agreementNote(path, kind string, reads []candidateReading) string {
	others := make([]string, 0, len(reads)-1)
	for _, c := range reads[1:] {
		others = append(others, flagFor(kind, c.header))
	}
	a := reads[0].answer
	if kind == seriesKind {
		return fmt.Sprintf("%s: the curves %s give one answer (the knee is %s, %s, the same verdict at every level): read %q; %s reads another",
			path, andQuoted(headersOf(reads)), a.Knee, operatingWords(a), reads[0].header, strings.Join(others, " or "))
	}
	return fmt.Sprintf("%s: columns %s could each be the %s and give one answer (the knee is %s, %s, the same verdict at every level): read %q; %s reads the other",
		path, andQuoted(headersOf(reads)), kind, a.Knee, operatingWords(a), reads[0].header, strings.Join(others, " or "))
}

// seriesKind is the ambiguity between the curves a table holds (--series).
const seriesKind = "series"

// AmbiguousSeries is a refusal between the curves names: the pass reads
// each when there are few enough to read them all, else the refusal stands
// (an answer that agrees over some curves says nothing of the rest), naming
// the curves for a command that answers each (CurveNames).
func AmbiguousSeries(err error, names []string) error {
	if len(names) < 2 || len(names) > maxCandidates {
		return curves(err, names)
	}
	return &ambiguous{err: err, kind: seriesKind, headers: names}
}

// candidatesWords names the candidates of a disagreement.
func candidatesWords(kind string, reads []candidateReading) string {
	if kind == seriesKind {
		return "the table holds the curves " + andQuoted(headersOf(reads))
	}
	return fmt.Sprintf("columns %s both read as %s", andQuoted(headersOf(reads)), kind)
}

// flagFor is the flag that reads candidate header.
func flagFor(kind, header string) string {
	if kind == seriesKind {
		return fmt.Sprintf("--series %q", header)
	}
	return fmt.Sprintf("--column %s=%q", kind, header)
}

func operatingWords(a sweep.Answer) string {
	if a.Operating == nil {
		return "no level recommended"
	}
	return "recommended " + fmtNum(*a.Operating)
}

// andQuoted writes `"A" and "B"`, `"A", "B" and "C"`.
func andQuoted(hs []string) string {
	q := make([]string, len(hs))
	for i, h := range hs {
		q[i] = fmt.Sprintf("%q", h)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

func headersOf(reads []candidateReading) []string {
	out := make([]string, len(reads))
	for i, c := range reads {
		out[i] = c.header
	}
	return out
}

// rankCandidates orders the headers of columns that compete for one kind
// the way a perf engineer reads them: for a token rate, a header naming
// the node's throughput before one naming a speed (a steady-state or
// per-something decode speed, which leaves out what the run as a whole
// delivered), then the output (generation, decode) rate first, the output
// of all requests together ("overall output") before an unqualified one,
// and a total or an input rate last, since knee's throughput is output tokens;
// otherwise table order. Ties keep the order given, which the caller
// sets to put the columns the author highlighted first.
func rankCandidates(kind string, headers []string) []string {
	out := slices.Clone(headers)
	if kind == "concurrency" {
		slices.SortStableFunc(out, func(a, b string) int { return workerRank(a) - workerRank(b) })
		return capCandidates(out)
	}
	if kind != "throughput" && kind != "throughput_per_gpu" {
		slices.SortStableFunc(out, func(a, b string) int { return statNamedRank(kind, a) - statNamedRank(kind, b) })
		return capCandidates(out)
	}
	slices.SortStableFunc(out, func(a, b string) int {
		return speedRank(a)*8 + serverRank(a)*3 + rateRank(a) - speedRank(b)*8 - serverRank(b)*3 - rateRank(b)
	})
	return capCandidates(out)
}

// serverRank is 1 for a rate the server reported of itself
// ("server_gen_throughput", "engine tok/s", from its metrics) beside the
// benchmark's own: the client measured what it was served over the run,
// the figure the table's benchmark stands for; else 0.
func serverRank(h string) int {
	if anyWord(headerTokens(strings.ToLower(h)), []string{"server", "engine", "prometheus", "metrics"}) {
		return 1
	}
	return 0
}

// statNamedRank is 0 for a header that names the statistic a latency kind
// holds ("ttft_mean_ms" for ttft_mean), 1 for one read so by assumption
// ("ttft_single_ms", which names none): the column the table itself calls
// the mean is the one a perf engineer takes as the mean.
func statNamedRank(kind, h string) int {
	_, stat, ok := strings.Cut(kind, "_")
	if !ok || classify(h).kind != colLatency {
		return 0
	}
	if statOf(headerTokens(strings.ToLower(stripMarkup(h)))) == stat && !classify(h).assumed {
		return 0
	}
	return 1
}

// speedWords name a rate measured over part of the run: a decode speed,
// a steady-state rate. ("per" is left: "tokens per second" is a unit.)
var speedWords = []string{"speed", "steady", "velocity"}

// speedRank is 1 for a header that names a speed and not the node's
// throughput (`Steady-State Decode Speed`), or a phase's rate beside the
// run's (`Decode tok/s` beside `Output tok/s`: the decode phase's tokens
// over the decode phase's time, which leaves the prefill out), else 0.
func speedRank(h string) int {
	t := headerTokens(vocab.Translate(strings.ToLower(h)))
	node := anyWord(t, []string{"throughput", "aggregate"})
	if anyWord(t, speedWords) && !node || anyWord(t, []string{"decode", "decoding"}) && !node && !anyWord(t, []string{"output", "out"}) {
		return 1
	}
	return 0
}

// workerWords name a server's or client's pool of workers ("n_threads",
// "workers"): a setting of how the load is served, which a column that
// names the requests in flight ("concurrency") outranks as the load.
var workerWords = []string{"threads", "thread", "workers", "worker", "procs", "processes"}

// workerRank is 1 for a header naming a pool of workers, else 0.
func workerRank(h string) int {
	if anyWord(headerTokens(strings.ToLower(h)), workerWords) {
		return 1
	}
	return 0
}

func capCandidates(hs []string) []string {
	if len(hs) > maxCandidates {
		return hs[:maxCandidates]
	}
	return hs
}

var (
	outputRateWords = []string{"output", "out", "gen", "generation", "generated", "decode", "tg", "completion", "completions"}
	otherRateWords  = []string{"total", "combined", "overall", "sum", "input", "prompt", "pp", "prefill"}
)

// aggregateWords name a rate summed over the run's requests: beside
// per-request rates, an output rate they qualify is the node's.
var aggregateWords = []string{"overall", "aggregate", "total", "combined", "sum"}

// wholePathWords name the rate of the whole serving path ("PD 端到端
// output tok/s", "system output tok/s") beside one stage's ("D 端 output
// tok/s", the decode side of a disaggregated pair): what a client gets is
// the end-to-end rate, which is the node's; a stage's rate leaves out the
// time its requests spent in the other stage.
var wholePathWords = []string{"e2e", "system", "node", "cluster"}

func rateRank(h string) int {
	t := headerTokens(vocab.Translate(strings.ToLower(h)))
	switch {
	case endToEnd(t) && !anyWord(t, otherRateWords):
		// "End-to-end throughput" beside "Decode throughput": the run's
		// output over its whole time, prefill included, is what the
		// client got; the decode phase's rate leaves the prefill out.
		return -1
	case anyWord(t, outputRateWords) && (anyWord(t, aggregateWords) || anyWord(t, wholePathWords)):
		// "overall_output_tps", "Total output tok/s": the output of
		// every request together, before an unqualified output rate that
		// may be one request's ("output_throughput_tps" beside
		// "per_request_output_tps").
		return -1
	case anyWord(t, outputRateWords):
		return 0
	case anyWord(t, otherRateWords):
		return 2
	}
	return 1
}

// endToEnd: the tokens name the whole path, "end-to-end" ("end", "to",
// "end" once tokenised) or e2e.
func endToEnd(t []string) bool {
	for i := 0; i+2 < len(t); i++ {
		if t[i] == "end" && t[i+1] == "to" && t[i+2] == "end" {
			return true
		}
	}
	return anyWord(t, []string{"e2e", "endtoend"})
}

func anyWord(tokens, words []string) bool {
	for _, w := range tokens {
		if slices.Contains(words, w) {
			return true
		}
	}
	return false
}

// ambiguousColumns is the refusal of columns hs, which all read as kind.
// Only value columns enter the pass: a choice of the load (two concurrency
// columns) changes what the table is, not one number of it.
func ambiguousColumns(err error, kind string, hs []string) error {
	switch kind {
	case "concurrency", "per_gpu", "requested_rate", "gpus", "requests", "failures", "duration":
		return err
	}
	return &ambiguous{err: err, kind: kind, headers: rankCandidates(kind, hs)}
}
