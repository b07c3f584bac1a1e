package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The units pass, on a synthetic table: a latency whose unit only the text
// around the table states takes it from there (said in a note), a
// "Throughput" whose cells are in req/s is a request rate, a bare duration
// is left unread, and the units row wins over nothing.
func TestUnitsPass(t *testing.T) {
	g := synthetic([]string{"Concurrency", "Throughput", "Output tok/s", "TTFT p50", "Duration"}, "TTFT in seconds.",
		[]string{"1", "0.9 req/s", "100", "0.2", "60"},
		[]string{"8", "6.1 req/s", "700", "0.9", "60"})
	r, err := throughPass(t, g, Meta{}, 0)
	require.NoError(t, err)
	ttft := colNamed(t, r, "TTFT p50")
	require.Equal(t, "s", ttft.unit.name)
	require.Equal(t, "text around the table", ttft.unitFrom)
	require.Equal(t, colRequestRate, colNamed(t, r, "Throughput").kind)
	require.Equal(t, colIgnore, colNamed(t, r, "Duration").kind)
	require.Equal(t, "a duration with no unit stated", colNamed(t, r, "Duration").why)
	r.noteContextUnits(g.file)
	notes := strings.Join(r.notes, "\n")
	require.Contains(t, notes, `"TTFT p50" read in s: the text around the table says so`)
	require.Contains(t, notes, `"Throughput" read as the achieved request rate: its cells are in req/s`)

	// --unit states what the header does not, and is refused where it
	// cannot fit: a time unit on a token rate.
	r, err = throughPass(t, g, Meta{Units: map[string]string{"duration": "s"}}, 0)
	require.NoError(t, err)
	require.Equal(t, "s", colNamed(t, r, "Duration").unit.name)
	_, err = throughPass(t, g, Meta{Units: map[string]string{"output tok/s": "ms"}}, 0)
	require.ErrorContains(t, err, `the --unit says "ms", which is a time; this column holds a token rate`)
}

// The unit the text around the table gives is said for the columns read,
// not for a series --series leaves unread. Synthetic.
func TestContextUnitsAreSaidForTheColumnsRead(t *testing.T) {
	g := synthetic([]string{"Concurrency", "vLLM tok/s", "SGLang tok/s", "vLLM TTFT p50", "SGLang TTFT p50"}, "TTFT in seconds.",
		[]string{"1", "100", "110", "0.2", "0.3"},
		[]string{"8", "700", "650", "0.9", "1.1"})
	r, err := resolveColumns(g, nil, 0, Meta{Series: "vLLM"})
	require.NoError(t, err)
	notes := strings.Join(r.notes, "\n")
	require.Contains(t, notes, `"vLLM TTFT p50" read in s: the text around the table says so`)
	require.NotContains(t, notes, `"SGLang TTFT p50" read in s`)
}
