package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Result objects a script prints into its log after a tag. Synthetic
// numbers.

func TestTaggedLogObjectsAreRecords(t *testing.T) {
	log := "WARNING: something deprecated\n" +
		"progress: 100%|##########| 8/8\n" +
		`RESULT {"concurrency": 1, "output_tok_s": 20.5}` + "\n" +
		`RESULT {"concurrency": 4, "output_tok_s": 71.0}` + "\n" +
		"progress: 100%|##########| 8/8\n" +
		`RESULT {"concurrency": 8, "output_tok_s": 130.2}` + "\n"
	s, err := Read("t.log", []byte(log), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{20.5, 71.0, 130.2}, throughputs(s))
}

// A run per repeat and a line per level summing them up: the summary
// lines are read, the repeats are what they sum up.
func TestSummaryTaggedLinesWinOverRepeats(t *testing.T) {
	log := `RESULT_JSON {"concurrency": 1, "repeat": 0, "output_tok_s": 20.1}` + "\n" +
		`RESULT_JSON {"concurrency": 1, "repeat": 1, "output_tok_s": 20.9}` + "\n" +
		`RESULTS_AGG_JSON {"concurrency": 1, "output_tok_s_mean": 20.5}` + "\n" +
		`RESULT_JSON {"concurrency": 4, "repeat": 0, "output_tok_s": 70.0}` + "\n" +
		`RESULT_JSON {"concurrency": 4, "repeat": 1, "output_tok_s": 72.0}` + "\n" +
		`RESULTS_AGG_JSON {"concurrency": 4, "output_tok_s_mean": 71.0}` + "\n" +
		`RESULT_JSON {"concurrency": 8, "repeat": 0, "output_tok_s": 130.0}` + "\n" +
		`RESULT_JSON {"concurrency": 8, "repeat": 1, "output_tok_s": 130.4}` + "\n" +
		`RESULTS_AGG_JSON {"concurrency": 8, "output_tok_s_mean": 130.2}` + "\n"
	s, err := Read("t.log", []byte(log), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{20.5, 71.0, 130.2}, throughputs(s))
	_, tagged := summaryTagged(make([]*jnode, 3), []string{"A_SUMMARY", "B_TOTAL", "A_SUMMARY"})
	require.Equal(t, `each after a tag ("A_SUMMARY" and "B_TOTAL")`, tagged, "two summary tags: no pick")
}

// A sentence before an object is prose, not a tag: the object is an
// example in the text, not a result.
func TestProseBeforeObjectIsNoTag(t *testing.T) {
	data := []byte(`The server replies {"a": 1}`)
	_, ok := lineTag(data, 18)
	require.False(t, ok)
	tag, ok := lineTag([]byte(`INFO:bench: {"a": 1}`), 12)
	require.True(t, ok)
	require.Equal(t, "INFO:bench:", tag)
}

// A key written twice holds its last value (found by fuzzing a chart's
// data after a log tag: the chart's key renamed once, its twin left with
// no value).
func TestDuplicateKeysKeepTheLast(t *testing.T) {
	log := `R {"concurrency": 1, "output_tok_s": 9, "output_tok_s": 20.5}` + "\n" +
		`R {"concurrency": 4, "output_tok_s": 71.0}` + "\n" +
		`R {"concurrency": 8, "output_tok_s": 130.2}` + "\n"
	s, err := Read("t.log", []byte(log), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{20.5, 71.0, 130.2}, throughputs(s))
}
