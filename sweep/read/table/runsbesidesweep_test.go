package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Shapes by concurrency (synthetic): one shape measured at three levels,
// two at one level each. The one sweep is read with no flag; the one-level
// shapes are named as runs.
func TestOneSweepAmongOneLevelRunsIsRead(t *testing.T) {
	md := "| input/output | max-concurrency | Output tok/s |\n|---:|---:|---:|\n" +
		"| 1024/1024 | 64 | 3,197 |\n| 1024/1024 | 128 | 4,287 |\n| 1024/1024 | 256 | 4,750 |\n| 1024/8192 | 128 | 4,879 |\n| 8192/1024 | 128 | 1,961 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4750.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `series "1024/1024" read, the one sweep of the table; "1024/8192", "8192/1024" hold one level each: runs, not curves`)
}

// Two sweeps beside a run stay the user's choice; so do series whose rows
// write no level of their own (a metric per row under its level's first
// row): a blank load is no level, so those series are no runs.
func TestRunsBesideTwoSweepsOrUnwrittenLevelsStayAChoice(t *testing.T) {
	two := "engine,concurrency,output_tok_s\nA,1,100\nA,2,190\nA,4,350\nB,1,90\nB,2,170\nB,4,300\nC,4,200\n"
	_, err := Read("t.csv", []byte(two), CSV, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"A", "B", "C"}, amb.headers)
	g := grid{header: []string{"QPS", "Metric", "value"}, rows: [][]string{
		{"1", "Tput", "1.0"}, {"", "Output Tput", "109"}, {"4", "Tput", "3.7"}, {"", "Output Tput", "411"}, {"16", "Tput", "6.2"}, {"", "Output Tput", "673"}}}
	keyOf := func(row []string) string { return row[1] }
	pick, note := sweepAmongRuns(g, keyOf, 0)
	require.Empty(t, pick)
	require.Empty(t, note)
	require.Equal(t, 3, measuredLevels(g, keyOf, 0, "Tput"))
	require.Equal(t, 0, measuredLevels(g, keyOf, 0, "Output Tput"))
}
