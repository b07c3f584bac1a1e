package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// littleLawLacks says what a request-rate row lacks for Little's law, and
// what would do: the served (or offered) rate, and the mean time in flight
// (the mean or median E2E, or TTFT and TPOT with the served req/s, from
// which the E2E is derived). A tail percentile only bounds the mean from
// above, so a row with p99 E2E alone is named as such, not as empty.
func littleLawLacks(p *sweep.Point, hasRate bool) string {
	var lacks []string
	if !hasRate {
		lacks = append(lacks, "no request rate (a served req/s column, or the offered rate)")
	}
	if tails := tailsOnly(p.E2E); tails != "" {
		lacks = append(lacks, fmt.Sprintf("end-to-end latency as %s only, which bounds the mean time in flight from above but is not it", tails))
	} else {
		lacks = append(lacks, "no mean or median end-to-end latency")
	}
	var derive []string
	if firstOf2(p.TTFT.Mean, p.TTFT.P50) == nil {
		derive = append(derive, "a mean or median TTFT")
	}
	if firstOf2(p.ITL.Mean, p.ITL.P50) == nil {
		derive = append(derive, "a mean or median TPOT")
	}
	if p.RequestRate == nil {
		derive = append(derive, "the served req/s")
	}
	return fmt.Sprintf("this row has %s; knee needs the mean or median E2E, or else %s, to derive it as TTFT + TPOT × (output tok/s ÷ served req/s − 1)", strings.Join(lacks, " and "), andList(derive))
}

// tailsOnly names the tail percentiles d holds when it holds no mean or
// median ("p99"), "" otherwise.
func tailsOnly(d sweep.Dist) string {
	if d.Mean != nil || d.P50 != nil {
		return ""
	}
	var tails []string
	for _, t := range []struct {
		name string
		v    *float64
	}{{"p75", d.P75}, {"p90", d.P90}, {"p95", d.P95}, {"p99", d.P99}, {"p99.9", d.P999}, {"max", d.Max}} {
		if t.v != nil {
			tails = append(tails, t.name)
		}
	}
	return strings.Join(tails, ", ")
}

// andList is "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
