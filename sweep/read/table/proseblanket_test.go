package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: a section whose lead says what all its numbers are, then two
// headed tables; the second is far from any figure with a unit, and the
// statement still names its columns.
func TestProseBlanketNamesEveryTableBelow(t *testing.T) {
	doc := `## Progression

All numbers aggregate tok/s on one GPU, temp 0.

### 0. Start

Opened at **59.9 tok/s**.

| C | alpha | beta |
|---|---|---|
| 16 | 59.9 | 168.9 |

### 1. After the fix

| C | alpha | beta |
|---|---|---|
| 1 | 25.4 | 14.2 |
| 4 | 48.0 | 53.3 |
| 16 | 113.1 | 168.9 |
`
	gs := markdownTables("t.md", []byte(doc))
	require.Len(t, gs, 2)
	g := gs[1]
	require.True(t, proseRateBlanket(g))
	notes := nameColumnsByHeading(&g)
	require.Equal(t, []string{"C", "alpha tok/s", "beta tok/s"}, g.header)
	require.Len(t, notes, 1)
}

// Simulated: statements in other words and languages; prose that says
// nothing of all the numbers is no statement.
func TestProseBlanketWords(t *testing.T) {
	for _, s := range []string{"All values are output tokens/s.", "every figure below in tok/s", "单位：tok/s", "所有数字均为 tok/s"} {
		require.True(t, proseBlanketRate.MatchString(s), s)
	}
	for _, s := range []string{"The peak reached 880 tok/s.", "all runs used 16 GPUs; tok/s below", "values vary"} {
		require.False(t, proseBlanketRate.MatchString(s), s)
	}
	g := engineGrid("the runs used a batch cap of 16.")
	require.Nil(t, nameColumnsByHeading(&g))
}
