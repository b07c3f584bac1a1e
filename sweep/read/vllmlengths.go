package read

import (
	"encoding/json"
	"fmt"

	"github.com/kneetool/knee/sweep/read/table"
)

// Result lines of one level are repeats only when they ran one workload.
// vLLM's result object names no request length, but counts the run's
// tokens: total_input_tokens ÷ completed is the mean prompt length,
// total_output_tokens ÷ completed the mean output. Results whose lengths
// are not alike (table.AlikeLengths: 1.5× apart or more) ran different
// workloads (1024/1024 beside 4096/4096): they get a "tokens per request"
// tag, which makes them series the way a --metadata field does, refused by
// name and never averaged.

// vllmLengthTag is the tag a result's workload fills.
const vllmLengthTag = "tokens per request"

// tagLengthGroups tags each result with its group of alike mean request
// lengths, when there are two groups or more and every result's lengths
// can be told.
func tagLengthGroups(results []vllmResult) {
	var firsts [][2]float64
	group := make([]int, len(results))
	for i, r := range results {
		in, out, ok := vllmRequestLengths(r.text)
		if !ok {
			return
		}
		group[i] = -1
		for k, f := range firsts {
			if table.AlikeLengths(in, f[0]) && table.AlikeLengths(out, f[1]) {
				group[i] = k
				break
			}
		}
		if group[i] < 0 {
			group[i] = len(firsts)
			firsts = append(firsts, [2]float64{in, out})
		}
	}
	if len(firsts) < 2 {
		return
	}
	for i := range results {
		f := firsts[group[i]]
		results[i].tags[vllmLengthTag] = fmt.Sprintf("%.0f/%.0f", f[0], f[1])
	}
}

// vllmRequestLengths are a result's mean input and output tokens per
// completed request.
func vllmRequestLengths(text []byte) (in, out float64, ok bool) {
	var top map[string]json.RawMessage
	if decodeJSON("", 0, text, &top) != nil {
		return 0, 0, false
	}
	var n, tin, tout float64
	if json.Unmarshal(top["completed"], &n) != nil || json.Unmarshal(top["total_input_tokens"], &tin) != nil || json.Unmarshal(top["total_output_tokens"], &tout) != nil || n <= 0 {
		return 0, 0, false
	}
	return tin / n, tout / n, true
}
