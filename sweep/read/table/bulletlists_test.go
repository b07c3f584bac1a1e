package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const bulletSweep = "Thanks, tested.\n\nEnvironment:\n- one GPU\n- engine: 0.23.1\n\nconcurrency 6:\n- old: 1781 completion tok/s\n- new: 1482 completion tok/s\n\n" +
	"concurrency 24:\n- old: 5110 completion tok/s\n- new: 5312 completion tok/s\n\nconcurrency 48:\n- old: 6960 completion tok/s\n- new: 7686 completion tok/s\n"

func TestBulletGridReadsLevelLinesAndRunBullets(t *testing.T) {
	g, ok := bulletGrid("t.md", []byte(bulletSweep))
	require.True(t, ok)
	require.Equal(t, []string{"concurrency", "run", "completion tok/s"}, g.header)
	require.Len(t, g.rows, 6)
	require.Equal(t, []string{"24", "new", "5312"}, g.rows[3])
	require.Equal(t, 13, g.lines[3])
}

func TestBulletListsReadAsASweepOfRuns(t *testing.T) {
	s, err := readAligned("t.md", []byte(bulletSweep), Meta{Series: "new"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 48.0, s.Points[2].Concurrency, 1e-9)
	require.InDelta(t, 7686.0, s.Points[2].ThroughputTokS, 1e-9)
}

func TestBulletGridWantsOneRateUnitAndTwoLevels(t *testing.T) {
	_, ok := bulletGrid("t.md", []byte("concurrency 6:\n- old: 1781 tok/s\n- new: 12 ms\n\nconcurrency 8:\n- old: 1900 tok/s\n"))
	require.False(t, ok)
	_, ok = bulletGrid("t.md", []byte("concurrency 6:\n- old: 1781 tok/s\n- new: 1482 tok/s\n"))
	require.False(t, ok)
	_, ok = bulletGrid("t.md", []byte("concurrency 6:\n- old: 17 GB\n\nconcurrency 8:\n- old: 19 GB\n"))
	require.False(t, ok)
}
