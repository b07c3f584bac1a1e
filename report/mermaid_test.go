package report_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
)

const palette = `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#1f5fbf, #d62728"}}}}%%` + "\n"

// The Mermaid charts of the real H200 test-bed sweep, exactly: levels as
// categories with the operating point marked, values rounded, a round axis
// top, the floor and ceiling as flat lines.
func TestMermaidChartsOfTheH200Sweep(t *testing.T) {
	r := find(t, load(t, "testbed/h200-cbserve-0.6b"))
	floor, ceiling := 1100.0, 2000.0
	got := report.Mermaid(r.Points, report.ChartMarks{Unit: knee.UnitOf(r), Operating: r.RecommendedPerGPU, FloorTokS: &floor, CeilingMs: &ceiling})
	require.Equal(t, "```mermaid\n"+palette+"xychart-beta\n"+
		"    title \"Output throughput (tok/s), ◀ operating point, flat line: floor 1,100\"\n"+
		"    x-axis \"concurrency per GPU\" [\"8\", \"16\", \"32\", \"64\", \"128\", \"256 ◀\", \"512\"]\n"+
		"    y-axis \"tok/s\" 0 --> 2000\n"+
		"    line [173, 230, 368, 716, 1231, 1576, 1893]\n"+
		"    line [1100, 1100, 1100, 1100, 1100, 1100, 1100]\n```\n\n"+
		"```mermaid\n"+palette+"xychart-beta\n"+
		"    title \"TTFT p99 (ms), flat line: ceiling 2,000 ms\"\n"+
		"    x-axis \"concurrency per GPU\" [\"8\", \"16\", \"32\", \"64\", \"128\", \"256 ◀\", \"512\"]\n"+
		"    y-axis \"ms\" 0 --> 2500\n"+
		"    line [219, 266, 256, 298, 435, 774, 1922]\n"+
		"    line [2000, 2000, 2000, 2000, 2000, 2000, 2000]\n```\n", got)
}

// A level with no TTFT p99 (the GB300 table's 128 and 256 have one; its
// simulated 64 is marked) is left out of the TTFT chart, never drawn at 0;
// a quote in a label cannot end Mermaid's string.
func TestMermaidLeavesOutUnknownTTFTAndQuotes(t *testing.T) {
	pts := []knee.PointResult{
		{PerGPU: 64, ThroughputTokS: 43900, TTFTP99Ms: 452, Simulated: true},
		{PerGPU: 128, ThroughputTokS: 84788},
		{PerGPU: 256, ThroughputTokS: 20769, TTFTP99Ms: 33320},
	}
	got := report.Mermaid(pts, report.ChartMarks{Title: `GB300 "EKS"`, Unit: "/GPU"})
	require.Contains(t, got, `x-axis "concurrency per GPU" ["64 sim", "128", "256"]`)
	require.Contains(t, got, `x-axis "concurrency per GPU" ["64 sim", "256"]`)
	require.Contains(t, got, "line [452, 33320]")
	require.Contains(t, got, `title "GB300 'EKS' — TTFT p99 (ms)"`)
	require.Contains(t, got, "y-axis \"tok/s\" 0 --> 100000")
	require.Equal(t, 2, strings.Count(got, "```mermaid"))
	require.Empty(t, report.Mermaid(nil, report.ChartMarks{}))
}
