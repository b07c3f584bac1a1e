package table

import "errors"

// curvesRefusal is a refusal between the curves an input holds: the series
// pass could not pick one (they give different answers, or there are more
// than the pass reads). Reading one curve is the right refusal for commands
// that need one sweep (import, baseline, plot, diff); knee find instead
// answers every curve, which is what a perf engineer does with a table that
// compares engines or configurations, so the refusal carries their names.
type curvesRefusal struct {
	err   error
	names []string
}

func (c *curvesRefusal) Error() string { return c.err.Error() }
func (c *curvesRefusal) Unwrap() error { return c.err }

// maxCurves bounds the curves a refusal offers to answer one by one: a
// table of more is a catalog of runs, not curves to read in turn. A summary
// of six engines under three regimes (18 curves, a real CSV of the corpus)
// is still curves; each is read as --series reads it, a few ms apiece.
const maxCurves = 24

// CurveNames are the curves err refuses to choose between (the flag
// --series NAME reads each), in the order the refusal names them; nil when
// err is no such refusal.
func CurveNames(err error) []string {
	var c *curvesRefusal
	if errors.As(err, &c) {
		return c.names
	}
	var a *ambiguous
	if errors.As(err, &a) && a.kind == seriesKind {
		return a.headers
	}
	return nil
}

// namesWithin is a refusal between the curves whose names lie inside the
// columns of a series already picked ("1x counting", "1x code" under the
// pick "1x"): each is a curve of its own, read by its whole name.
type namesWithin struct{ err error }

func (n *namesWithin) Error() string { return n.err.Error() }
func (n *namesWithin) Unwrap() error { return n.err }

// NestedCurveNames are the curves inside a picked series' columns that err
// refuses to choose between (namesWithin); nil for any other error, a row
// series under a pick among them, which the pick's own words may not keep
// apart.
func NestedCurveNames(err error) []string {
	var n *namesWithin
	if !errors.As(err, &n) {
		return nil
	}
	return CurveNames(err)
}

// curves wraps err, a refusal between names, so that CurveNames finds them.
func curves(err error, names []string) error {
	if len(names) < 2 || len(names) > maxCurves {
		return err
	}
	return &curvesRefusal{err: err, names: names}
}
