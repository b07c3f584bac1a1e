package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// version prints one line, or JSON with -o json; any other -o is bad
// usage (it used to be ignored, printing text to a caller that asked for
// YAML).
func TestVersionTextJSONAndUnsupportedOutput(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, execute([]string{"version"}, &out, &errb))
	require.Equal(t, "knee dev ("+runtime.Version()+", sweep schema v1)\n", out.String())

	out.Reset()
	require.Equal(t, exitOK, execute([]string{"version", "-o", "json"}, &out, &errb))
	var v struct {
		Version string `json:"version"`
		Go      string `json:"go"`
		Schema  int    `json:"sweep_schema"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &v))
	require.Equal(t, "dev", v.Version)
	require.Equal(t, runtime.Version(), v.Go)
	require.Equal(t, 1, v.Schema)

	out.Reset()
	require.Equal(t, exitUsage, execute([]string{"version", "-o", "yaml"}, &out, &errb))
	require.Empty(t, out.String())
	require.Contains(t, errb.String(), "-o yaml is not supported here; use one of: text, json")
}
