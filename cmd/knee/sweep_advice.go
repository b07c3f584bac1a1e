package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
)

// clientBoundAdvice is knee sweep's own advice when levels were client_bound:
// the cause the harness saw, and what gives the load generator room with the
// harness in use. --workers is inference-perf's alone; the built-in harness
// runs inside knee, so only idle or more cores help it; and against the
// simulated server a slower clock asks less CPU of both. "" when no level
// was client_bound.
func clientBoundAdvice(s *sweep.Sweep, harnessName string, workers int) string {
	var levels []string
	var why []string
	simulated := false
	for _, p := range s.Points {
		if !p.ClientBound {
			continue
		}
		if p.PerGPU != nil {
			levels = append(levels, fmt.Sprintf("%g/GPU", *p.PerGPU))
		} else if p.RequestedRate != nil {
			levels = append(levels, fmt.Sprintf("%g req/s", *p.RequestedRate))
		}
		why = p.ClientBoundWhy // the highest level's, said once
		simulated = simulated || p.Simulated
	}
	if len(levels) == 0 {
		return ""
	}
	b := fmt.Sprintf("%s client_bound: the load generator, not the server, set the numbers", strings.Join(levels, ", "))
	if len(why) > 0 {
		b += " (" + strings.Join(why, "; ") + ")"
	}
	switch harnessName {
	case builtin.Name:
		b += "; the built-in harness runs inside knee on this machine's cores (it has no --workers): run knee where the cores are idle, or on a larger machine"
	case "inference-perf":
		b += fmt.Sprintf("; give inference-perf more worker processes (--workers, now %d) and, with --runner kube, more CPU (--loadgen-cpu)", workers)
	case "aiperf":
		b += "; give aiperf more CPU: a larger or idle client machine, or --loadgen-cpu with --runner kube"
	}
	if simulated {
		b += fmt.Sprintf("; against knee simserver, slow its clock so that the same curve needs less CPU per second: restart it with a larger --time-scale (the gb300 preset's is %g; try %g) and sweep into a new folder",
			simserver.GB300Like().TimeScale, 3*simserver.GB300Like().TimeScale)
	}
	return b
}

// printClientBoundAdvice writes the advice as one "advice:" line.
func printClientBoundAdvice(w io.Writer, s *sweep.Sweep, harnessName string, workers int) {
	if s == nil {
		return
	}
	if a := clientBoundAdvice(s, harnessName, workers); a != "" {
		fmt.Fprintf(w, "advice: %s\n", a)
	}
}
