// Package layers holds only a test: the import rules between knee's
// layers, checked on every file so that an arrow pointing the wrong way
// fails `make test` rather than a review.
//
//	utilities  internal/{numfmt,stats,table,output,inputerr}: import nothing of knee
//	domain     sweep/…, knee/…, baseline: the flow sweep → knee → baseline,
//	           never back up it, and never into the drivers
//	drivers    internal/drivers/…: harnesses, runners, Kubernetes, the
//	           simulated server; they know sweep's types, not the analysis
//	commands   cmd/knee: wires them all
package layers
