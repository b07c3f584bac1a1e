package table

import "regexp"

// tokenTimePhrase is a time measured to or between tokens: "first-token",
// "inter token", "per output token". A unit written after it ("Mean
// first-token s", "time per output token s") is that time's unit, never
// half of a token rate: "token s" reads as tokens per second only when no
// such phrase owns the word token.
var tokenTimePhrase = regexp.MustCompile(`\b(first|inter|next|per|each|between)[\s-]+(output\s+|generated\s+)?tok(en)?s?\b`)

// withoutTokenTimes is the header with its token-time phrases blanked, so
// that the token-rate units are matched only on what is left.
func withoutTokenTimes(h string) string {
	return tokenTimePhrase.ReplaceAllString(h, " ")
}
