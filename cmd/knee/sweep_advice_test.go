package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// TestClientBoundAdviceFitsTheHarness: on 2 busy cores the built-in harness
// marked levels client_bound because its threads waited for a CPU, while
// its own CPU share read 27%; the search advised --workers, which only
// inference-perf has. knee sweep's advice names what the harness saw and
// what applies to the harness in use, and against the simulated server
// offers its --time-scale.
func TestClientBoundAdviceFitsTheHarness(t *testing.T) {
	starved := "client threads waited for a CPU 63% of the time (other processes hold the cores)"
	s := &sweep.Sweep{Points: []sweep.Point{
		{PerGPU: sweep.F(64), ClientCPU: sweep.F(0.2), Simulated: true},
		{PerGPU: sweep.F(128), ClientCPU: sweep.F(0.27), ClientBound: true, ClientBoundWhy: []string{starved}, Simulated: true},
		{PerGPU: sweep.F(256), ClientCPU: sweep.F(0.27), ClientBound: true, ClientBoundWhy: []string{starved}, Simulated: true},
	}}
	var b bytes.Buffer
	printClientBoundAdvice(&b, s, "builtin", 4)
	require.Equal(t, "advice: 128/GPU, 256/GPU client_bound: the load generator, not the server, set the numbers ("+starved+
		"); the built-in harness runs inside knee on this machine's cores (it has no --workers): run knee where the cores are idle, or on a larger machine"+
		"; against knee simserver, slow its clock so that the same curve needs less CPU per second: restart it with a larger --time-scale (the gb300 preset's is 3; try 9) and sweep into a new folder\n", b.String())

	ip := clientBoundAdvice(s, "inference-perf", 4)
	require.Contains(t, ip, "give inference-perf more worker processes (--workers, now 4)")
	require.NotContains(t, clientBoundAdvice(s, "aiperf", 4), "--workers")

	// A real server (not simulated) gets no --time-scale; no client-bound
	// level, no advice at all.
	for i := range s.Points {
		s.Points[i].Simulated = false
	}
	require.NotContains(t, clientBoundAdvice(s, "builtin", 4), "--time-scale")
	s.Points = s.Points[:1]
	b.Reset()
	printClientBoundAdvice(&b, s, "builtin", 4)
	require.Empty(t, b.String())
}
