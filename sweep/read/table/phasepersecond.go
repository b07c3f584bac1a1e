package table

import "regexp"

// A token phase over a second ("Gen/s", evalscope's generated tokens a
// second; "decode/s", "output/s") is that phase's token rate: a phase is
// counted in tokens and nothing else, so the slash and the second say a
// rate of them. Words that count other things over a second ("prompts/s",
// "requests/s", "input/s" beside a request count) are not phases here.
var phasePerSecond = regexp.MustCompile(`\b(gen|generated|generation|output|decode|completion)\s*/\s*(s|sec|second)\b`)

// phaseTokens writes the tokens a phase over a second leaves unsaid.
func phaseTokens(low string) string {
	return phasePerSecond.ReplaceAllString(low, "$1 tok/$2")
}
