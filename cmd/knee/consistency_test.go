package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// TestOneOutputNeverContradictsItself renders knee find (and knee baseline)
// on every input of fixtures/ that find reads, and fails when two lines of
// one output disagree (issue 31 item 3), or baseline's knee and proposal
// differ from find's on the same input. Each rule below was seen broken:
//
//   - a note or next line names a knee status the knee line does not give
//     ("4 valid levels: the knee is bracketed" beside not_reached);
//   - a next line narrows a bracket the knee line does not state ("narrow
//     the knee between 128 and 256" beside "at or below 256/GPU (nothing
//     measured lower bounds it)");
//   - "within a ladder step" for a fitted point further out than the
//     ladder's step (a fitted 621 against a bracket of 160–256);
//   - a queueing sentence with fewer than one request waiting ("about 0
//     requests waited" at a level whose throughput rose 38 → 65 tok/s);
//   - a TTFT quoted without its statistic (mean TTFTs read as the table's
//     p50 and p99);
//   - the physical bound saying "the KV cache is what runs out" where the
//     level above the knee names another limit;
//   - the knee's estimate elsewhere than the engine's cap, measured at the
//     operating point ("estimate ≈45" beside "the engine ran 32/GPU, its
//     cap … added requests only wait");
//   - the recommended level with a verdict that cannot be recommended;
//   - goodput printed "≥0".
//
// The search's last line against find's next lines is
// knee/search.TestSearchEndAndFindNextAgree.
func TestOneOutputNeverContradictsItself(t *testing.T) {
	inputs := findableFixtures(t)
	require.Greater(t, len(inputs), 150, "fixtures find reads")
	judged := 0
	for _, in := range inputs {
		args := append([]string{"find", in.path}, in.flags...)
		code, js, errs := runKneeCLI(t, append(args, "-o", "json")...)
		require.Equal(t, 0, code, "%s: %s", in, errs)
		var r findOutput
		require.NoError(t, json.Unmarshal([]byte(js), &r), in.String())
		for _, why := range r.contradictions() {
			t.Errorf("%s: %s", in, why)
		}
		_, text, _ := runKneeCLI(t, append(args, "-o", "table")...)
		require.NotContains(t, text, "≥0 ", "%s: goodput printed ≥0", in)
		// knee baseline on the same input states find's knee and proposes
		// at find's recommendation, or refuses where find has none.
		bargs := append(append([]string{"baseline", in.path}, in.flags...), "-o", "json")
		if code, bjs, _ := runKneeCLI(t, bargs...); code == exitOK || code == exitRefused {
			var b struct {
				Status string   `json:"status"`
				At     *float64 `json:"at_per_gpu"`
				Knee   struct {
					Status string   `json:"status"`
					Low    *float64 `json:"low_per_gpu"`
					High   *float64 `json:"high_per_gpu"`
				} `json:"knee"`
			}
			require.NoError(t, json.Unmarshal([]byte(bjs), &b), in.String())
			if b.Knee.Status != r.Knee.Status || ptrVal(b.Knee.Low) != ptrVal(r.Knee.Low) || ptrVal(b.Knee.High) != ptrVal(r.Knee.High) {
				t.Errorf("%s: find's knee is %s %v–%v, baseline's %s %v–%v", in, r.Knee.Status, ptrVal(r.Knee.Low), ptrVal(r.Knee.High), b.Knee.Status, ptrVal(b.Knee.Low), ptrVal(b.Knee.High))
			}
			if b.Status == "proposed" && (r.Recommended == nil || b.At == nil || *b.At != *r.Recommended) {
				t.Errorf("%s: baseline proposes at %v, find recommends %v", in, ptrVal(b.At), ptrVal(r.Recommended))
			}
		}
		judged++
	}
	t.Logf("%d outputs judged", judged)
}

// findInput is one fixture find reads, with the flags its refusal named.
type findInput struct {
	path  string
	flags []string
}

func (f findInput) String() string {
	return strings.TrimSpace(strings.TrimPrefix(f.path, fixtures.Path(".")+"/") + " " + strings.Join(f.flags, " "))
}

// findableFixtures are the files and folders of fixtures/ (two levels down,
// and each run-* folder) that knee find reads, each with the flags its
// refusals name (as hack/corpus-measure.py follows them, at most three), and
// the H200 test bed again under two SLOs, for goodput.
func findableFixtures(t *testing.T) []findInput {
	t.Helper()
	root := fixtures.Path(".")
	var paths []string
	tops, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, top := range tops {
		if !top.IsDir() || top.Name() == "heldout" {
			// heldout/ is measured once by hack/corpus-measure.py, not
			// pinned: its tables join the checked fixtures in corpus/.
			continue
		}
		entries, err := os.ReadDir(filepath.Join(root, top.Name()))
		require.NoError(t, err)
		for _, e := range entries {
			p := filepath.Join(root, top.Name(), e.Name())
			if data := corpusDataFile(p); data != "" {
				p = data // a corpus entry: its source file, as expected.json names it
			}
			paths = append(paths, p)
			if !e.IsDir() {
				continue
			}
			runs, _ := filepath.Glob(filepath.Join(p, "run-*"))
			for _, r := range runs {
				if fi, err := os.Stat(r); err == nil && fi.IsDir() {
					paths = append(paths, r)
				}
			}
		}
	}
	flagRe := regexp.MustCompile(`(--series "[^"]+"|--column [a-z_0-9]+="[^"]+"|--unit "[^"=]+=[^"]+"|--gpus \d+|--workload \S+)`)
	var out []findInput
	for _, p := range paths {
		var flags []string
		for range 4 {
			code, _, errs := runKneeCLI(t, append([]string{"find", p, "-o", "json"}, flags...)...)
			if code == 0 {
				out = append(out, findInput{p, flags})
				break
			}
			m := flagRe.FindString(errs)
			if code != exitUsage || m == "" {
				break
			}
			name, val, _ := strings.Cut(m, " ")
			flags = append(flags, name, strings.Trim(strings.TrimSuffix(val, ")"), `"`))
		}
	}
	bed := fixtures.Path("testbed/h200-cbserve-0.6b")
	out = append(out, findInput{bed, []string{"--slo", "ttft_p99=500ms,tpot_p50=120ms"}},
		findInput{bed, []string{"--slo", "ttft_p99=1s,tpot_p90=200ms"}})
	return out
}

// corpusDataFile is the file a corpus entry's expected.json names, or "".
func corpusDataFile(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "expected.json"))
	if err != nil {
		return ""
	}
	var e struct {
		DataFile string `json:"data_file"`
	}
	if json.Unmarshal(b, &e) != nil || e.DataFile == "" {
		return ""
	}
	return filepath.Join(dir, e.DataFile)
}

// findOutput is what the rules read of find -o json.
type findOutput struct {
	Knee struct {
		PerGPU *float64 `json:"per_gpu"`
		Status string   `json:"status"`
		Low    *float64 `json:"low_per_gpu"`
		High   *float64 `json:"high_per_gpu"`
		Detail string   `json:"detail"`
	} `json:"knee"`
	Recommended *float64 `json:"recommended_per_gpu"`
	Points      []struct {
		PerGPU   float64  `json:"per_gpu"`
		Verdict  string   `json:"verdict"`
		TTFTP50  *float64 `json:"ttft_p50_ms"`
		TTFTP99  *float64 `json:"ttft_p99_ms"`
		Details  []string `json:"details"`
		Throughp float64  `json:"throughput_tok_s"`
		Limit    *struct {
			Kind string `json:"kind"`
		} `json:"limit"`
	} `json:"points"`
	Bound *struct {
		Detail string `json:"detail"`
	} `json:"bound"`
	QueueOnset *struct {
		PerGPU float64 `json:"per_gpu"`
		From   string  `json:"from"`
	} `json:"queue_onset"`
	Reason string   `json:"recommendation_reason"`
	Hints  []string `json:"hints"`
	Notes  []string `json:"notes"`
}

var (
	statusWords = map[string]string{
		"the knee is bracketed":   "bracketed",
		"the knee is located":     "located",
		"the knee is not reached": "not_reached",
	}
	narrowRe    = regexp.MustCompile(`to narrow the knee between ([\d.,]+) and ([\d.,]+)`)
	ladderRe    = regexp.MustCompile(`falls to [\d.]+ at ([\d.,]+)[/ ].*the fitted point is within a ladder step`)
	waitedRe    = regexp.MustCompile(`about ([\d,]+) requests waited`)
	ttftRoseRe  = regexp.MustCompile(`(\S+ )?TTFT( p50| p99)? rose`)
	kvRunsOutRe = regexp.MustCompile(`the KV cache is what runs out`)
)

// contradictions lists every pair of lines of one output that disagree.
func (r findOutput) contradictions() []string {
	var out []string
	lines := append(append(append([]string{r.Knee.Detail, r.Reason}, r.Notes...), r.Hints...), r.boundDetail())
	for _, p := range r.Points {
		lines = append(lines, p.Details...)
	}
	for _, l := range lines {
		for phrase, st := range statusWords {
			if strings.Contains(l, phrase) && r.Knee.Status != st {
				out = append(out, fmt.Sprintf("status %s, but %q", r.Knee.Status, l))
			}
		}
		if m := waitedRe.FindStringSubmatch(l); m != nil && parseNum(m[1]) < 1 {
			out = append(out, fmt.Sprintf("a queue with fewer than one request waiting: %q", l))
		}
		if m := ttftRoseRe.FindStringSubmatch(l); m != nil && m[1] != "mean " && m[2] == "" {
			out = append(out, fmt.Sprintf("a TTFT quoted without its statistic: %q", l))
		}
		if m := ladderRe.FindStringSubmatch(l); m != nil && r.Knee.Low != nil && r.Knee.High != nil {
			fitted, step := parseNum(m[1]), *r.Knee.High / *r.Knee.Low
			if fitted > *r.Knee.High*step*1.0001 || fitted < *r.Knee.Low/step/1.0001 {
				out = append(out, fmt.Sprintf("bracket %v–%v, but %q", *r.Knee.Low, *r.Knee.High, l))
			}
		}
	}
	for _, h := range r.Hints {
		m := narrowRe.FindStringSubmatch(h)
		if m == nil {
			continue
		}
		if r.Knee.Low == nil || r.Knee.High == nil || !sameShown(parseNum(m[1]), *r.Knee.Low) || !sameShown(parseNum(m[2]), *r.Knee.High) {
			out = append(out, fmt.Sprintf("knee %s (%v–%v), but next: %q", r.Knee.Status, ptrVal(r.Knee.Low), ptrVal(r.Knee.High), h))
		}
	}
	if kvRunsOutRe.MatchString(r.boundDetail()) && r.Knee.High != nil {
		for _, p := range r.Points {
			if p.PerGPU >= *r.Knee.High && p.Limit != nil {
				if p.Limit.Kind != "kv_cache" {
					out = append(out, fmt.Sprintf("the limit at %v/GPU is %s, but %q", p.PerGPU, p.Limit.Kind, r.boundDetail()))
				}
				break
			}
		}
	}
	if q, k := r.QueueOnset, r.Knee; q != nil && q.From == "engine" && k.Low != nil && k.High != nil && *k.High > *k.Low &&
		math.Round(q.PerGPU) == *k.Low && (k.PerGPU == nil || *k.PerGPU != *k.Low) {
		out = append(out, fmt.Sprintf("the operating point %v/GPU is the engine's cap, measured, but the knee's estimate is %v", *k.Low, ptrVal(k.PerGPU)))
	}
	if r.Recommended != nil {
		for _, p := range r.Points {
			if p.PerGPU == *r.Recommended && p.Verdict != "sub_knee" && p.Verdict != "at_knee" {
				out = append(out, fmt.Sprintf("recommended %v/GPU, whose verdict is %s", p.PerGPU, p.Verdict))
			}
		}
	}
	return out
}

func (r findOutput) boundDetail() string {
	if r.Bound == nil {
		return ""
	}
	return r.Bound.Detail
}

// sameShown: a number as a sentence prints it, rounded ("12" for
// 12.1459), is the value: within 2.5%, where two levels of one sweep lie
// further apart.
func sameShown(shown, v float64) bool {
	return math.Abs(shown-v) <= 0.025*math.Abs(v)
}

func parseNum(s string) float64 {
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

func ptrVal(p *float64) any {
	if p == nil {
		return "none"
	}
	return *p
}

// The rules catch what they were written for: each contradiction seen in
// issue 31, as find printed it before.
func TestContradictionRulesCatchWhatWasSeen(t *testing.T) {
	F := func(v float64) *float64 { return &v }
	var r findOutput
	r.Knee.Status, r.Knee.Low, r.Knee.High = "not_reached", F(128), nil
	r.Notes = []string{"3 valid levels: the knee is bracketed between measured levels (curves are fitted from 5)"}
	require.Len(t, r.contradictions(), 1)

	r = findOutput{}
	r.Knee.Status, r.Knee.High = "bracketed", F(256)
	r.Hints = []string{"add 160 and 192/GPU to narrow the knee between 128 and 256"}
	require.Len(t, r.contradictions(), 1)

	r = findOutput{}
	r.Knee.Status, r.Knee.Low, r.Knee.High = "bracketed", F(160), F(256)
	r.Notes = []string{"the fitted usl curve's elasticity falls to 0.33 at 621/GPU, outside the measured bracket: the measured levels decide the knee; the fitted point is within a ladder step of it"}
	require.Len(t, r.contradictions(), 1)

	r = findOutput{}
	r.Points = append(r.Points, r.Points...)
	r.Notes = []string{"queueing: TTFT rose 814 → 1,714 ms from 2/GPU while a request's time in flight (Little's law, N ÷ rate) grew 8,489 → 9,866 ms: TTFT carries 65% of the growth, so about 0 requests waited and 3.6/GPU ran"}
	require.Len(t, r.contradictions(), 2, "fewer than one waiting, and the statistic unnamed")
}
