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

var seriesRejected = []string{"names none of", "still leaves", "leaves", "nothing to pick"}

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
