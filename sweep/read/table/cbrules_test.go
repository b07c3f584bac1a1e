package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// From held-out batch cb's misses (fitted after its one measurement): a
// "GPU" column naming devices ("RTX4090", "H100") names curves with the
// model beside it; a count of GPUs is no name.
func TestDeviceNamesAreCurves(t *testing.T) {
	doc := "GPU,Model,M,Throughput (token/s)\nRTX4090,A,64,1.03e+04\nRTX4090,A,128,1.38e+04\nRTX4090,A,256,2.12e+04\nRTX4090,B,64,9.1e+03\nRTX4090,B,128,1.21e+04\nRTX4090,B,256,1.55e+04\n" +
		"H100,A,64,2.03e+04\nH100,A,128,2.88e+04\nH100,A,256,3.52e+04\nH100,B,64,1.9e+04\nH100,B,128,2.5e+04\nH100,B,256,3.1e+04\n"
	_, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"RTX4090 / A", "RTX4090 / B", "H100 / A", "H100 / B"}, CurveNames(err))
	s, err := Read("t.csv", []byte(doc), CSV, Meta{Series: "H100 / B", Columns: map[string]string{"concurrency": "M"}})
	require.NoError(t, err)
	require.Equal(t, []float64{19000, 25000, 31000}, throughputs(s))
	g := synthetic([]string{"GPUs", "c"}, "", []string{"1", "4"}, []string{"2", "8"})
	require.False(t, deviceNames(g, classifyAll(g.header), 0), "a count of GPUs names no device")
}

// An inline curve closed by a remark in brackets ("C2 83.6, C4 122.1, C8
// 155.7 tok/s (per-stream 57 -> 23)") is the curve; the remark no item.
func TestCurveWithRemarkAfter(t *testing.T) {
	c, ok := parseInlineCurve("C2 83.6, C4 122.1, C6 139.1, C8 155.7 tok/s (per-stream 57 -> 23)", 3)
	require.True(t, ok)
	require.Equal(t, []string{"2", "4", "6", "8"}, c.levels)
	require.Equal(t, []string{"83.6", "122.1", "139.1", "155.7"}, c.values)
	_, ok = parseInlineCurve("C2 83.6, C4 122.1, C6 139.1 tok/s, then 40 at C1", 3)
	require.False(t, ok, "text after the last item that is no remark")
}
