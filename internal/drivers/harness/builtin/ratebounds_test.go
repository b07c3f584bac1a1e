package builtin

import (
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Issue 27 item 10: --rate 1e-10 overflowed the arrival gap (1e10 s past
// time.Duration's range) and sent every request at once, recorded as
// 1e-10 req/s. The rate is bounded where it is read, in the plan and in
// the schedule itself.
func TestTinyRateIsRefusedNotSentAtOnce(t *testing.T) {
	_, err := sweep.ParseRates("20,1e-10")
	require.EqualError(t, err, "flag: --rate: 1e-10 req/s is less than knee's bound of 0.001 (one request in 1000 s)")
	_, err = Schedule(sweep.ArrivalsConstant, 1e-10, 10, 1)
	require.ErrorContains(t, err, "1e-10 is not a request rate between 0.001 and 1e+06 req/s")
	// Within the bound but a schedule of more than a week: refused too.
	_, err = Schedule(sweep.ArrivalsPoisson, 0.001, 1000, 1)
	require.ErrorContains(t, err, "1000 requests at 0.001 req/s take 1000000 s, more than knee's bound of a week per level")
	p := sweep.Plan{Rates: []float64{0.001}, MinRequests: 1000, Arrivals: sweep.ArrivalsPoisson}
	require.ErrorContains(t, p.Validate(), "1000 requests at 0.001 req/s take 1000000 s")

	sched, err := Schedule(sweep.ArrivalsConstant, 0.01, 3, 1)
	require.NoError(t, err)
	require.Equal(t, []float64{0, 100, 200}, []float64{sched[0].Seconds(), sched[1].Seconds(), sched[2].Seconds()})
}

// Issue 27 item 10: under ulimit -n 1024 every rate sweep failed at level
// 0, because the whole --max-in-flight (4,096 by default) was reserved
// even for a 10-request level. A level reserves what it can hold open.
func TestRateLevelReservesOnlyTheFilesItCanUse(t *testing.T) {
	var old syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old))
	if old.Max < 1024 {
		t.Skipf("hard limit on open files is %d", old.Max)
	}
	lim := syscall.Rlimit{Cur: 1024, Max: old.Max}
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim))
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old) })

	plan := sweep.Plan{Endpoint: "http://127.0.0.1:1", API: "chat", Rates: []float64{20}, MinRequests: 10, Arrivals: sweep.ArrivalsPoisson}
	lvl := sweep.Level{Rate: 20, Requests: 10}
	_, err := checkLevel(plan, lvl)
	require.NoError(t, err)
	require.Equal(t, 10, openLoopConns(plan, lvl))

	// A level that can hold 4,096 open still needs them.
	lvl.Requests = 5000
	_, err = checkLevel(plan, lvl)
	require.ErrorContains(t, err, "needs at least 4352 open files (one socket per stream) but the limit is 1024")
}
