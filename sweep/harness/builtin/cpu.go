package builtin

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) this process has used. When
// the simulated server runs in the same process (knee demo, tests) it is
// included: the machine's cores are shared either way.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
