package main

import (
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSweepChecksTheEndpointFirst: a sweep against an endpoint that does
// not answer fails before the first level, naming the URL (redacted) and
// the error, instead of running a level of failed requests.
func TestSweepChecksTheEndpointFirst(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dead := ln.Addr().String()
	require.NoError(t, ln.Close()) // nothing listens there now
	out := filepath.Join(t.TempDir(), "run")
	code, _, errs := runKneeCLI(t, "sweep", "--endpoint", "http://user:s3cret@"+dead, "--per-gpu", "8,16", "--gpus", "1", "--model", "m",
		"--metrics", "none", "--out", out)
	require.Equal(t, exitRuntime, code, errs)
	require.Contains(t, errs, "knee: endpoint http://user:xxxxx@"+dead+" does not answer (checked before the first level): dial tcp "+dead+": connect: connection refused; start the server or correct --endpoint")
	require.NotContains(t, errs, "s3cret")
	plan, err := os.ReadFile(filepath.Join(out, "plan.json"))
	require.NoError(t, err, "the folder can be resumed once the server is up")
	require.NotContains(t, string(plan), "s3cret")
	levels, _ := os.ReadDir(filepath.Join(out, "levels"))
	require.Empty(t, levels, "no level ran")
}
