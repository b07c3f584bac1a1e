package table

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Tokens per request tie the request rate to the token rate: the output
// tok/s is the served req/s × the output tokens each request got. A table
// that prints only req/s has a throughput all the same where that length
// is known per request: a column of the mean output tokens per request
// (measured), or one output length the text states together with
// ignore_eos (every request then generates exactly that many). A length
// alone is a cap ("max_tokens 128", "--random-output-len 128"): requests
// that stop at EOS fall short of it, and req/s × the cap is an upper bound
// on the rate. It is read all the same, with a note that says so: the
// share of requests stopping early does not move with the load, so the
// knee and the level knee recommends are the same whatever that share is,
// and only the throughput floor rests on the cap (refusing would change no
// answer but the floor's, which the note qualifies). Where the cap would
// place a rate sweep (served req/s = tok/s ÷ the cap, servedRateFromTokens)
// it is not used: there it moves each stage's concurrency.

// outputLengthPhrases are the ways a text states the output tokens each
// request asks for: a benchmark's flag, OSL, "128 output tokens",
// "200-token output", "max_tokens: 128".
var outputLengthPhrases = []*regexp.Regexp{
	regexp.MustCompile(`--(?:random-|sonnet-|sharegpt-)?(?:output-len|osl)[= ](\d+)\b`),
	regexp.MustCompile(`(?i)\bOSL\s*[=:]?\s*(\d+)\b`),
	regexp.MustCompile(`(?i)\b(\d+)[- ]?(?:output|generated|completion)[- ]tokens?\b`),
	regexp.MustCompile(`(?i)\b(\d+)[- ]tokens?[- ](?:outputs?|completions?|generations?)\b`),
	regexp.MustCompile(`(?i)\b(?:output[_ ](?:len|length|tokens)|max_tokens|max_new_tokens)\s*[=:]\s*(\d+)\b`),
	// "the output length is 50", "Output: 32 tokens/request".
	regexp.MustCompile(`(?i)\boutput[_ ](?:len|length)\s+(?:is|of)\s+(\d+)\b`),
	regexp.MustCompile(`(?i)\boutput[*_]*\s*[=:]?[*_]*\s*(\d+)\s*tokens?\s*(?:/|per\s)\s*(?:request|req)\b`),
	regexp.MustCompile(`--(?:out|output|max)-tokens[= ](\d+)\b`),
	// "generates 50 tokens", "64 new tokens each", "with 220-token
	// answers": prose saying what each request got back.
	regexp.MustCompile(`(?i)\bgenerat(?:es|ing|ed|e)\s+(\d+)\s+tokens?\b`),
	regexp.MustCompile(`(?i)\b(\d+)\s+new\s+tokens?\b`),
	regexp.MustCompile(`(?i)\b(\d+)[- ]tokens?\s+(?:answers?|responses?|replies|reply)\b`),
	// The same in the languages reports are written in: Spanish, French,
	// Portuguese, German, Turkish, Russian ("128 tokens de salida",
	// "Ausgabe-Tokens: 128", "Maksimum çıkış token | 128").
	regexp.MustCompile(`(?i)\b(\d+)\s*tokens?\s+(?:de\s+(?:salida|sortie|saída|output)|en\s+sortie)\b|\b(\d+)\s*(?:Ausgabe[- ]?tokens?|çıkış\s+token\w*|выходн\p{L}*\s+токен\p{L}*)`),
	regexp.MustCompile(`(?i)(?:tokens?\s+de\s+(?:salida|sortie|saída)|Ausgabe[- ]?(?:tokens?|länge)|çıkış\s+token\w*|выходн\p{L}*\s+токен\p{L}*)\s*[=:|：]?\s*(\d+)\b`),
	// Chinese: "输出长度：1 token", "输出 128 tokens".
	regexp.MustCompile(`输出(?:长度|長度|token ?数|tokens?)?\s*[=:：]?\s*(\d+)\s*(?i:tokens?|个 ?token)`),
	strictOutput,
}

// strictOutput states an output length every request generated in full,
// as ignore_eos does: "strict output = 800", "严格输出=800".
var strictOutput = regexp.MustCompile(`(?i)(?:\bstrict(?:ly)?[ _-]?output|严格输出)\s*[=:：]?\s*(\d+)`)

// ignoreEOS states that generation ran past EOS to the length asked;
// ignoreEOSOff says it did not.
var (
	ignoreEOS    = regexp.MustCompile(`(?i)ignore[-_ ]?eos`)
	ignoreEOSOff = regexp.MustCompile(`(?i)ignore[-_ ]?eos["'\x60]?\s*[=:]?\s*["'\x60]?(?:false|no|off|0)\b|\b(?:without|no|not|w/o)\s+(?:the\s+)?[-"'\x60]*ignore[-_ ]?eos`)
)

// statedOutputLength is the one output length the text around the table
// states, and whether it also states ignore_eos; 0 when it states none or
// two different ones.
func statedOutputLength(g grid) (int, bool) {
	text := strings.Join(append(append([]string{}, g.title...), g.caption, g.context, g.above, g.settings), "\n")
	length := 0
	for _, rx := range outputLengthPhrases {
		for _, m := range rx.FindAllStringSubmatch(text, -1) {
			n, err := strconv.Atoi(firstGroup(m))
			if err != nil || n <= 0 {
				continue
			}
			if length > 0 && n != length {
				return 0, false
			}
			length = n
		}
	}
	return length, strictOutput.MatchString(text) || ignoreEOS.MatchString(text) && !ignoreEOSOff.MatchString(text)
}

// firstGroup is the first group a match filled: a phrase may put the
// number before its words or after them.
func firstGroup(m []string) string {
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

// meanOutputLength is the one column of the mean output tokens per
// request ("Avg output tokens", "mean output len"); false for none or
// several.
func meanOutputLength(g grid) (int, bool) {
	return onlyIndex(classifyAll(g.header), func(c column) bool {
		w := wordset(headerTokens(c.header))
		return w.has("output", "osl", "generated", "completion") && !w.has("input", "isl", "prompt", "total") &&
			w.has("avg", "mean", "average", "actual", "实际") && w.has("tokens", "len", "length", "toks", "tok") && !w.has("s", "sec", "second", "rate")
	})
}

// outputRateFromRequests adds the output throughput req/s × output
// tokens per request to a table that prints a served request rate and no
// token rate, when the length per request is known, and returns its note.
func outputRateFromRequests(g *grid) []string {
	cols := classifyAll(g.header)
	if !noNodeRate(*g, cols) {
		// A token rate the passes may yet read as the output's: none
		// is derived beside it.
		return nil
	}
	rate, ok := servedRateColumn(cols)
	if !ok {
		return nil
	}
	if l, ok := meanOutputLength(*g); ok {
		perRow := func(row []string) (float64, bool) { return positiveCell(row, l) }
		if !withinStreams(*g, cols, rate, perRow) {
			return nil
		}
		return []string{multiplyColumns(g, rate, perRow,
			fmt.Sprintf("%q × %q (the mean output tokens per request)", g.header[rate], g.header[l]))}
	}
	length, fixed := statedOutputLength(*g)
	if length == 0 || length == 1 && !fixed {
		// One output token is a prefill-only run: its input rate is the
		// work, read by prefillonly.go (with ignore_eos stated, the one
		// token is read here as before).
		return nil
	}
	perRow := func([]string) (float64, bool) { return float64(length), true }
	if !withinStreams(*g, cols, rate, perRow) {
		return nil
	}
	if !fixed {
		note := multiplyColumns(g, rate, perRow,
			fmt.Sprintf("%q × %d (the output length the text states, a cap: no ignore_eos)", g.header[rate], length))
		return []string{note, fmt.Sprintf("%s: requests that stop at EOS fall short of the %d-token cap, so %q × %d is an upper bound on the output rate: the knee and the level it recommends do not depend on how far short they fall, but a throughput floor from it does (check the floor against a run that prints tok/s)", g.file, length, g.header[rate], length)}
	}
	return []string{multiplyColumns(g, rate, perRow,
		fmt.Sprintf("%q × %d (the output tokens per request the text states, with ignore_eos or a strict output: every request generated them all)", g.header[rate], length))}
}

// servedRateColumn is the one column of requests served per second: named
// achieved, or a bare req/s beside a concurrency or an offered rate
// (without one, a bare rate is the offered load, families.go).
func servedRateColumn(cols []column) (int, bool) {
	offered := slices.ContainsFunc(cols, func(c column) bool {
		return c.kind == colRequestedRate || c.kind == colRequestRate && c.flavor == "requested"
	})
	hasLoad := hasKind(cols, colConcurrency) || hasKind(cols, colPerGPU) || hasKind(cols, colAchieved) || offered
	return onlyIndex(cols, func(c column) bool {
		return c.kind == colRequestRate && (c.flavor == "achieved" || c.flavor == "" && hasLoad)
	})
}

// servedRateFromTokens adds the served request rate, the output tok/s ÷
// the output tokens per request, to a rate sweep that prints an offered
// rate and the output throughput but no served rate, where every request
// generated the one length the text states (ignore_eos): Little's law then
// places each stage (E2E by its tokens, rows.go e2eFromTokens). An offered
// rate past the knee is not what was served, so it is never used instead.
func servedRateFromTokens(g *grid) []string {
	cols := classifyAll(g.header)
	if hasKind(cols, colConcurrency) || hasKind(cols, colPerGPU) || hasKind(cols, colAchieved) {
		return nil
	}
	if _, ok := onlyIndex(cols, func(c column) bool { return c.kind == colRequestRate || c.kind == colRequestedRate }); !ok {
		// None, or a second rate that may be the served one.
		return nil
	}
	if _, ok := servedRateColumn(cols); ok {
		return nil
	}
	out, ok := onlyIndex(cols, func(c column) bool { return c.kind == colThroughput })
	if !ok {
		return nil
	}
	length, fixed := statedOutputLength(*g)
	if length == 0 || !fixed {
		return nil
	}
	const header = "Request throughput req/s (derived)"
	for r, row := range g.rows {
		v := ""
		if x, ok := positiveCell(row, out); ok {
			v = strconv.FormatFloat(x/float64(length), 'g', -1, 64)
		}
		g.rows[r] = append(padRow(row, len(g.header)), v)
	}
	g.header = append(g.header, header)
	return []string{fmt.Sprintf("%s: the served request rate is %q ÷ %d (the output tokens per request the text states, with ignore_eos) on each row: read as %q", g.file, g.header[out], length, header)}
}

// derivedOutputHeader heads the output rate multiplyColumns derives.
const derivedOutputHeader = "Output tok/s (derived)"

// multiplyColumns appends "Output tok/s (derived)": the rate cell times
// the length per request on every row where both read, blank elsewhere,
// and returns the note that says so.
func multiplyColumns(g *grid, rate int, length func([]string) (float64, bool), how string) string {
	const header = derivedOutputHeader
	for r, row := range g.rows {
		v := ""
		q, okQ, errQ := parseCell(cleanCell(cellAt(row, rate)))
		l, okL := length(row)
		if errQ == nil && okQ && okL && (q.unit == nil || q.unit.dim == dimReqRate) {
			v = strconv.FormatFloat(q.v*l, 'g', -1, 64)
		}
		g.rows[r] = append(padRow(row, len(g.header)), v)
	}
	g.header = append(g.header, header)
	return fmt.Sprintf("%s: the output throughput is %s on each row: read as %q", g.file, how, header)
}

// requestRateHint says, for a refused table that prints a served request
// rate and no token rate, why knee did not multiply it out: no output
// length stated, or one the streams' own rate rules out.
func requestRateHint(g grid, cols []column) string {
	rate, ok := servedRateColumn(cols)
	if !ok {
		return ""
	}
	if length, _ := statedOutputLength(g); length > 1 {
		if slices.Contains(g.header, derivedOutputHeader) {
			return "" // multiplied out: refused for another reason
		}
		return fmt.Sprintf("; %q is requests per second, and %q × %d (the output length the text states) is more than the streams' own rate × their count allows, so it is not the output rate", cols[rate].header, cols[rate].header, length)
	}
	return fmt.Sprintf("; %q is requests per second, and nothing states the output tokens per request (a column of the mean output tokens, or an output length) to make it tok/s", cols[rate].header)
}

// nodeRateHint names, for a table refused because its only token rate is
// a stream's or a request's, the node's output rate it holds all the same:
// the served req/s × the mean output tokens per request. knee does not
// read that product in place of the rate the table prints: the table's
// author offered that column as the throughput, and where knee's reading
// of it and the table's disagree the user sees both and the product that
// settles it. No values are quoted, so that every curve of the table is
// refused alike, before any is picked.
func nodeRateHint(g grid, cols []column) string {
	rate, ok := servedRateColumn(cols)
	length, okL := meanOutputLength(g)
	if !ok || !okL {
		return ""
	}
	return fmt.Sprintf("; the node's output tok/s is %q × %q on each row (served req/s × the mean output tokens per request), which the table does not print and knee does not put in place of a token rate the table prints",
		cols[rate].header, cols[length].header)
}
