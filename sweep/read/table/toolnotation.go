package table

import "regexp"

// Benchmark tools write some names their own way: k6 names a percentile
// "p(95)" ("http_req_duration p(95)", "Latency Request ms p(90)"). Read
// as "p95", it is the statistic the other tools' headers write, not a
// bracketed name: the columns "… p(90)" and "… p(95)" are two statistics
// of one metric, not two curves named "90" and "95".
var k6Percentile = regexp.MustCompile(`(?i)\bp\((\d{2}(?:\.\d+)?)\)`)

// writeToolNotation rewrites the headers of g in the notation the roles
// read.
func writeToolNotation(g *grid) {
	for i, h := range g.header {
		g.header[i] = k6Percentile.ReplaceAllString(h, "p$1")
	}
}
