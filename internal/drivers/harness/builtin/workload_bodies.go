package builtin

import (
	"encoding/json"
	"math/rand/v2"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// maxWorkloadBodies is how many distinct requests a level of a non-default
// workload cycles through: more than the default workload's 256, so that a
// length distribution or a dataset is sampled widely, within the same
// byte budget (bodyBudget).
const maxWorkloadBodies = 4096

// levelBodies builds a level's requests before its clock starts, so that
// building prompts never costs the measured loop anything: the default
// workload as it always was, else plan.Workload's.
func (e *Executor) levelBodies(plan sweep.Plan, model string, lvl sweep.Level, total int) ([]body, error) {
	if plan.Workload == nil {
		return buildBodies(plan.API, model, plan.InputTokens, plan.OutputTokens, e.opts.InputSpread, e.opts.Seed+int64(lvl.Index), min(total, distinctBodies(plan.InputTokens)))
	}
	w, err := e.wl.get(plan.Workload)
	if err != nil {
		return nil, err
	}
	return buildWorkloadBodies(plan.API, model, w, e.opts.Seed, lvl.Index, total)
}

// buildWorkloadBodies makes the distinct requests of one level of w. The
// level's lengths, dataset picks and prefix picks come from a generator
// seeded with seed and the level's index, the shared prefixes from one
// seeded with seed alone (the same system prompts on every level, as a
// server's cache would see them): the same seed rebuilds the same requests,
// on --resume too.
func buildWorkloadBodies(api, model string, w *Workload, seed int64, level, total int) ([]body, error) {
	spec := w.spec
	prefixes, prefixLen := sharedPrefixes(spec.SharedPrefix, seed)
	n := min(max(total, 1), workloadBodies(w, prefixLen))
	rng := rand.New(rand.NewPCG(uint64(seed+int64(level)), 0x3a7e10ad))
	out := make([]body, n)
	var sb strings.Builder
	for i := range out {
		prefix := ""
		if len(prefixes) > 0 {
			prefix = prefixes[rng.IntN(len(prefixes))]
		}
		var text string
		var words, outTokens int
		switch {
		case len(w.prompts) > 0:
			p := w.prompts[rng.IntN(len(w.prompts))]
			text, words, outTokens = p.text, p.words, p.output
			if outTokens == 0 {
				outTokens = sampleLength(spec.Output, rng, w.outFile)
			}
		case spec.Input.Paired:
			j := rng.IntN(len(w.inLens))
			words, outTokens = w.inLens[j], w.outLens[j]
		default:
			words = sampleLength(spec.Input, rng, w.inLens)
			outTokens = sampleLength(spec.Output, rng, w.outFile)
		}
		if text == "" {
			sb.Reset()
			randomWords(&sb, rng, words)
			text = sb.String()
		}
		b := completionBody{
			Model:         model,
			MaxTokens:     outTokens,
			Stream:        true,
			StreamOptions: streamOptions{IncludeUsage: true},
			IgnoreEOS:     spec.IgnoreEOS,
		}
		switch {
		case api == "chat" && prefix != "":
			// A shared system prompt, then the user's own turn: the
			// layout whose prefix a server's cache can reuse.
			b.Messages = []chatMessage{{Role: "system", Content: prefix}, {Role: "user", Content: text}}
		case api == "chat":
			b.Messages = []chatMessage{{Role: "user", Content: text}}
		case prefix != "":
			b.Prompt = prefix + " " + text
		default:
			b.Prompt = text
		}
		raw, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		out[i] = body{json: raw, inputTokens: prefixLen + words}
	}
	return out, nil
}

// sharedPrefixes are the N shared prefixes of --shared-prefix N:LEN, LEN
// random words each, and LEN (none and 0 without the flag).
func sharedPrefixes(sp *sweep.SharedPrefix, seed int64) ([]string, int) {
	if sp == nil {
		return nil, 0
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5ba4ed))
	out := make([]string, sp.Count)
	var sb strings.Builder
	for i := range out {
		sb.Reset()
		randomWords(&sb, rng, sp.Tokens)
		out[i] = sb.String()
	}
	return out, sp.Tokens
}

func randomWords(sb *strings.Builder, rng *rand.Rand, n int) {
	sb.Grow(n * 5)
	for w := 0; w < n; w++ {
		if w > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(words[rng.IntN(len(words))])
	}
}

// workloadBodies is how many distinct requests fit bodyBudget at w's
// longest request (at most maxWorkloadBodies).
func workloadBodies(w *Workload, prefixLen int) int {
	const bodyBudget = 256 << 20
	const bytesPerToken = 8
	longest := prefixLen * bytesPerToken
	if len(w.prompts) > 0 {
		m := 0
		for _, p := range w.prompts {
			m = max(m, 6*len(p.text)) // JSON escapes a byte as at most 6 (\u003c)
		}
		longest += m
	} else {
		longest += maxLength(w.spec.Input, w.inLens) * bytesPerToken
	}
	return max(1, min(maxWorkloadBodies, bodyBudget/max(longest, 1)))
}
