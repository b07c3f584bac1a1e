package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

// sweepEnd is what knee sweep prints when it ends: the run's sweep, and
// where it is stored (the summary reads the folder back with SLOs).
type sweepEnd struct {
	st    *store.Store
	sweep *sweep.Sweep
	slos  []knee.SLO
	errw  io.Writer
}

// sweepEndFormats are knee sweep's -o formats: what knee find says of the
// levels so far, or with -o json the sweep itself, as knee import -o json
// and sweep.json write it.
var sweepEndFormats = output.New("knee sweep",
	output.Encoder[sweepEnd]{Format: output.Table, Encode: func(w io.Writer, e sweepEnd) error { return e.summary(w, "table") }},
	output.Encoder[sweepEnd]{Format: output.Markdown, Encode: func(w io.Writer, e sweepEnd) error { return e.summary(w, "markdown") }},
	output.Encoder[sweepEnd]{Format: output.JSON, Encode: func(w io.Writer, e sweepEnd) error { return writeJSON(w, e.sweep) }},
)

func (e sweepEnd) summary(w io.Writer, format string) error {
	return renderSweepSummary(w, summarySweep(e.st, e.sweep, e.slos), format, e.errw, e.slos)
}

// report prints the sweep so far, where it is, and how to continue.
func (o *sweepOptions) report(st *store.Store, out *run.Outcome, runErr error) error {
	w := o.root.stdout
	if out != nil && out.Sweep != nil && len(out.Sweep.Points) > 0 {
		if err := sweepEndFormats.Encode(w, output.Format(o.format), sweepEnd{st: st, sweep: out.Sweep, slos: o.Search.SLOs, errw: o.root.stderr}); err != nil {
			return err
		}
	}
	if out != nil {
		printClientBoundAdvice(o.root.stderr, out.Sweep, o.plan.Harness, o.Workers)
	}
	dir, _ := filepath.Abs(st.Dir())
	fmt.Fprintf(o.root.stderr, "results: %s (analyse with: knee find %s)\n", inputerr.QuoteName(dir), inputerr.QuoteName(st.Dir()))
	if runErr == nil {
		return nil
	}
	if errors.Is(runErr, context.Canceled) || errors.Is(runErr, context.DeadlineExceeded) {
		return fmt.Errorf("%w; every finished level is kept; continue with: knee sweep --resume %s", runErr, inputerr.QuoteName(st.Dir()))
	}
	return fmt.Errorf("%w; finished levels are kept in %s; continue with: knee sweep --resume %s", runErr, inputerr.QuoteName(st.Dir()), inputerr.QuoteName(st.Dir()))
}

// summarySweep is the sweep the summary analyses: with SLOs, the folder as
// knee find reads it (store.Load adds each level's requests.jsonl, so
// goodput is counted per request as find counts it); else the run's own.
func summarySweep(st *store.Store, s *sweep.Sweep, slos []knee.SLO) *sweep.Sweep {
	if len(slos) == 0 {
		return s
	}
	if loaded, err := store.Load(st.Dir()); err == nil && len(loaded.Points) == len(s.Points) {
		return loaded
	}
	return s
}

// renderSweepSummary prints what knee find says about the sweep; when the
// analysis cannot run on it (too few levels), the measured levels as they are.
func renderSweepSummary(w io.Writer, s *sweep.Sweep, format string, errw io.Writer, slos []knee.SLO) error {
	kopts := knee.DefaultOptions()
	kopts.SLOs = slos
	if r, err := knee.Find(s, kopts); err == nil {
		return report.RenderFind(w, r, format)
	} else {
		fmt.Fprintf(errw, "knee find: %v\n", err)
	}
	num := func(v *float64, f string) string {
		if v == nil {
			return "–"
		}
		return fmt.Sprintf(f, *v)
	}
	ints := func(v *int) string {
		if v == nil {
			return "–"
		}
		return fmt.Sprint(*v)
	}
	var rows [][]string
	for _, p := range s.Points {
		rows = append(rows, []string{num(p.PerGPU, "%g"), fmt.Sprintf("%g", p.Concurrency), ints(p.Requests), ints(p.Failures),
			fmt.Sprintf("%.0f", p.ThroughputTokS), num(p.ThroughputPerGPU, "%.0f"), num(p.TTFT.P50, "%.0f"), num(p.TTFT.P99, "%.0f")})
	}
	return table.Write(w, table.Format(format), []string{"per GPU", "concurrency", "requests", "failures", "tok/s", "tok/s/GPU", "TTFT p50 ms", "TTFT p99 ms"}, rows, []byte("rrrrrrrr"))
}
