package table

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Result blocks of one level are repeats only when they ran one workload.
// A page of bench blocks often holds several workloads at each level
// (input/output 1024/1024, then 4096/4096, then 1024/7168 at 10 prompts,
// then the same at 50 …): averaged as repeats they make one curve of
// points no run measured. The workload is written with each block: in
// its command line (--random-input-len, --random-output-len,
// --dataset-name) or, when none is pasted, in what the block counts
// (Total input tokens ÷ Successful requests is the mean prompt length).
// Each block gets a workload column; the series pass then splits blocks
// whose workloads differ at one level, and names them in its refusal
// rather than merge them.

// benchWorkloadKey is the column a block's workload fills: a request
// length, which the roles read as a workload setting.
const benchWorkloadKey = "Input/output length"

// workloadNotStated names the workload of a block beside others whose
// workload is told, when its own cannot be: a series of its own, never
// merged into theirs.
const workloadNotStated = "workload not stated"

// lengthFlags are the command-line flags of the benchmark tools that set
// a request's input and output lengths, per dataset.
var (
	inputLenFlags  = []string{"random-input-len", "sonnet-input-len", "input-len", "prefix-len"}
	outputLenFlags = []string{"random-output-len", "sonnet-output-len", "sharegpt-output-len", "output-len"}
)

// commandWorkload is the workload the last bench command line in pre
// sets: its dataset and its input/output lengths ("random 1024/1024"),
// "" when there is no command or it names none.
func commandWorkload(pre []string) string {
	cmd := lastBenchCommand(pre)
	if cmd == "" {
		return ""
	}
	flags := commandFlags(cmd)
	var parts []string
	if d := flags["dataset-name"]; d != "" {
		parts = append(parts, d)
	}
	in, out := firstFlag(flags, inputLenFlags), firstFlag(flags, outputLenFlags)
	if in != "" || out != "" {
		parts = append(parts, orDefault(in)+"/"+orDefault(out))
	}
	return strings.Join(parts, " ")
}

func firstFlag(flags map[string]string, names []string) string {
	for _, n := range names {
		if v := flags[n]; v != "" && !strings.HasPrefix(v, "$") {
			return v
		}
	}
	return ""
}

func orDefault(v string) string {
	if v == "" {
		return "default"
	}
	return v
}

// lastBenchCommand is the last command line of the benchmark tools in pre,
// continuation lines joined; "" when there is none.
func lastBenchCommand(pre []string) string {
	var cmd string
	for _, l := range joinContinued(pre) {
		if benchCommand.MatchString(l) {
			cmd = l
		} else if flags, ok := namespaceFlags(l); ok {
			cmd = flags
		}
	}
	return cmd
}

// benchNamespace is the arguments benchmark_serving.py prints before it
// runs, as Python's argparse writes them: "Namespace(backend='vllm', …,
// num_prompts=8, …, request_rate=inf, …)". It is the command line in other
// words, and says what the command would.
var benchNamespace = regexp.MustCompile(`^\s*Namespace\((.*\bnum_prompts=.*)\)\s*$`)

// namespaceArg is one name=value of such a line.
var namespaceArg = regexp.MustCompile(`(?:^|,\s*)([a-z_][a-z0-9_]*)=('[^']*'|"[^"]*"|[^,]*)`)

// namespaceFlags is a Namespace line written as the command's flags
// ("--num-prompts 8 --request-rate inf"); a value None is a flag not
// given, and is left out.
func namespaceFlags(l string) (string, bool) {
	m := benchNamespace.FindStringSubmatch(l)
	if m == nil {
		return "", false
	}
	var b strings.Builder
	for _, a := range namespaceArg.FindAllStringSubmatch(m[1], -1) {
		v := strings.Trim(strings.TrimSpace(a[2]), `'"`)
		if v == "None" || v == "" || strings.ContainsAny(v, " \t") {
			continue
		}
		fmt.Fprintf(&b, " --%s %s", strings.ReplaceAll(a[1], "_", "-"), v)
	}
	return strings.TrimSpace(b.String()), true
}

// lengthGap is how far apart two blocks' mean request lengths must be to
// be two workloads: output lengths of one dataset vary with the prompts
// drawn and the ones that stop early, by far less than a factor of 1.5;
// workloads people sweep differ by 2× and more (1024 against 4096).
const lengthGap = 1.5

// applyWorkloads gives every block its workload when the blocks' workloads
// differ: the command line's where it names one; else the one of the
// command above an earlier block, when the page holds that one workload's
// command only (a script's loop printed it once) and the block's mean
// request lengths do not say otherwise; else the group of
// blocks of alike mean request lengths it falls in; else workloadNotStated.
func (b *benchScan) applyWorkloads() {
	commands := make([]string, len(b.rows))
	for r, pre := range b.pending {
		commands[r] = commandWorkload(pre)
	}
	group, names := b.lengthGroups(commands)
	oneCommand := distinctStrings(nonEmpty(commands)) == 1
	labels := make([]string, len(b.rows))
	last := -1
	for r := range b.rows {
		switch {
		case commands[r] != "":
			labels[r], last = commands[r], r
		case last >= 0 && oneCommand && (group == nil || group[r] == group[last]):
			labels[r] = commands[last]
		case group != nil && len(names) > 1:
			labels[r] = names[group[r]]
		}
	}
	if distinctStrings(labels) < 2 {
		return
	}
	for r, l := range labels {
		if l == "" {
			l = workloadNotStated
		}
		b.set(b.rows[r], benchWorkloadKey, l, false)
	}
	b.notes = append(b.notes, fmt.Sprintf("%s: the blocks ran %d workloads (%s): blocks of one level and different workloads are series, never repeats", b.g.file, distinctStrings(labels), strings.Join(uniqueStrings(labels), ", ")))
}

// lengthGroups groups the blocks by their mean input and output tokens
// per request (within lengthGap of the group's first block): each block's
// group, and each group's name (the first command workload among its
// blocks, else its lengths). nil when a block's lengths cannot be told.
func (b *benchScan) lengthGroups(commands []string) ([]int, []string) {
	var firsts [][2]float64
	var names []string
	group := make([]int, len(b.rows))
	for r := range b.rows {
		in, out, ok := b.requestLengths(r)
		if !ok {
			return nil, nil
		}
		group[r] = -1
		for k, f := range firsts {
			if AlikeLengths(in, f[0]) && AlikeLengths(out, f[1]) {
				group[r] = k
				break
			}
		}
		if group[r] < 0 {
			group[r] = len(firsts)
			firsts = append(firsts, [2]float64{in, out})
			names = append(names, "")
		}
		if names[group[r]] == "" && commands[r] != "" {
			names[group[r]] = commands[r]
		}
	}
	for k, f := range firsts {
		if names[k] == "" {
			names[k] = fmt.Sprintf("%.0f/%.0f tokens per request", f[0], f[1])
		}
	}
	return group, names
}

// requestLengths are block r's mean input and output tokens per request:
// its total tokens over its successful requests.
func (b *benchScan) requestLengths(r int) (in, out float64, ok bool) {
	n, okN := b.blockNumber(r, "successful requests")
	tin, okIn := b.blockNumber(r, "total input tokens")
	tout, okOut := b.blockNumber(r, "total generated tokens")
	if !okN || !okIn || !okOut || n <= 0 {
		return 0, 0, false
	}
	return tin / n, tout / n, true
}

// blockNumber is the number block r prints under key (lower case).
func (b *benchScan) blockNumber(r int, key string) (float64, bool) {
	j, ok := b.col[key]
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(b.rows[r][j]), 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

// AlikeLengths: two mean request lengths a and b (tokens) are one
// workload's, less than lengthGap apart (or both zero). vLLM's result
// lines are grouped by it too.
func AlikeLengths(a, b float64) bool {
	if a <= 0 || b <= 0 {
		return a == b
	}
	return math.Max(a, b)/math.Min(a, b) < lengthGap
}

func distinctStrings(xs []string) int {
	return len(uniqueStrings(xs))
}

// uniqueStrings are xs' values in first-seen order.
func uniqueStrings(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func nonEmpty(xs []string) []string {
	var out []string
	for _, x := range xs {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}
