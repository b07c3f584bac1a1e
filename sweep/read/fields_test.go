package read

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// The field getter the flat-object readers share: the first bad field is
// the one named, with the file and (for a JSON-lines row) the line, and
// every later get returns nil so a reader checks err once.
func TestFieldsFirstBadFieldNamed(t *testing.T) {
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(`{"a": 2.5, "n": null, "bad": "fast", "worse": [1], "c": 3, "half": 1.5, "model": "m"}`), &top))
	f := &fields{file: "r.jsonl", top: top, line: 7}

	v := f.nums("a", "n", "missing")
	require.NoError(t, f.err)
	require.NotNil(t, v["a"])
	assert.Equal(t, 2.5, *v["a"])
	assert.Nil(t, v["n"], "null is absent")
	assert.Nil(t, v["missing"])
	assert.Equal(t, 3, *f.count("c", f.num("c")))
	assert.Equal(t, "m", f.str("model"))
	assert.Equal(t, "", f.str("a"), "a number is not a string")

	assert.Nil(t, f.num("bad"))
	assert.Nil(t, f.num("worse"), "after an error every get is nil")
	assert.Nil(t, f.num("a"))
	var ie *inputerr.Error
	require.True(t, errors.As(f.err, &ie))
	assert.Equal(t, "r.jsonl", ie.File)
	assert.Equal(t, "bad", ie.Field, "the first bad field, not a later one")
	assert.Equal(t, 7, ie.Line)
	assert.Equal(t, `want a number, got "fast"`, ie.Msg)
}

func TestFieldsCountAndStats(t *testing.T) {
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(`{"half": 1.5, "m": 0.2, "q": 0.9}`), &top))
	f := &fields{file: "s.json", top: top}
	st := f.stats([2]string{"mean", "m"}, [2]string{"p99", "q"}, [2]string{"max", "absent"})
	require.NoError(t, f.err)
	d, err := st.dist("s.json", "x", 1000)
	require.NoError(t, err)
	assert.Equal(t, 200.0, *d.Mean)
	assert.Equal(t, 900.0, *d.P99)
	assert.Nil(t, d.Max)

	assert.Nil(t, f.count("half", f.num("half")))
	var ie *inputerr.Error
	require.True(t, errors.As(f.err, &ie))
	assert.Equal(t, "half", ie.Field)
	assert.Equal(t, 0, ie.Line, "a JSON file's error names no line")
	assert.Equal(t, "must be a whole non-negative count, got 1.5", ie.Msg)
}

func TestUnitScaleTables(t *testing.T) {
	for _, c := range []struct {
		table map[string]float64
		unit  string
		want  float64
		ok    bool
	}{
		{apTimeUnits, " Seconds ", 1000, true},
		{apTimeUnits, "ns", 1e-6, true},
		{apTimeUnits, "s/token", 0, false},
		{llmdTimeUnits, "S/token", 1000, true},
		{llmdTimeUnits, "µs", 1e-3, true},
		{llmdTimeUnits, "ns", 0, false},
	} {
		k, ok := unitScale(c.table, c.unit)
		assert.Equal(t, c.ok, ok, c.unit)
		assert.Equal(t, c.want, k, c.unit)
	}
}
