package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// runCatalog is `knee baseline --overlays DIR RUN…`: every run is read on
// its own and grouped by leaf (the runs of one leaf merge, as baseline's
// inputs do), every leaf is matched with DIR/<leaf>.yaml before anything
// is written, and one table for the PR sums it up. Exit 3 when any leaf
// was refused: its overlay is untouched, the others are written.
func (o *baselineOptions) runCatalog() error {
	opts, err := o.inputs.options()
	if err != nil {
		return err
	}
	byLeaf := map[string][]*sweep.Sweep{}
	var leaves []string
	for _, a := range o.args {
		s, err := read.File(a, opts)
		if err != nil {
			return err
		}
		if s.Leaf == "" {
			return inputerr.Errorf(a, "leaf", 0, "names no leaf, so no overlay can be matched to it (give --leaf when every run is of one leaf, or baseline it alone with --overlay FILE)")
		}
		if byLeaf[s.Leaf] == nil {
			leaves = append(leaves, s.Leaf)
		}
		byLeaf[s.Leaf] = append(byLeaf[s.Leaf], s)
	}
	sort.Strings(leaves)
	paths, err := baseline.FindOverlays(o.overlays, leaves)
	if err != nil {
		return err
	}
	var runs []baseline.LeafRun
	for _, leaf := range leaves {
		s, err := read.Merge(byLeaf[leaf], opts.Meta)
		if err != nil {
			return err
		}
		runs = append(runs, baseline.LeafRun{Sweep: s, Overlay: paths[leaf]})
	}
	c, err := baseline.RunCatalog(runs, baseline.Request{Knee: o.knee, Policy: o.policy, Write: o.write, AllowTargetMismatch: o.allowMismatch, Context: o.root.context(), Comment: report.CommentLines})
	if err != nil {
		return flagError(err)
	}
	if err := report.RenderCatalog(o.root.stdout, c, o.format); err != nil {
		return err
	}
	if c.Refused > 0 {
		var rs []string
		for _, rec := range c.Leaves {
			if rec.Status == baseline.StatusRefused {
				rs = append(rs, rec.Leaf)
			}
		}
		return &refusedError{msg: fmt.Sprintf("baseline refused for %d of %d leaves (their overlays are untouched): %s", c.Refused, len(c.Leaves), strings.Join(rs, ", "))}
	}
	return nil
}
