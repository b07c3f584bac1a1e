package read

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep"
)

// The corpus tables were read right by rules made on them; a new table
// writes the same results in another order, language or layout. Each
// corpus entry read right with no flag is rewritten by one perturbation at
// a time (perturbations_test.go) that a perf engineer reads the same way,
// and must then read the same points again. The counts are pinned: a rule
// that generalises moves them up, one that breaks moves them down.

type perturbCount struct{ right, wrong, refused int }

// perturbPinned are the counts per perturbation of a plain run (1 pair in
// perturbSample): right, wrong, refused. Wrong must stay at 0.
var perturbPinned = map[string]perturbCount{
	"identity (re-rendered)":        {425, 0, 0},
	"reverse rows":                  {427, 0, 15},
	"shuffle columns":               {398, 0, 11},
	"+ GPU temp (°C) column":        {398, 0, 13},
	"+ memory (GiB) column":         {384, 0, 23},
	"+ model column":                {409, 0, 17},
	"+ success % column":            {401, 0, 16},
	"+ row number column first":     {346, 0, 12},
	"+ date column":                 {410, 0, 15},
	"+ requests column":             {316, 0, 16},
	"+ duration (s) column":         {297, 0, 21},
	"+ error rate column":           {417, 0, 19},
	"+ total tok/s beside output":   {39, 0, 0},
	"p50 → median":                  {81, 0, 5},
	"p99 → 99th percentile":         {58, 0, 3},
	"mean → avg":                    {61, 0, 0},
	"median → P50":                  {37, 0, 0},
	"TTFT ms → s":                   {51, 0, 0},
	"unit header → cells":           {152, 0, 2},
	"unit cells → header":           {107, 0, 3},
	"prose above":                   {449, 0, 4},
	"prose below":                   {441, 0, 0},
	"no outer pipes":                {351, 0, 8},
	"as pandas print(df)":           {287, 0, 24},
	"as console columns":            {272, 0, 19},
	"bold best row":                 {198, 0, 0},
	"bold headers":                  {418, 0, 1},
	"numbers as `code`":             {366, 0, 1},
	"+ status column (✅)":           {424, 0, 23},
	"+ Δ vs previous row column":    {190, 0, 0},
	"+ average row":                 {367, 0, 14},
	"load cells c=N":                {188, 0, 0},
	"load cells N users":            {172, 0, 0},
	"load cells N 并发":               {178, 0, 0},
	"TTFT ms → cells in s":          {31, 0, 0},
	"thousands separators":          {98, 0, 0},
	"in a fenced code block":        {393, 0, 3},
	"quoted in a comment (> )":      {392, 0, 3},
	"indented in a list item":       {403, 0, 4},
	"two small tables before":       {382, 0, 27},
	"heading and numbers before":    {412, 0, 17},
	"notes list after":              {421, 0, 1},
	"two-row header":                {311, 0, 9},
	"header arrows (⬆/⬇)":           {317, 0, 2},
	"abbreviated headers":           {191, 0, 0},
	"load header names a unit only": {221, 0, 2},
	"mixed-language headers":        {270, 0, 0},
	"cells value ± spread":          {229, 0, 0},
	"cells value range":             {26, 0, 183},
	"cells (+N%) after value":       {241, 0, 0},
	"footnote marks":                {217, 0, 3},
	"unit in first cell only":       {145, 0, 0},
	"+ ✅/❌ column":                  {400, 0, 22},
	"best marked with emoji":        {187, 0, 0},
	"header repeated mid-table":     {295, 0, 2},
	"dashes row mid-table":          {307, 0, 4},
	"warm-up first row":             {182, 0, 0},
	"load → another name":           {239, 0, 0},
	"tok/s → another name":          {98, 0, 0},
	"TTFT → another name":           {181, 0, 0},
	"unit (x) → another style":      {120, 0, 0},
}

type perturbOutcome struct {
	perturbation, entry, outcome, detail string
}

// perturbSample is the share of (entry, perturbation) pairs a plain run
// reads, 1 in perturbSample, chosen by a hash of the pair: every pair
// reads in about 20 ms, and all of them would take minutes. -short reads 1
// in perturbShortSample; KNEE_PERTURB_ALL=1 reads every pair with every
// name as a perturbation of its own (the table the issue reports).
const (
	perturbSample      = 3
	perturbShortSample = 8
)

func TestCorpusPerturbations(t *testing.T) {
	all := os.Getenv("KNEE_PERTURB_ALL") != ""
	sample := perturbSample
	switch {
	case all:
		sample = 1
	case testing.Short():
		sample = perturbShortSample
	}
	entries := perturbableEntries(t)
	require.GreaterOrEqual(t, len(entries), 100)
	set := perturbationSet(all)
	counts, bad := runPerturbations(t, entries, set, sample)
	for _, o := range bad {
		t.Logf("%s\t%s\t%s\t%s", o.perturbation, o.outcome, o.entry, o.detail)
	}
	t.Logf("%d entries read right with no flag; 1 in %d pairs read", len(entries), sample)
	for _, p := range set {
		c := counts[p.name]
		t.Logf("%-30s applies %3d: right %3d, wrong %2d, refused %3d", p.name, c.right+c.wrong+c.refused, c.right, c.wrong, c.refused)
	}
	for _, p := range set {
		require.Zero(t, counts[p.name].wrong, "%s reads an entry wrong", p.name)
		if sample == perturbSample {
			require.Equal(t, perturbPinned[p.name], counts[p.name], p.name)
		}
	}
}

// runPerturbations reads 1 in sample of the pairs of entries and
// perturbations, on every CPU; it counts the outcomes per perturbation and
// returns those not right, sorted.
func runPerturbations(t *testing.T, entries []perturbEntry, set []perturbation, sample int) (map[string]perturbCount, []perturbOutcome) {
	dir := t.TempDir()
	jobs := make(chan perturbJob)
	results := make(chan perturbOutcome)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for j := range jobs {
				if o, ok := j.run(filepath.Join(dir, fmt.Sprint(w))); ok {
					results <- o
				}
			}
		}(w)
	}
	go func() {
		for _, e := range entries {
			for _, p := range set {
				if pairHash(e.name, p.name)%uint64(sample) == 0 {
					jobs <- perturbJob{entry: e, p: p}
				}
			}
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	counts := map[string]perturbCount{}
	var bad []perturbOutcome
	for o := range results {
		c := counts[o.perturbation]
		switch o.outcome {
		case "right":
			c.right++
		case "wrong":
			c.wrong++
			bad = append(bad, o)
		default:
			c.refused++
			bad = append(bad, o)
		}
		counts[o.perturbation] = c
	}
	sort.Slice(bad, func(i, j int) bool {
		return bad[i].perturbation+bad[i].entry < bad[j].perturbation+bad[j].entry
	})
	return counts, bad
}

// pairHash seeds a pair's sample and its perturbation's choices.
func pairHash(entry, perturbation string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(entry + "\x00" + perturbation))
	return h.Sum64()
}

// perturbEntry is a corpus entry read right with no flag, with the points
// it reads.
type perturbEntry struct {
	name, file string
	data       []byte
	points     string
	stats      string
	expected   corpusExpected
}

func perturbableEntries(t *testing.T) []perturbEntry {
	var out []perturbEntry
	for _, name := range corpusEntries(t) {
		if _, flagged := corpusFlags[name]; flagged {
			continue
		}
		e := readCorpusExpected(t, name)
		ext := filepath.Ext(e.DataFile)
		if ext != ".md" && ext != ".csv" && ext != ".txt" {
			continue
		}
		file := fixtures.Path(filepath.Join("corpus", name, e.DataFile))
		s, err := Load([]string{file}, Options{Judge: corpusJudge})
		if err != nil {
			continue
		}
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		out = append(out, perturbEntry{name: name, file: filepath.Base(file), data: data, points: pointsRead(s), stats: statsRead(s), expected: e})
	}
	return out
}

// inOneTranscribedSeries: a reading of other points is still right when
// each is a row of the source (load, throughput, TTFT as transcribed) and
// all lie in one series: a table of several curves read with no flag reads
// one of them, and which one may follow the rows' order, as
// hack/corpus-measure.py judges it.
func inOneTranscribedSeries(e corpusExpected, s *sweep.Sweep) bool {
	holds := map[string]int{}
	for _, p := range s.Points {
		seen := map[string]bool{}
		for _, x := range e.Points {
			key := fmt.Sprint(x.Series)
			if !seen[key] && transcribedRow(x.Load, x.Throughput, x.TTFT, p) {
				seen[key] = true
				holds[key]++
			}
		}
	}
	for _, n := range holds {
		if n == len(s.Points) {
			return true
		}
	}
	return false
}

func transcribedRow(load any, tput *float64, ttft map[string]*float64, p sweep.Point) bool {
	at := p.Concurrency
	if p.RequestedRate != nil {
		at = *p.RequestedRate
	}
	xl, ok := load.(float64)
	if !ok || tput == nil || !sameValue(xl, at) || !sameValue(*tput, p.ThroughputTokS) {
		return false
	}
	read := map[string]*float64{"p50": p.TTFT.P50, "p90": p.TTFT.P90, "p99": p.TTFT.P99, "mean": p.TTFT.Mean, "unlabeled": p.TTFT.Mean}
	for stat, v := range ttft {
		if got := read[stat]; v != nil && got != nil && !sameValue(*v, *got) {
			return false
		}
	}
	return true
}

// statsRead: which TTFT statistics the points hold. A reading of another
// curve must hold the same ones: one that lost a column is wrong.
func statsRead(s *sweep.Sweep) string {
	seen := map[string]bool{}
	for _, p := range s.Points {
		seen[fmt.Sprint(p.TTFT.P50 != nil, p.TTFT.Mean != nil, p.TTFT.P90 != nil, p.TTFT.P99 != nil)] = true
	}
	var keys []string
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ";")
}

// pointsRead: the points a reading holds, in an order that does not depend
// on the rows' order.
func pointsRead(s *sweep.Sweep) string {
	var keys []string
	f := func(v *float64) string {
		if v == nil {
			return "-"
		}
		return fmt.Sprintf("%.6g", *v)
	}
	for _, p := range s.Points {
		keys = append(keys, fmt.Sprintf("c=%.6g rate=%s tok/s=%.6g ttft p50=%s mean=%s p90=%s p99=%s",
			p.Concurrency, f(p.RequestedRate), p.ThroughputTokS, f(p.TTFT.P50), f(p.TTFT.Mean), f(p.TTFT.P90), f(p.TTFT.P99)))
	}
	sort.Strings(keys)
	return strings.Join(keys, "\n")
}

type perturbJob struct {
	entry perturbEntry
	p     perturbation
}

func (j perturbJob) run(dir string) (perturbOutcome, bool) {
	e := j.entry
	isCSV := filepath.Ext(e.file) == ".csv"
	parsed, ok := parsePerturbable(e.data, isCSV, e.expected.Transposed)
	if !ok {
		return perturbOutcome{}, false
	}
	rng := rand.New(rand.NewSource(int64(pairHash(e.name, j.p.name) >> 1)))
	q := parsed.clone()
	if !j.p.apply(&q, rng) {
		return perturbOutcome{}, false
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return perturbOutcome{j.p.name, e.name, "refused", err.Error()}, true
	}
	file := filepath.Join(dir, e.file)
	if err := os.WriteFile(file, q.text(), 0o644); err != nil {
		return perturbOutcome{j.p.name, e.name, "refused", err.Error()}, true
	}
	s, err := Load([]string{file}, Options{Judge: corpusJudge})
	o := perturbOutcome{perturbation: j.p.name, entry: e.name}
	switch {
	case err != nil:
		o.outcome, o.detail = "refused", strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
	case pointsRead(s) != e.points && (statsRead(s) != e.stats || !inOneTranscribedSeries(e.expected, s)):
		o.outcome, o.detail = "wrong", fmt.Sprintf("read %d points, first %q; expected first %q", len(s.Points), firstLine(pointsRead(s)), firstLine(e.points))
	default:
		o.outcome = "right"
	}
	return o, true
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
