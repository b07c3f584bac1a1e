package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/sweep"
)

// renderCatalogMarkdown writes the catalog for the PR: one summary table,
// then each leaf's full baseline folded under <details>.
func renderCatalogMarkdown(w io.Writer, c *baseline.Catalog) error {
	var b bytes.Buffer
	proposed := len(c.Leaves) - c.Refused
	fmt.Fprintf(&b, "### knee baseline: %d leaves, %d proposed, %d refused\n\n", len(c.Leaves), proposed, c.Refused)
	if c.Write {
		if len(c.Written) == 0 {
			b.WriteString("No overlay was written.\n\n")
		} else {
			fmt.Fprintf(&b, "Written: %s.\n\n", strings.Join(c.Written, ", "))
		}
	}
	header := []string{"leaf", "accelerator", "GPUs", "per GPU", "throughput floor", "TTFT p99 ceiling", "measured", "knee", "verdict"}
	var rows [][]string
	for _, rec := range c.Leaves {
		rows = append(rows, catalogRow(rec))
	}
	if err := table.Write(&b, table.Markdown, header, rows, []byte("llrllllll")); err != nil {
		return err
	}
	refusals, loose := catalogProblems(c)
	if len(refusals) > 0 {
		b.WriteString("\nRefused, and the run that fixes it:\n\n")
		if err := table.Write(&b, table.Markdown, []string{"leaf", "at", "reason", "next run"}, refusals, nil); err != nil {
			return err
		}
	}
	if len(loose) > 0 {
		b.WriteString("\nGates too loose to catch a regression today:\n\n")
		if err := table.Write(&b, table.Markdown, []string{"leaf", "what passes"}, loose, nil); err != nil {
			return err
		}
	}
	for _, rec := range c.Leaves {
		fmt.Fprintf(&b, "\n<details><summary>%s: %s</summary>\n\n", rec.Leaf, verdictOf(rec))
		if err := renderMarkdown(&b, rec); err != nil {
			return err
		}
		b.WriteString("\n</details>\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

// catalogRow is one leaf in the summary table.
func catalogRow(rec *baseline.Recommendation) []string {
	gpus := "?"
	if rec.GPUs > 0 {
		gpus = fmt.Sprint(rec.GPUs)
	}
	measured := "–"
	if rec.Measured != nil && rec.AtPerGPU != nil {
		measured = fmt.Sprintf("%s tok/s at %s/GPU", tok(rec.Measured.ThroughputTokS), level(*rec.AtPerGPU))
		if rec.Measured.TTFTP99Ms != nil {
			measured += fmt.Sprintf(", %s %s ms", sweep.TailLabel(rec.Measured.TTFTTail), latency(*rec.Measured.TTFTP99Ms))
		}
	}
	return []string{rec.Leaf, orDash(rec.Accelerator), gpus,
		change(rec, baseline.ConstraintConcurrency), change(rec, baseline.ConstraintThroughput), change(rec, baseline.ConstraintTTFTP99),
		measured, rec.Knee.Phrase("/GPU"), verdictOf(rec)}
}

// catalogProblems are every leaf's refusals with the run that fixes them,
// and the gates too loose to catch a regression.
func catalogProblems(c *baseline.Catalog) (refusals, loose [][]string) {
	for _, rec := range c.Leaves {
		for _, r := range rec.Refusals {
			at := "sweep"
			if r.PerGPU != nil {
				at = level(*r.PerGPU) + "/GPU"
			}
			refusals = append(refusals, []string{rec.Leaf, at, "`" + string(r.Reason) + "`", r.NextRun})
		}
		if rec.Overlay == nil {
			continue
		}
		for _, w := range rec.Overlay.Warnings {
			if strings.HasPrefix(w, "LOOSE GATE: ") {
				loose = append(loose, []string{rec.Leaf, strings.TrimPrefix(w, "LOOSE GATE: ")})
			}
		}
	}
	return refusals, loose
}

// change is "current → proposed" for one constraint ("–" for a value the
// overlay does not set; the current value alone when nothing is proposed).
func change(rec *baseline.Recommendation, name string) string {
	cur := ""
	if rec.Overlay != nil {
		for _, r := range rec.Overlay.Rows {
			if r.Name == name {
				cur = r.Current
			}
		}
	}
	if cur == "" {
		cur = "–"
	}
	prop := rec.Constraint(name)
	switch {
	case rec.Status != baseline.StatusProposed || prop == "":
		return "`" + cur + "` (kept)"
	case prop == cur:
		return "`" + cur + "` (same)"
	}
	return "`" + cur + "` → `" + prop + "`"
}

func verdictOf(rec *baseline.Recommendation) string {
	if rec.Status != baseline.StatusProposed {
		var rs []string
		for _, r := range rec.Refusals {
			rs = append(rs, string(r.Reason))
		}
		return "refused: " + strings.Join(uniqueStrings(rs), ", ")
	}
	switch {
	case rec.Simulated:
		return "proposed (SIMULATED)"
	case rec.Unverified:
		return "proposed (unverified)"
	}
	return "proposed"
}

func uniqueStrings(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
