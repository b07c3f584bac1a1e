package read

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// suggestedSeries is the value a --series refusal tells the user to pass.
var suggestedSeries = regexp.MustCompile(`(?:with|e\.g\.) --series "((?:[^"\\]|\\.)*)"`)

// seriesRejected are the words of a refusal that rejects a --series value.
var seriesRejected = []string{"names none of", "still leaves", "leaves", "nothing to pick"}

// TestSuggestedSeriesAreAccepted: every --series value knee suggests for a
// corpus entry is accepted when passed back; where the table holds series
// both ways, the suggestion after the first pick is followed too.
func TestSuggestedSeriesAreAccepted(t *testing.T) {
	followed := 0
	for _, name := range corpusEntries(t) {
		e := readCorpusExpected(t, name)
		file := fixtures.Path(filepath.Join("corpus", name, e.DataFile))
		pick := ""
		for step := 0; step < 4; step++ {
			_, err := Load([]string{file}, Options{Meta: Meta{Series: pick}})
			if err == nil {
				break
			}
			msg := err.Error()
			if pick != "" {
				for _, w := range seriesRejected {
					require.NotContains(t, msg, w, "%s: --series %q, which knee suggested, is refused: %s", name, pick, msg)
				}
			}
			m := suggestedSeries.FindStringSubmatch(msg)
			if m == nil || !strings.Contains(msg, "--series") {
				break
			}
			require.NotEqual(t, pick, m[1], "%s: knee suggests the --series it was given", name)
			pick = strings.ReplaceAll(m[1], `\"`, `"`)
			followed++
		}
	}
	require.Greater(t, followed, 5, "the corpus holds tables refused for their series")
}

func TestSplitColumnPick(t *testing.T) {
	names := []string{"EP=None", "EP=4", "EP=8"}
	for _, c := range []struct{ pick, name, rest string }{
		{"EP=4", "EP=4", ""},
		{"ep=none", "EP=None", ""},
		{"EP=8 / DeepSeek-R1 FP4 / 8192", "EP=8", "DeepSeek-R1 FP4 / 8192"},
	} {
		name, rest, ok := splitColumnPick(names, c.pick)
		require.True(t, ok, c.pick)
		require.Equal(t, c.name, name, c.pick)
		require.Equal(t, c.rest, rest, c.pick)
	}
	for _, bad := range []string{"EP=16", "DeepSeek-R1 FP8", "EP=4/x", "EP=4 / "} {
		_, _, ok := splitColumnPick(names, bad)
		require.False(t, ok, bad)
	}
	require.Equal(t, "EP=4 / FP8", joinPick("EP=4", "FP8"))
	require.Equal(t, "FP8", joinPick("", "FP8"))
}
