package main

import (
	"net"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/drivers/simserver"
)

// The values of knee simserver's flags that need reading: --addr and --fault.

// checkLoopback refuses an --addr off loopback: the simulated server is a
// test fixture, not a service.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usagef("--addr %q: %v", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return usagef("--addr %q: the simulated server listens on loopback only (127.0.0.1)", addr)
	}
	return nil
}

// parseFault reads KIND:every=N[/burst=L][:AFTER] or KIND:rate=R[:AFTER].
func parseFault(spec string) (simserver.Fault, error) {
	bad := func(format string, args ...any) (simserver.Fault, error) {
		return simserver.Fault{}, usagef("--fault %q: "+format, append([]any{spec}, args...)...)
	}
	parts := strings.Split(spec, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return bad("want KIND:every=N[/burst=L][:AFTER_TOKENS] or KIND:rate=R[:AFTER_TOKENS]")
	}
	var ft simserver.Fault
	if code, err := strconv.Atoi(parts[0]); err == nil {
		ft.Kind, ft.Status = simserver.FaultStatus, code
	} else {
		ft.Kind = simserver.FaultKind(parts[0])
	}
	for _, kv := range strings.Split(parts[1], "/") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return bad("%q is not key=value", kv)
		}
		var err error
		switch k {
		case "every":
			ft.Every, err = strconv.Atoi(v)
		case "burst":
			ft.Burst, err = strconv.Atoi(v)
		case "rate":
			ft.Rate, err = strconv.ParseFloat(v, 64)
		default:
			return bad("unknown selector %q (every, burst, rate)", k)
		}
		if err != nil {
			return bad("%s: %v", k, err)
		}
	}
	if len(parts) == 3 {
		n, err := strconv.Atoi(parts[2])
		if err != nil {
			return bad("AFTER_TOKENS: %v", err)
		}
		ft.AfterTokens = n
	}
	if err := (simserver.Config{ZeroServiceTime: true, Faults: []simserver.Fault{ft}}).Validate(); err != nil {
		return bad("%v", err)
	}
	return ft, nil
}
