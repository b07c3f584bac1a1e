package baseline

import (
	"strings"

	"github.com/kneetool/knee/knee"
)

// kneeSummary is the knee in a few words, for derivations and refusals.
func kneeSummary(k knee.Knee) string { return "knee " + kneeShort(k) }

// kneeShort is kneeSummary without the leading "knee".
func kneeShort(k knee.Knee) string { return kneeShortIn(k, "/GPU") }

// kneeShortIn writes the knee with its levels in unit u: "/GPU", or
// " in flight" for a sweep whose GPU count is unknown. It is knee's own
// phrase, so find, baseline and compare tell one story.
func kneeShortIn(k knee.Knee, u string) string { return k.Phrase(u) }

// VerdictText is a level's verdict with the reasons beyond the verdict
// itself: "past_knee (cliff)". The overlay report's notes and every table
// of a recommendation write a verdict this way.
func VerdictText(p knee.PointResult) string {
	var extra []string
	for _, r := range p.Reasons {
		if string(r) != string(p.Verdict) {
			extra = append(extra, string(r))
		}
	}
	if len(extra) == 0 {
		return string(p.Verdict)
	}
	return string(p.Verdict) + " (" + strings.Join(extra, ", ") + ")"
}
