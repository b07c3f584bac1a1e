package output

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWriteJSONIndentsAndKeepsComparisons(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, map[string]any{"value": ">= 63000", "n": []int{1, 2}}))
	require.Equal(t, "{\n  \"n\": [\n    1,\n    2\n  ],\n  \"value\": \">= 63000\"\n}\n", b.String())
}

func TestEncodersPickByFormat(t *testing.T) {
	e := New("thing",
		Encoder[int]{Format: Table, Encode: func(w io.Writer, v int) error { _, err := io.WriteString(w, "table"); return err }},
		JSONEncoder[int](),
	)
	require.Equal(t, Table, e.Default())
	require.Equal(t, []string{"table", "json"}, e.Names())
	require.True(t, e.Has(JSON))
	require.False(t, e.Has(YAML))

	var b bytes.Buffer
	require.NoError(t, e.Encode(&b, Table, 7))
	require.Equal(t, "table", b.String())
	b.Reset()
	require.NoError(t, e.Encode(&b, JSON, 7))
	require.Equal(t, "7\n", b.String())
	err := e.Encode(&b, YAML, 7)
	require.EqualError(t, err, `thing: unknown output format "yaml" (table, json)`)
}

func TestForMachines(t *testing.T) {
	for f, want := range map[Format]bool{JSON: true, YAML: true, Table: false, Markdown: false, Text: false} {
		require.Equal(t, want, f.ForMachines(), f)
	}
}
