package aiperf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// InputFile is the name of the custom dataset knee writes for AIPerf
// beside its artifacts (its single_turn JSONL).
const InputFile = "inputs.jsonl"

// The workload and load, in AIPerf's terms (its `profile` arguments):
//
//	knee                           AIPerf
//	--per-gpu level                --concurrency C --request-count N --warmup-request-count W
//	--rate R --arrivals A          --request-rate R --request-rate-mode A (poisson or constant)
//	                               --concurrency MAX (--max-in-flight: AIPerf's bound on a rate run)
//	                               --request-count N --warmup-request-count 0 (a rate level has no warm-up)
//	fixed:N                        --prompt-{input,output}-tokens-mean N, -stddev 0
//	normal:M,SD (default MAX)      -mean M, -stddev SD: AIPerf samples a normal with no upper bound
//	                               and rounds up; knee's default MAX is M+4·SD, which clips nothing
//	                               measurable. An explicit MAX below that is refused.
//	uniform, file                  refused: AIPerf samples lengths from a mean and a deviation only
//	--shared-prefix N:LEN          --prompt-prefix-pool-size N --prompt-prefix-length LEN (a prefix of
//	                               the pool before each prompt, as knee does)
//	--dataset                      --input-file inputs.jsonl --custom-dataset-type single_turn: the
//	                               dataset's prompts as {"text": …} lines, the output distribution
//	                               as max_tokens. An entry with its own output length is refused:
//	                               single_turn has no per-entry output length.
//	--ignore-eos                   --extra-inputs ignore_eos:true (false sends nothing)
//
// The default workload on a --per-gpu ladder is aicr's exact command (Args).
func Arguments(plan sweep.Plan, lvl sweep.Level, artifactDir, inputFile string) ([]string, error) {
	if err := Check(plan); err != nil {
		return nil, err
	}
	if plan.Workload == nil && !plan.IsRate() {
		return Args(plan, lvl, artifactDir), nil
	}
	itoa := strconv.Itoa
	args := []string{"profile", "--model", plan.Model, "--url", plan.Endpoint, "--endpoint-type", endpointType(plan.API), "--streaming"}
	if plan.IsRate() {
		if plan.Arrivals != sweep.ArrivalsPoisson && plan.Arrivals != sweep.ArrivalsConstant {
			return nil, inputerr.Errorf("plan", "--arrivals", 0, "aiperf runs poisson or constant arrivals, not %q", plan.Arrivals)
		}
		args = append(args, "--request-rate", strconv.FormatFloat(lvl.Rate, 'g', -1, 64), "--request-rate-mode", plan.Arrivals,
			"--concurrency", itoa(plan.RateMaxInFlight()), "--request-count", itoa(lvl.Requests), "--warmup-request-count", "0")
	} else {
		args = append(args, "--concurrency", itoa(lvl.Concurrency), "--request-count", itoa(lvl.Requests), "--warmup-request-count", itoa(lvl.Warmup))
	}
	w := plan.Workload
	if w == nil {
		w = &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: plan.InputTokens},
			Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: plan.OutputTokens}, IgnoreEOS: true}
	}
	lens, err := lengthArgs(w)
	if err != nil {
		return nil, err
	}
	args = append(args, lens...)
	if w.SharedPrefix != nil {
		args = append(args, "--prompt-prefix-pool-size", itoa(w.SharedPrefix.Count), "--prompt-prefix-length", itoa(w.SharedPrefix.Tokens))
	}
	if w.Dataset != nil {
		args = append(args, "--input-file", inputFile, "--custom-dataset-type", "single_turn")
	} else {
		args = append(args, "--num-dataset-entries", "100")
	}
	args = append(args, "--random-seed", "100", "--extra-inputs", "temperature:0")
	if w.IgnoreEOS && plan.Workload != nil {
		args = append(args, "--extra-inputs", "ignore_eos:true")
	}
	return append(args, "--output-artifact-dir", artifactDir, "--export-level", "summary"), nil
}

// lengthArgs are the input (unless a dataset gives the prompts) and output
// length arguments.
func lengthArgs(w *sweep.Workload) ([]string, error) {
	var args []string
	if w.Dataset == nil {
		m, sd, err := meanSD("--input-dist", w.Input)
		if err != nil {
			return nil, err
		}
		args = append(args, "--prompt-input-tokens-mean", m, "--prompt-input-tokens-stddev", sd)
	}
	m, sd, err := meanSD("--output-dist", w.Output)
	if err != nil {
		return nil, err
	}
	return append(args, "--prompt-output-tokens-mean", m, "--prompt-output-tokens-stddev", sd), nil
}

// meanSD is one length distribution as AIPerf's mean and deviation.
func meanSD(flag string, d sweep.LengthDist) (mean, sd string, err error) {
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	switch d.Kind {
	case sweep.DistFixed:
		return strconv.Itoa(d.Value), "0", nil
	case sweep.DistNormal:
		if unclipped := int(math.Min(sweep.MaxTokens, math.Ceil(d.Mean+4*d.SD))); d.Max < unclipped {
			return "", "", inputerr.Errorf("plan", flag, 0, "aiperf samples a normal length without an upper bound; %s clips it at %d: leave out MAX (knee's default, %d, clips nothing measurable) or use --harness builtin or inference-perf", d, d.Max, unclipped)
		}
		return f(d.Mean), f(d.SD), nil
	}
	return "", "", inputerr.Errorf("plan", flag, 0, "aiperf samples lengths from a mean and a standard deviation (normal or fixed), not %s; use --harness builtin or inference-perf", d)
}

// InputFileContent is the plan's --dataset as AIPerf's single_turn JSONL
// (nil when the plan has none): one {"text": prompt} line per entry knee
// reads, from the file whose SHA-256 the plan records (a changed file is
// refused). An entry with its own output length is refused: AIPerf would
// ask for the output distribution's length instead.
func InputFileContent(plan sweep.Plan) ([]byte, error) {
	if plan.Workload == nil || plan.Workload.Dataset == nil {
		return nil, nil
	}
	ds := *plan.Workload.Dataset
	_, entries, err := builtin.ReadDataset(ds)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for i, e := range entries {
		if e.OutputTokens > 0 {
			return nil, inputerr.Errorf(ds.File, fmt.Sprintf("[%d]", i), 0,
				"entry %d asks for %d output tokens of its own; aiperf's single_turn dataset has no per-entry output length (it asks for --output-dist's): use --harness builtin, or a JSONL dataset without output_tokens", i, e.OutputTokens)
		}
		line, err := json.Marshal(struct {
			Text string `json:"text"`
		}{e.Prompt})
		if err != nil {
			return nil, err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}
