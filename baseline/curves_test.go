package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// curve is a synthetic curve (labelled so: these are not measurements)
// of closed-loop levels and their throughput.
func namedCurve(name string, levels ...[2]float64) NamedSweep {
	s := &sweep.Sweep{Version: sweep.SchemaVersion}
	for _, l := range levels {
		s.Points = append(s.Points, sweep.Point{Concurrency: l[0], ThroughputTokS: l[1], Source: "synthetic"})
	}
	return NamedSweep{Series: name, Sweep: s}
}

func TestAnswerableSetsAsideRunsAndRestatements(t *testing.T) {
	sweepA := namedCurve("A", [2]float64{1, 28.4}, [2]float64{4, 130.5}, [2]float64{16, 444.8}, [2]float64{64, 1570})
	probe := namedCurve("probe", [2]float64{1, 11.4})
	summary := namedCurve("key points", [2]float64{4, 130}, [2]float64{16, 445}, [2]float64{64, 1570})
	other := namedCurve("B", [2]float64{1, 20}, [2]float64{2, 22.7}, [2]float64{4, 44})
	kept, aside := Answerable([]NamedSweep{sweepA, probe, summary, other})
	require.Equal(t, []string{"A", "B"}, []string{kept[0].Series, kept[1].Series})
	require.Len(t, aside, 2)
	require.Equal(t, "probe", aside[0].Series)
	require.Contains(t, aside[0].Why, "1 level(s)")
	require.Equal(t, "key points", aside[1].Series)
	require.Contains(t, aside[1].Why, "restates")
}

// Where no curve has three levels, every curve is all there is: none is
// set aside for being short, and a curve of other throughput is no summary.
func TestAnswerableKeepsShortCurvesWhenAllAreShort(t *testing.T) {
	a := namedCurve("A", [2]float64{1, 46.3}, [2]float64{2, 73})
	b := namedCurve("B", [2]float64{1, 48.7}, [2]float64{8, 162.9})
	kept, aside := Answerable([]NamedSweep{a, b})
	require.Len(t, kept, 2)
	require.Empty(t, aside)
	// 1% apart is rounding; 3% apart is another measurement.
	require.True(t, roundedSame(130, 130.5))
	require.False(t, roundedSame(130, 134))
}
