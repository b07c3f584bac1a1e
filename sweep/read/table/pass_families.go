package table

// The families pass: the statistics of one metric (a median beside a mean,
// familyapart.go when they lie far apart), a total beside per-stream means
// and request rates of several kinds (families.go) are read as one family,
// a total that is a whole multiple of a per-GPU rate is the node's
// (totalovergpus.go),
// one member read and the others named; a statistic the text around the
// table names is the one of columns whose header names none (contextstat.go). It runs on the units the units
// pass decided.
func (r *resolved) familiesPass(g grid) error {
	// The statistic the text names for a header that names none
	// (contextstat.go), before the statistics of a metric are compared.
	r.statsFromContext(g)
	// Physics before statistics: a per-stream rate (perstream.go) is no
	// member of the node rate's family, whatever the headers say, nor is
	// one request's rate, its tokens over its latency (perrequest.go), nor a
	// rate that is an input rate plus an output one (sumrates.go).
	r.nodeRateOverStreams(g)
	r.decodeRates(g)
	r.perStreamRates(g)
	r.perRequestRates(g)
	r.inputPlusOutputRates(g)
	r.streamSiblings(g)
	r.curveSiblings(g)
	r.swappedStreamWords(g)
	r.risingPerUser(g) // what the word-and-physics rules above left one stream's
	if err := r.refuseDistantCentrals(g); err != nil {
		return err
	}
	r.statFamilies(g.file)
	r.totalOverGPUs(g)
	r.totalInContext(g)
	r.loneTotal(g.file)
	r.lonePeak(g.file)
	r.requestRates(g)
	return nil
}
