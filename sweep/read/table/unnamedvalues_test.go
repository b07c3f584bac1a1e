package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic (batch l's repack table): a transposed table whose rows are
// configurations and whose corner names the load, with nothing saying what
// the values are: refused, naming the rows whose metric is missing.
func TestUnnamedValuesRefusedByName(t *testing.T) {
	md := "| concurrency | 1 | 2 | 4 |\n|---|---:|---:|---:|\n| config off | 13.9 | 20.5 | 23.8 |\n| config on | 16.6 | 19.8 | 39.5 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"config off" and "config on" hold numbers that nothing names`)
	md += "\nvalues are output tok/s\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "config on"})
	require.NoError(t, err, "the line under the table names them")
}
