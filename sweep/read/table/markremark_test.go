package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a load cell with a star and a word after it (Korean "the
// verdict point", English "best") reads as its number; the mark alone and
// a plain unit are left as they were.
func TestDropMarkedRemark(t *testing.T) {
	for in, want := range map[string]string{
		"1 ★판정점":      "1",
		"64 ⭐ best":   "64",
		"32 ✅ chosen": "32",
		"5,719 ⚠️":    "5,719 ⚠️",
		"183 tok/s":   "183 tok/s",
		"peak ★ 64":   "peak ★ 64",
		"12.5 ms ★最优": "12.5 ms",
	} {
		require.Equal(t, want, dropMarkedRemark(in), in)
	}
}

// Synthetic: a sweep whose first load cell marks the reference row with a
// star and a word in Korean reads as four levels, the marked one at 1.
func TestMarkedRemarkOnALoadCell(t *testing.T) {
	md := `| 동시성 | 출력 tok/s | TTFT p50(ms) |
|---|---|---|
| 1 ★판정점 | 100.0 | 50 |
| 2 | 190.0 | 52 |
| 4 | 350.0 | 60 |
| 8 | 500.0 | 90 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 1.0, s.Points[0].Concurrency)
	require.Equal(t, 100.0, s.Points[0].ThroughputTokS)
}
