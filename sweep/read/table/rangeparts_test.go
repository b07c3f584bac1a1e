package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A packed cell whose parts are ranges ("55–95 / 125–165 / …", an estimate
// row among measured ones) still unpacks: once a row per level, its ranges
// are the few rows set aside, and the measured rows are read. Synthetic
// numbers.
func TestPackedPartsMayBeRanges(t *testing.T) {
	md := "| environment | TG C1 / C2 / C4 tok/s |\n|---|---:|\n" +
		"| host A | 100.5 / 150.1 / 210.2 |\n" +
		"| host B | 80.1 / 140.3 / 200.4 |\n" +
		"| host C | 90.2 / 150.5 / 220.6 |\n" +
		"| estimate | 55–95 / 125–165 / 185–230 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "host B"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Equal(t, []float64{80.1, 140.3, 200.4}, throughputs(s))
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "estimate"})
	require.ErrorContains(t, err, `"55–95" is a range of values`, "a curve of ranges throughout is refused")
}
