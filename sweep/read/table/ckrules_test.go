package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built from held-out batch ck's wrong reading and refusals, after the batch
// was measured once. Synthetic numbers shaped like the tables.

// "1 × NVIDIA B300 NVL8 node" counts a machine: the GPU count is the one the
// rest of the text states ("8 × B300", TP=8). Alone, "an 8xH100 node" still
// gives its 8 GPUs, and one node none.
func TestNodeCountIsNoGPUCount(t *testing.T) {
	md := "**Hardware:** 1 × NVIDIA B300 NVL8 node (8 × B300 SXM6, 288 GB / GPU)\n**Parallelism:** TP=8\n\n" +
		"| Conc | tok/s/GPU | TTFT ms |\n|---|---|---|\n| 1 | 13 | 45 |\n| 4 | 46 | 40 |\n| 16 | 155 | 150 |\n| 64 | 392 | 533 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{104, 368, 1240, 3136}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), "--gpus 8")
	alone := strings.Replace(md, "(8 × B300 SXM6, 288 GB / GPU)\n**Parallelism:** TP=8", "", 1)
	alone = strings.Replace(alone, "1 × NVIDIA B300 NVL8 node", "an 8xH100 node", 1)
	s, err = Read("t.md", []byte(alone), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{104, 368, 1240, 3136}, throughputs(s))
	one := strings.Replace(md, "(8 × B300 SXM6, 288 GB / GPU)\n**Parallelism:** TP=8", "", 1)
	_, err = Read("t.md", []byte(one), Markdown, Meta{})
	require.ErrorContains(t, err, "--gpus", "one node states no GPU count")
}

// Columns named by a level and the setups its cells hold one value each of
// ("c=1 baseline / DFlash" over "10.50 / 21.37"), beside columns of one
// setup ("c=16 baseline"), and rows named by two label columns: the table
// turns, one column per level and setup, and every curve reads.
func TestLevelColumnsPackingSetups(t *testing.T) {
	md := "**Throughput under load (aggregate tok/s):**\n\n| GPU | Weight | c=1 baseline / DFlash | c=4 baseline / DFlash | c=16 baseline | c=32 baseline |\n|---|---|---:|---:|---:|---:|\n" +
		"| gfx1151 | 17GB | 10.50 / 21.37 | 21.93 / 32.42 | 34.47 | — |\n| gfx1151 | dynamic | 9.21 / 19.69 | 20.99 / 31.10 | 31.05 | — |\n" +
		"| W7900 | 17GB | 33.72 / 54.27 | 65.69 / 78.88 | 220.62 | 276.16 |\n| W7900 | dynamic | 30.54 / 54.63 | 64.63 / 72.26 | 202.68 | 280.49 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `--series "W7900 17GB"`)
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "W7900 17GB"})
	require.ErrorContains(t, err, `--series "W7900 17GB / baseline"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "W7900 17GB / baseline"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16, 32}, concurrencies(s))
	require.Equal(t, []float64{33.72, 65.69, 220.62, 276.16}, throughputs(s))
	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "W7900 17GB / DFlash"})
	require.NoError(t, err)
	require.Equal(t, []float64{54.27, 78.88}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"c=1 baseline / DFlash", "c=4 baseline / DFlash" hold one value per series named`)
}

// "Batch (4)" writes the load's sign with its level in brackets, as "Batch
// 4" does; "Single Request" is one in flight.
func TestBracketedLoadSign(t *testing.T) {
	level, sign, ok := loadCellLevel("Batch (4)")
	require.True(t, ok)
	require.Equal(t, 4, level)
	require.Equal(t, "batch", sign)
	md := "| Metric | TP=1 |\n|---|---|\n| **Single Request** | 82.9 tok/s |\n| Batch (4) | 295 tok/s |\n| Batch (8) | 765 tok/s |\n| Batch (12) | 766 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8, 12}, concurrencies(s))
	require.Equal(t, []float64{82.9, 295, 765, 766}, throughputs(s))
}
