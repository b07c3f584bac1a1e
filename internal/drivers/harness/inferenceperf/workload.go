package inferenceperf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// The workload, in inference-perf's terms (its data section):
//
//	knee                              inference-perf
//	default (fixed lengths)           random, fixed input and output distributions
//	--input-dist/--output-dist        random, a fixed, uniform or normal distribution each
//	  fixed:N                           {type: fixed, mean: N, min: N, max: N, std_dev: 0}
//	  uniform:A-B                       {type: uniform, min: A, max: B} (the tool rounds a continuous
//	                                    draw, so A and B come half as often as each length between)
//	  normal:M,SD,MAX                   {type: normal, mean: M, std_dev: SD, min: 1, max: MAX}
//	  file:PATH                         refused: the tool samples lengths from a distribution only
//	--dataset (ShareGPT array)        shareGPT, data.path: turn 0 is the prompt, turn 1's length the output
//	--dataset (JSONL)                 refused: the tool reads ShareGPT JSON only
//	--shared-prefix N:LEN             shared_prefix: N system prompts of LEN tokens, the input
//	                                  distribution as question_len, enough prompts per group
//	                                  that none repeats within the run
//	--shared-prefix with --dataset    refused: the shareGPT generator has no shared prefix
//	--ignore-eos                      server.ignore_eos
func dataFor(plan sweep.Plan, levels []sweep.Level, opts Options) (data, error) {
	w := plan.Workload
	if w == nil {
		in, out := fixed(plan.InputTokens), fixed(plan.OutputTokens)
		return data{Type: "random", InputDistribution: &in, OutputDistribution: &out}, nil
	}
	if w.Dataset != nil {
		if w.SharedPrefix != nil {
			return data{}, inputerr.Errorf("plan", "--shared-prefix", 0, "inference-perf's shareGPT generator sends the dataset's prompts without a shared prefix; leave out --shared-prefix or use --harness builtin")
		}
		if w.Dataset.Format != "sharegpt" {
			return data{}, inputerr.Errorf(w.Dataset.File, "--dataset", 0, "inference-perf reads a ShareGPT JSON array (data.path), not %s; use --harness builtin or aiperf", w.Dataset.Format)
		}
		return data{Type: "shareGPT", Path: opts.DatasetPath}, nil
	}
	in, err := lengths("--input-dist", w.Input)
	if err != nil {
		return data{}, err
	}
	out, err := lengths("--output-dist", w.Output)
	if err != nil {
		return data{}, err
	}
	if w.SharedPrefix == nil {
		return data{Type: "random", InputDistribution: in, OutputDistribution: out}, nil
	}
	n := w.SharedPrefix.Count
	return data{Type: "shared_prefix", SharedPrefix: &sharedPrefix{
		NumUniqueSystemPrompts:  n,
		NumUsersPerSystemPrompt: (requestsOf(levels) + n - 1) / n,
		SystemPromptLen:         w.SharedPrefix.Tokens,
		QuestionLen:             in,
		OutputLen:               out,
	}}, nil
}

// requestsOf is every request the config's stages send, the warm-up
// included: the shared-prefix generator cycles through its prompts, and
// knee's requests each carry their own text after the prefix.
func requestsOf(levels []sweep.Level) int {
	n := 0
	if levels[0].Rate == 0 {
		n = max(levels[0].Warmup, levels[0].Concurrency)
	}
	for _, l := range levels {
		n += l.Requests
	}
	return n
}

func fixed(n int) distribution {
	return distribution{Type: "fixed", Mean: float64(n), Min: n, Max: n}
}

// lengths is one length distribution of knee's as inference-perf's.
func lengths(flag string, d sweep.LengthDist) (*distribution, error) {
	switch d.Kind {
	case sweep.DistFixed:
		f := fixed(d.Value)
		return &f, nil
	case sweep.DistUniform:
		return &distribution{Type: "uniform", Mean: float64(d.Min+d.Max) / 2, Min: d.Min, Max: d.Max}, nil
	case sweep.DistNormal:
		// The tool refuses a mean outside [min, max]; knee clips to [1, MAX] the same way.
		if d.Mean > float64(d.Max) {
			return nil, inputerr.Errorf("plan", flag, 0, "inference-perf refuses a normal distribution whose mean %g is above its max %d", d.Mean, d.Max)
		}
		return &distribution{Type: "normal", Mean: d.Mean, Min: 1, Max: d.Max, StdDev: d.SD}, nil
	}
	return nil, inputerr.Errorf("plan", flag, 0, "inference-perf samples lengths from a fixed, uniform or normal distribution, not from a file (%s); use --harness builtin", d)
}

// Dataset reads the plan's --dataset file for inference-perf (nil when the
// plan has none): the bytes the tool is handed, refused when they are not
// the ones the plan recorded (SHA-256), and refused when the tool would
// read other prompts from it than knee does. knee sends an entry's first
// human turn and asks for its reply's length; inference-perf's shareGPT
// generator sends turn 0 and asks for turn 1's length, and skips an entry
// with fewer turns. So every entry must open with a human turn and a reply.
func Dataset(plan sweep.Plan) ([]byte, error) {
	if plan.Workload == nil || plan.Workload.Dataset == nil {
		return nil, nil
	}
	ds := *plan.Workload.Dataset
	raw, _, err := builtin.ReadDataset(ds)
	if err != nil {
		return nil, err
	}
	if ds.Format != "sharegpt" {
		return nil, inputerr.Errorf(ds.File, "--dataset", 0, "inference-perf reads a ShareGPT JSON array (data.path), not %s; use --harness builtin or aiperf", ds.Format)
	}
	var entries []struct {
		Conversations []struct {
			From  string `json:"from"`
			Value string `json:"value"`
		} `json:"conversations"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")), &entries); err != nil {
		return nil, inputerr.Errorf(ds.File, "--dataset", 0, "not a ShareGPT JSON array: %v", err)
	}
	for i, e := range entries {
		t := e.Conversations
		if len(t) < 2 || !isRole(t[0].From, "human", "user") || strings.TrimSpace(t[0].Value) == "" || !isRole(t[1].From, "gpt", "assistant") {
			return nil, inputerr.Errorf(ds.File, fmt.Sprintf("[%d].conversations", i), 0,
				"inference-perf sends turn 0 as the prompt and asks for turn 1's length, so every entry must open with a human turn and its reply; entry %d does not (knee would send other prompts than inference-perf): remove it, or use --harness builtin", i)
		}
	}
	return raw, nil
}

func isRole(r string, roles ...string) bool {
	for _, x := range roles {
		if r == x {
			return true
		}
	}
	return false
}
