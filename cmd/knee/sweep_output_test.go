package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// -o json is the sweep itself (sweepEndFormats), the levels the folder
// holds; a format the table does not list is usage, naming those it does.
func TestSweepOutputJSONIsTheSweep(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, append(sweepTestArgs(url, dir, "--stop-past-knee=false"), "-o", "json")...)
	require.Equal(t, 0, code, errs)
	var s sweep.Sweep
	require.NoError(t, json.Unmarshal([]byte(out), &s), out)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, *s.Points[1].PerGPU)
	require.Equal(t, "builtin", s.Harness)

	code, _, errs = sweepCLI(t, append(sweepTestArgs(url, filepath.Join(t.TempDir(), "yaml")), "-o", "yaml")...)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "-o yaml is not supported here; use one of: table, markdown, json")
}
