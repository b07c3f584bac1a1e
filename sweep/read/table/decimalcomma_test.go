package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule (simulated tables): the real shape is batch o's
// German load test, "0,65 s" under "Erstes Token (Median)".

func TestDecimalMarks(t *testing.T) {
	for run, want := range map[string][2]bool{
		"0,65": {true, false}, "12,5": {true, false}, "1.234,5": {true, false}, "3,1416": {true, false},
		"0.65": {false, true}, "1,234.5": {false, true}, "12.5": {false, true},
		"1,234": {false, false}, "1.234": {false, false}, "84,788": {false, false}, "0.5.16": {false, false}, "128": {false, false},
	} {
		comma, point := decimalMarks(run)
		require.Equal(t, want, [2]bool{comma, point}, run)
	}
}

func TestDecimalCommaTableReads(t *testing.T) {
	md := "| Gleichzeitige Anfragen | Erstes Token (Median) | Token/s gesamt |\n|---|---|---|\n" +
		"| 1 | 0,65 s | 77,5 |\n| 8 | 0,92 s | 1.310 |\n| 16 | 1,53 s | 1.394,25 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 650.0, *s.Points[0].TTFT.P50)
	require.Equal(t, 77.5, s.Points[0].ThroughputTokS)
	require.Equal(t, 1310.0, s.Points[1].ThroughputTokS) // "." groups thousands here
	require.Equal(t, 1394.25, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the table writes a decimal comma ("0,65 s")`)
}

func TestCommaThousandsStayWithoutEvidence(t *testing.T) {
	// No comma says decimal: "1,234" is a thousand and more, as ever.
	md := "| concurrency | TTFT p50 (ms) | tok/s |\n|---|---|---|\n| 1 | 50 | 1,234 |\n| 4 | 60 | 4,100 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1234.0, s.Points[0].ThroughputTokS)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "decimal comma")
}

func TestDecimalCommaBesideDecimalPointRefusedByColumn(t *testing.T) {
	md := "| concurrency | TTFT p50 | tok/s |\n|---|---|---|\n| 1 | 0,65 s | 77.5 |\n| 4 | 0,92 s | 301.2 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.EqualError(t, err, `t.md:3: TTFT p50: "0,65 s" writes a decimal comma (0,65), but the table's other numbers write a decimal point, so knee does not guess which mark this table means: write its numbers with one mark`)
}

func TestCommaGroupsUnderDecimalCommaProseRefused(t *testing.T) {
	md := "Bei acht Anfragen fiel die Rate auf 0,65 s je Token.\n\n" +
		"| Gleichzeitige Anfragen | TTFT (ms) | Token/s gesamt |\n|---|---|---|\n| 1 | 650 | 1,234 |\n| 8 | 920 | 3,100 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.EqualError(t, err, `t.md:5: Token/s gesamt: "1,234" could be 1234 (a comma grouping thousands) or 1.234 (a decimal comma, as the prose around the table writes), and the table's other numbers do not say which: knee does not guess; write the number without the grouping comma, or with a decimal point`)

	// A decimal point in the table settles it: thousands.
	point := strings.Replace(md, "| 8 | 920 |", "| 8 | 920.5 |", 1)
	s, err := Read("t.md", []byte(point), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1234.0, s.Points[0].ThroughputTokS)

	// Prose that writes decimal points leaves the English reading.
	en := strings.Replace(md, "0,65 s", "0.65 s", 1)
	s, err = Read("t.md", []byte(en), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 3100.0, s.Points[1].ThroughputTokS)
}
