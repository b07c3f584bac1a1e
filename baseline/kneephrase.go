package baseline

import "github.com/kneetool/knee/knee"

// kneeSummary is the knee in a few words, for derivations and refusals.
func kneeSummary(k knee.Knee) string { return "knee " + kneeShort(k) }

// kneeShort is kneeSummary without the leading "knee".
func kneeShort(k knee.Knee) string { return kneeShortIn(k, "/GPU") }

// kneeShortIn writes the knee with its levels in unit u: "/GPU", or
// " in flight" for a sweep whose GPU count is unknown. It is knee's own
// phrase, so find, baseline and compare tell one story.
func kneeShortIn(k knee.Knee, u string) string { return k.Phrase(u) }
