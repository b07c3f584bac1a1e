package table

import (
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// rateRoleWords tell one token rate from another in a header: a stream's
// or the node's, a phase, a statistic. Two rate headers that differ in
// other words only ("TP+EP=2 Tok/s" beside "DP=2 Tok/s": a group row over
// each pair of columns) name one rate of two series.
var rateRoleWords = map[string]bool{
	"per": true, "user": true, "users": true, "stream": true, "streams": true, "single": true, "node": true, "total": true,
	"aggregate": true, "agg": true, "sum": true, "overall": true, "system": true, "decode": true, "output": true, "out": true,
	"gen": true, "generation": true, "speed": true, "p50": true, "p90": true, "p95": true, "p99": true, "median": true, "mean": true, "avg": true,
}

// seriesOfOneRate: headers a and b end in the same name and the words
// before it differ but none names a rate's role, so that the physics
// (a flat series beside a growing one looks like a stream beside its
// node) is not what tells them apart: they are two series.
func seriesOfOneRate(a, b string) bool {
	// In English words: "单路 tok/s" beside "聚合 tok/s" is one stream's
	// rate beside the node's, as "per stream" beside "aggregate" is.
	fa, fb := strings.Fields(strings.ToLower(vocab.Translate(a))), strings.Fields(strings.ToLower(vocab.Translate(b)))
	if len(fa) < 2 || len(fb) < 2 || fa[len(fa)-1] != fb[len(fb)-1] {
		return false
	}
	lead := append(append([]string(nil), fa[:len(fa)-1]...), fb[:len(fb)-1]...)
	for _, w := range lead {
		if rateRoleWords[strings.Trim(w, "()[]*_:,")] {
			return false
		}
	}
	return strings.Join(fa[:len(fa)-1], " ") != strings.Join(fb[:len(fb)-1], " ")
}
