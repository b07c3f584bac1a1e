package table

import "fmt"

// Of two measured concurrencies, a mean and an extreme ("mean_effective_
// batch_size" beside "max_effective_batch_size"), only the mean is the
// concurrency the run held: Little's law's requests in flight, the figure
// knee checks the level against, is an average over the run. A max is the
// peak one instant reached (never below the mean, and equal to the level
// as soon as the batch filled once); a min is the trough as the queue
// drained. Neither is a level, so with a mean beside it the extreme is
// left unread rather than offered as a second reading of the same value
// (the header words already do this for "peak": roles.go).

// extremesBesideMean leaves the measured extremes unread when a measured
// mean is among the columns measured.
func (r *resolved) extremesBesideMean(g grid, measured []int) {
	mean := -1
	for _, i := range measured {
		if r.cols[i].stat == "mean" {
			mean = i
			break
		}
	}
	if mean < 0 {
		return
	}
	for _, i := range measured {
		c := &r.cols[i]
		if c.stat != "max" && c.stat != "min" {
			continue
		}
		c.kind, c.why = colIgnore, fmt.Sprintf("the %s of the requests in flight over the run, an instant's, not a level; %q is the mean the run held", c.stat, r.cols[mean].header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the achieved concurrency, not %q: a mean held over the run beside one instant's %s", g.file, r.cols[mean].header, c.header, c.stat))
	}
}
