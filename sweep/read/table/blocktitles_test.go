package table

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFoldTitle(t *testing.T) {
	require.Equal(t, "Baseline benchmark results", foldTitle(`??? info "Baseline benchmark results"`))
	require.Equal(t, "Optimized", foldTitle(`???+ note "Optimized"`))
	require.Equal(t, "Run B", foldTitle(`!!! example "Run B"`))
	require.Equal(t, "vLLM 0.9 (TP=2)", foldTitle(`<details><summary><b>vLLM 0.9</b> (TP=2)</summary>`))
	require.Equal(t, "", foldTitle(`??? info`))
	require.Equal(t, "", foldTitle(`Mean TTFT (ms): 59.01`))
}

// foldBlock is a synthetic vLLM result block at concurrency c, its level
// also in a shell comment above it as pages write it ("# BS=4").
func foldBlock(c int, tokS float64) string {
	return fmt.Sprintf("    # BS=%d\n", c) +
		"    ============ Serving Benchmark Result ============\n" +
		fmt.Sprintf("    Maximum request concurrency:             %d\n", c) +
		fmt.Sprintf("    Output token throughput (tok/s):         %.2f\n", tokS) +
		fmt.Sprintf("    Median TTFT (ms):                        %d\n", 50+c) +
		"    ==================================================\n\n"
}

// Two collapsed folds (mkdocs admonitions) each holding one sweep of the
// same levels are two series named by their titles, never one curve of
// repeats: the optimized arm at every level is 2.5× the baseline's, and
// averaging them would make a point no row holds (issue 26, batch r's
// baseline/optimized folds). Synthetic blocks.
func TestFoldTitlesAreSeries(t *testing.T) {
	var data strings.Builder
	data.WriteString("### Other cases\n\n")
	for _, arm := range []struct {
		title string
		scale float64
	}{{"Baseline benchmark results", 1}, {"Optimized benchmark results", 2.5}} {
		data.WriteString(`??? info "` + arm.title + `"` + "\n    ```bash\n")
		for _, c := range []int{1, 2, 4, 8} {
			data.WriteString(foldBlock(c, arm.scale*float64(120*c-c*c)))
		}
		data.WriteString("    ```\n\n")
	}
	g, ok := benchBlocks("t.md", []byte(data.String()))
	require.True(t, ok)
	title := -1
	for j, h := range g.header {
		if h == benchTitleKey {
			title = j
		}
	}
	require.GreaterOrEqual(t, title, 0, "the folds' titles are a column")
	require.Equal(t, "Baseline benchmark results", g.rows[0][title])
	require.Equal(t, "Optimized benchmark results", g.rows[4][title])

	s, err := readBenchText("t.md", []byte(data.String()), Meta{Series: "Optimized benchmark results"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, c := range []float64{1, 2, 4, 8} {
		require.Equal(t, c, s.Points[i].Concurrency)
		require.InDelta(t, 2.5*(120*c-c*c), s.Points[i].ThroughputTokS, 0.01)
		require.Zero(t, s.Points[i].Repeat)
	}
	var amb *ambiguous
	_, err = readBenchText("t.md", []byte(data.String()), Meta{})
	if err != nil {
		require.True(t, errors.As(err, &amb), "a refusal names the series: %v", err)
	}
}
