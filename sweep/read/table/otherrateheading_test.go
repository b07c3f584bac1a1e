package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: a transposed table under "**Total throughput, tok/s**": the
// heading names a rate of input and output tokens, which knee does not
// read as the output rate; the refusal says so instead of saying that
// nothing names the numbers.
func TestOtherRateHeadingNamedInRefusal(t *testing.T) {
	doc := `**Total throughput, tok/s** (synthetic chat 200/200)

| Concurrent requests | 1 | 8 | 32 | 128 |
|---|---|---|---|---|
| engine A | 87 | 607 | 2,262 | 5,458 |
| engine B | 151 | 1,099 | 3,817 | 8,713 |
`
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `"engine A" and "engine B" hold numbers under "Total throughput, tok/s", which names a token rate knee does not read as the node's output rate (input + output tokens, not output)`)
}
