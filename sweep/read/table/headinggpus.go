package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A table of per-GPU figures often states its GPU count only above it: in
// its heading ("Results on 8×H100"), its caption or the prose before it
// ("served with TP=8 on 8 GPUs"). A perf engineer takes that count for the
// node's, as --gpus would give it, when it is the only one the text states;
// two different counts leave the choice to --gpus, as a table with none
// does. It is looked for only when the rows need it: throughput or load
// given per GPU alone.

// gpuCountPhrases are the ways a GPU count is written around a table:
// "8×H100", "8x NVIDIA H200", "8 GPUs", "on 8 GPU", "2×GPU", "an 8-GPU
// node", and a model
// with its memory per GPU times the count ("MI300X (8× 192 GB)").
var gpuCountPhrases = []*regexp.Regexp{
	regexp.MustCompile(`\b(\d{1,3})\s*[x×]\s*(?:NVIDIA\s+|AMD\s+)?[A-Z]{1,4}\d{2,4}[A-Za-z]*\b`),
	regexp.MustCompile(`(?i)\b(\d{1,3})\s*(?:[x×]\s*|-)?(?:GPUs?|NPUs?|accelerators)\b`),
	regexp.MustCompile(`\b[A-Z]{1,4}\d{2,4}[A-Za-z]*\s*\((\d{1,3})\s*[x×]\s*\d{2,3}\s*GB\)`),
}

// singleGPUPhrase states one GPU in words: "on a single NVIDIA H100 GPU",
// "one H100 GPU", "a single GPU".
var singleGPUPhrase = regexp.MustCompile(`(?i)\b(?:single|one)\s+(?:NVIDIA\s+|AMD\s+)?(?:[A-Z]{1,4}\d{2,4}[A-Za-z]*\s+)?(?:GPU|accelerator)\b`)

// tpPhrase is a tensor-parallel degree ("TP=8", "tp8"): the GPU count of
// a one-node run, but not when the text spreads the model wider (data or
// pipeline parallel, several nodes), where the node under test holds
// another count.
var (
	tpPhrase    = regexp.MustCompile(`(?i)\bTP\s*[=:]?\s*(\d{1,3})\b`)
	widerThanTP = regexp.MustCompile(`(?i)\b(?:DP|PP)\s*[=:]?\s*(?:[2-9]|\d{2,})\b|\b(?:[2-9]|\d{2,})\s*(?:nodes|hosts|machines)\b|\bmulti-?node\b`)
)

// gpuDivisionPhrase is a per-GPU figure defined as a total over the GPU
// count, on a line that names a per-GPU figure: "`tok/s/GPU` = Total
// Throughput / 16.", "we divide Total TPS by 8 for TPS/GPU". The count is
// the divisor, and nothing but punctuation or "GPUs" follows it: "GPU
// memory 70 / 80 GB" states no count.
var (
	gpuDivisionPhrase = regexp.MustCompile(`(?i)(?:\s[/÷]\s*|divided\s+by\s+|\bdivid\w*\b[^.\n]{0,60}?\bby\s+)(\d{1,3})(?:\s*(?:GPUs?\b|for\b)|\s*[.,;:)]|\s*$)`)
	perGPUFigure      = regexp.MustCompile(`(?i)/\s*GPU|per[- ]GPU`)
)

// nodeAfterCount: a count phrase followed, within a word, by a machine
// ("1 × NVIDIA B300 NVL8 node", "2x H100 servers") may count machines,
// not GPUs: it is taken only where the text states no other count ("an
// 8xH100 node" alone is its 8 GPUs; "1 × … node" is one machine).
var nodeAfterCount = regexp.MustCompile(`(?i)^\s*(?:[\w-]+\s+)?(?:nodes?|servers?|systems?|hosts?|machines?|instances?|boxes|box|VMs?)\b`)

// gpuCountMatches are the GPU counts a text states, each with its phrase:
// the count phrases anywhere, the division phrase on lines naming a
// per-GPU figure. weak are the phrases that may count machines
// (nodeAfterCount).
func gpuCountMatches(text string, oneNode bool) (out, weak [][]string) {
	for _, rx := range gpuCountPhrases {
		for _, ix := range rx.FindAllStringSubmatchIndex(text, -1) {
			m := []string{text[ix[0]:ix[1]], text[ix[2]:ix[3]]}
			if nodeAfterCount.MatchString(text[ix[1]:]) {
				if m[1] != "1" { // "1 × B300 NVL8 node" is one machine
					weak = append(weak, m)
				}
				continue
			}
			out = append(out, m)
		}
	}
	if oneNode {
		out = append(out, tpPhrase.FindAllStringSubmatch(text, -1)...)
	}
	for _, m := range singleGPUPhrase.FindAllString(text, -1) {
		out = append(out, []string{m, "1"})
	}
	for _, line := range strings.Split(text, "\n") {
		if !perGPUFigure.MatchString(line) {
			continue
		}
		for _, ix := range gpuDivisionPhrase.FindAllStringSubmatchIndex(line, -1) {
			// The phrase ends at the count: what follows only bounds it.
			out = append(out, []string{line[ix[0]:ix[3]], line[ix[2]:ix[3]]})
		}
	}
	return out, weak
}

// headingGPUs is the one GPU count the table's heading, caption and the
// prose around it state, the phrase that states it and where; 0 when they
// state none or two different ones. All the text since the table before
// it counts: a count stated there describes this table, and two different
// ones there ("TP=8" in a config line, "2× A100" in a heading) leave the
// choice to --gpus. The text after the document's last table (its setup
// section) is read for that table only when nothing above states a count.
func headingGPUs(g grid) (int, string, string) {
	// The run's settings table right above ("| Precision | `fp8` TP`1` |")
	// states its setup as the prose would.
	texts := append(append([]string{}, g.title...), g.caption, g.context, g.above, strings.ReplaceAll(g.settings, "`", ""))
	if n, phrase, ok := oneGPUCount(texts, g.below); !ok || n > 0 {
		return n, phrase, "the text above the table"
	}
	n, phrase, _ := oneGPUCount([]string{g.below}, strings.Join(texts, "\n"))
	return n, phrase, "the text below the table"
}

// oneGPUCount is the one count texts state and its phrase; ok is false
// when they state two. beside is the rest of the text around the table,
// which may spread the run over more than one node.
func oneGPUCount(texts []string, beside string) (int, string, bool) {
	oneNode := !widerThanTP.MatchString(strings.Join(texts, "\n") + "\n" + beside)
	var strong, weak [][]string
	for _, text := range texts {
		s, w := gpuCountMatches(text, oneNode)
		strong, weak = append(strong, s...), append(weak, w...)
	}
	if len(strong) == 0 {
		strong = weak
	}
	count, phrase := 0, ""
	for _, m := range strong {
		n, err := strconv.Atoi(m[1])
		if err != nil || n <= 0 {
			continue
		}
		if count > 0 && n != count {
			return 0, "", false
		}
		if count == 0 {
			count, phrase = n, strings.TrimSpace(m[0])
		}
	}
	return count, phrase, true
}

// needsGPUCount: the rows give the throughput or the load per GPU only.
func needsGPUCount(cols []column) bool {
	return hasKind(cols, colThroughputPerGPU) && !hasKind(cols, colThroughput) ||
		hasKind(cols, colPerGPU) && !hasKind(cols, colConcurrency)
}

// gpusFromHeading gives a table whose rows need a GPU count, and which has
// none of its own nor --gpus, the count its heading states, with a note.
func gpusFromHeading(g grid, cols []column, gpus int) (int, []string) {
	if gpus > 0 || !needsGPUCount(cols) {
		return gpus, nil
	}
	n, phrase, from := headingGPUs(g)
	if t, column := tpColumnGPUs(g); t > 0 && (n == 0 || n == t) {
		n, phrase, from = t, column, "the table's tensor-parallel column"
	} else if t > 0 {
		// The text and the column state two counts: --gpus decides.
		return 0, nil
	}
	if n == 0 {
		return 0, nil
	}
	if r := wholeMultipleOfPerGPU(g, cols); r > 0 && r != n {
		// The table's own total says another count: the text's is not
		// taken, and the rows are refused as when no text states one.
		return 0, nil
	}
	return n, []string{fmt.Sprintf("%s: --gpus %d from %s (%q): its figures are per GPU", g.file, n, from, phrase)}
}
