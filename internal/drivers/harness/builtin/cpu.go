package builtin

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// runDelay is the total time this process's threads spent runnable but
// waiting for a CPU (the second field of /proc/self/task/*/schedstat). A
// client starved by other processes uses little CPU yet cannot keep up; its
// CPU share alone would call it healthy. Zero where schedstat is missing.
func runDelay() time.Duration {
	files, _ := filepath.Glob("/proc/self/task/*/schedstat")
	var total int64
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		fields := strings.Fields(string(b))
		if len(fields) < 2 {
			continue
		}
		if v, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
			total += v
		}
	}
	return time.Duration(total)
}

// openFileLimit is the soft limit on open files (Go raises it to the hard
// limit at start-up); 0 when unknown.
func openFileLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0
	}
	return r.Cur
}
