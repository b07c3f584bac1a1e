// Package layers holds only a test: the import rules between knee's
// layers, checked on every file, tests included, so that an arrow pointing
// the wrong way fails `make test` rather than a review. A test that wires
// layers together lives where the commands do (cmd/knee); the integration
// tests (test/integration) are the named exception, and exemptTests lists
// the one test file that may break its package's rule, with why.
//
//	utilities  internal/{numfmt,stats,table,output,inputerr}: import nothing of knee
//	domain     sweep/…, knee/…, baseline: the flow sweep → knee → baseline,
//	           never back up it, and never into the drivers
//	drivers    internal/drivers/…: harnesses, runners, Kubernetes, the
//	           simulated server; they know sweep's types, not the analysis
//	commands   cmd/knee: wires them all (and its tests test the wiring)
package layers
