package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a report that pastes its script's summary object under a
// heading per level, the rate and the latencies grouped in nested objects,
// a config object beside them that stays context.
func TestEmbeddedObjectsReadAsRecords(t *testing.T) {
	obj := func(c, tps, p99 string) string {
		return "### Concurrency = " + c + "\n{\n  \"concurrency\": " + c + ",\n  \"gpu\": {\"model\": \"L4\", \"count\": 1},\n" +
			"  \"latency\": {\"mean_s\": 1.2, \"p99_s\": " + p99 + "},\n  \"tokens\": {\"tokens_per_second\": " + tps + "}\n}\n\nSome prose {not json}.\n\n"
	}
	doc := "# Baseline\n\n" + obj("1", "99.0", "1.31") + obj("4", "382.5", "1.40") + obj("16", "1368.2", "1.52")
	require.True(t, Looks(Records, "r.md", []byte(doc)))
	s, err := Read("r.md", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 382.5, s.Points[1].ThroughputTokS)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
	require.Equal(t, 1520.0, *s.Points[2].E2E.P99)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "read the 3 JSON objects the text holds")
	require.NotContains(t, notes, "gpu model")
}

// Synthetic: one object in a text is an example, not a sweep.
func TestOneEmbeddedObjectIsNoRecords(t *testing.T) {
	doc := "Result:\n{\"concurrency\": 4, \"output_tok_s\": 300}\n"
	require.False(t, Looks(Records, "r.md", []byte(doc)))
}
