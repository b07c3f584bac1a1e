package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
)

// recTitle names the sweep: leaf, accelerator, GPUs, model — whatever is known.
func recTitle(rec *baseline.Recommendation) string {
	var parts []string
	for _, s := range []string{rec.Leaf, rec.Accelerator} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if rec.GPUs > 0 {
		parts = append(parts, gpus(rec.GPUs))
	}
	if rec.Model != "" {
		parts = append(parts, rec.Model)
	}
	if len(parts) == 0 {
		return "sweep"
	}
	return strings.Join(parts, ", ")
}

// measurementRows is the sweep table: one row per level, verdict and the
// reasons beyond the verdict itself, simulated levels labelled.
func measurementRows(rec *baseline.Recommendation) ([]string, [][]string, []byte) {
	header := []string{"per GPU", "concurrency", "tok/s", "tok/s per GPU", "TTFT p50 ms", "TTFT p99 ms", "verdict"}
	var rows [][]string
	for _, p := range rec.Points {
		l := level(p.PerGPU)
		if rec.SimulatedAt(p.PerGPU) {
			l += " (simulated)"
		}
		if rec.AtPerGPU != nil && sameLevel(*rec.AtPerGPU, p.PerGPU) {
			l += " ◀"
		}
		rows = append(rows, []string{l, numfmt.Group(p.Concurrency, 2), tok(p.ThroughputTokS), perGPUCell(rec, p),
			msCell(p.TTFTP50Ms), msCell(p.TTFTP99Ms), baseline.VerdictText(p)})
	}
	return header, rows, []byte("rrrrrrl")
}

func perGPUCell(rec *baseline.Recommendation, p knee.PointResult) string {
	if rec.GPUs <= 0 {
		return "–"
	}
	return tok(p.ThroughputPerGPU)
}

// msCell writes a latency; the analysis reports 0 for "not measured".
func msCell(v float64) string {
	if v <= 0 {
		return "–"
	}
	return latency(v)
}

// recStyle is what differs between the markdown block and the terminal
// table of one recommendation; renderRec says the same things in the same
// order for both.
type recStyle struct {
	title       string // format of the first line, given the title
	tableKind   table.Format
	headline    func(*baseline.Recommendation) string
	chart       bool
	constraints func(*bytes.Buffer, *baseline.Recommendation) error
	refusal     func(*bytes.Buffer, *baseline.Recommendation) error
	overlay     func(*bytes.Buffer, *baseline.OverlayReport) error
}

var (
	markdownStyle = recStyle{title: "### knee baseline: %s\n\n", tableKind: table.Markdown, headline: headline, chart: true,
		constraints: constraintTables, refusal: refusalTable, overlay: overlayMarkdown}
	textStyle = recStyle{title: "knee baseline: %s\n\n", tableKind: table.Text,
		headline:    func(rec *baseline.Recommendation) string { return strings.ReplaceAll(headline(rec), "**", "") },
		constraints: constraintText, refusal: refusalText, overlay: overlayText}
)

// renderMarkdown is the block for a PR description: the verdict, the
// measurements, the chart, then the constraints (or the refusals), the
// warnings and the policy.
func renderMarkdown(w io.Writer, rec *baseline.Recommendation) error {
	return renderRec(w, rec, markdownStyle)
}

func renderRec(w io.Writer, rec *baseline.Recommendation, st recStyle) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, st.title, recTitle(rec))
	b.WriteString(st.headline(rec) + "\n\n")
	h, rows, al := measurementRows(rec)
	if err := table.Write(&b, st.tableKind, h, rows, al); err != nil {
		return err
	}
	if st.chart {
		b.WriteString("\n" + chart(rec))
	}
	b.WriteString("\n" + kneeSentence(rec) + "\n")
	b.WriteString(measuredLine(rec))
	b.WriteString("\n")
	var err error
	if rec.Status == baseline.StatusProposed {
		err = st.constraints(&b, rec)
	} else {
		err = st.refusal(&b, rec)
	}
	if err != nil {
		return err
	}
	bulletList(&b, "Warnings", rec.Warnings)
	bulletList(&b, "Notes", rec.Notes)
	fmt.Fprintf(&b, "\nPolicy: %s.\n", policySummary(rec.Policy))
	if rec.Overlay != nil {
		if err := st.overlay(&b, rec.Overlay); err != nil {
			return err
		}
	}
	_, err = w.Write(b.Bytes())
	return err
}

// headline is the verdict in one bold line.
func headline(rec *baseline.Recommendation) string {
	switch {
	case rec.Status == baseline.StatusRefused && rec.AtPerGPU != nil:
		return fmt.Sprintf("**Refused**: no floor can be set from %s/GPU.", level(*rec.AtPerGPU))
	case rec.Status == baseline.StatusRefused:
		return "**Refused**: no level of this sweep can carry a floor."
	case rec.Simulated:
		return fmt.Sprintf("**Proposed from SIMULATED numbers** (a demonstration: never commit these) floors from %s/GPU.", level(*rec.AtPerGPU))
	case rec.Unverified:
		return fmt.Sprintf("**Proposed (UNVERIFIED)** floors from %s/GPU.", level(*rec.AtPerGPU))
	}
	return fmt.Sprintf("**Proposed** floors from %s/GPU.", level(*rec.AtPerGPU))
}

// measuredLine is what was measured at the chosen level ("" for none).
func measuredLine(rec *baseline.Recommendation) string {
	m := rec.Measured
	if m == nil || rec.AtPerGPU == nil {
		return ""
	}
	s := fmt.Sprintf("\nMeasured at %s/GPU: %s tok/s", level(*rec.AtPerGPU), tok(m.ThroughputTokS))
	if m.Repeats > 1 {
		s += fmt.Sprintf(" (mean of %d repeats)", m.Repeats)
	}
	if m.TTFTP99Ms != nil {
		s += fmt.Sprintf(", TTFT p99 %s ms", latency(*m.TTFTP99Ms))
		if m.Repeats > 1 {
			s += " (median of the repeats)"
		}
	}
	return s + ".\n"
}

// constraintTables keep the values in sight; how each was derived folds
// away under <details> so the PR comment leads with what changes.
func constraintTables(b *bytes.Buffer, rec *baseline.Recommendation) error {
	var vrows, drows [][]string
	for _, d := range rec.Derivation {
		vrows = append(vrows, []string{"`" + d.Name + "`", "`" + d.Value + "`"})
		drows = append(drows, []string{"`" + d.Name + "`", "`" + d.Value + "`", d.How})
	}
	if err := table.Write(b, table.Markdown, []string{"constraint", "value"}, vrows, nil); err != nil {
		return err
	}
	b.WriteString("\n<details><summary>How each value was derived</summary>\n\n")
	if err := table.Write(b, table.Markdown, []string{"constraint", "value", "how it was derived"}, drows, nil); err != nil {
		return err
	}
	b.WriteString("\n</details>\n")
	return nil
}

// refusalTable is every refusal with its detail and the next run.
func refusalTable(b *bytes.Buffer, rec *baseline.Recommendation) error {
	var rrows [][]string
	for _, r := range rec.Refusals {
		at := "sweep"
		if r.PerGPU != nil {
			at = level(*r.PerGPU)
		}
		rrows = append(rrows, []string{at, "`" + string(r.Reason) + "`", r.Detail, r.NextRun})
	}
	return table.Write(b, table.Markdown, []string{"per GPU", "reason", "detail", "next run"}, rrows, nil)
}

// bulletList writes a titled list of lines, nothing when there are none.
func bulletList(b *bytes.Buffer, heading string, lines []string) {
	if len(lines) == 0 {
		return
	}
	b.WriteString("\n" + heading + ":\n\n")
	for _, x := range lines {
		b.WriteString("- " + x + "\n")
	}
}

// chart is the Mermaid throughput and TTFT charts of the sweep, with the
// proposed floor and ceiling drawn as flat lines when there is a proposal.
func chart(rec *baseline.Recommendation) string {
	m := ChartMarks{Unit: "/GPU", Operating: rec.AtPerGPU}
	if rec.Status == baseline.StatusProposed && rec.Floors != nil {
		floor, ceiling := rec.Floors.ThroughputTokS, rec.Floors.TTFTP99Ms
		m.FloorTokS = &floor
		if ceiling > 0 { // no TTFT ceiling is proposed for a sweep without TTFT
			m.CeilingMs = &ceiling
		}
	}
	return Mermaid(rec.Points, m)
}

func overlayMarkdown(b *bytes.Buffer, rep *baseline.OverlayReport) error {
	fmt.Fprintf(b, "\n#### Overlay `%s`\n\n", rep.Path)
	var rows [][]string
	for _, r := range rep.Rows {
		rows = append(rows, []string{"`" + r.Name + "`", codeOrDash(r.Current), codeOrDash(r.Proposed), r.Note})
	}
	if err := table.Write(b, table.Markdown, []string{"constraint", "current", "proposed", "current value against the sweep"}, rows, nil); err != nil {
		return err
	}
	for _, x := range rep.Warnings {
		b.WriteString("\n- " + x)
	}
	if len(rep.Warnings) > 0 {
		b.WriteString("\n")
	}
	if rep.Written {
		fmt.Fprintf(b, "\nWrote %s.\n", rep.Path)
	}
	return nil
}

func codeOrDash(s string) string {
	if s == "" {
		return "–"
	}
	return "`" + s + "`"
}

func policySummary(p baseline.Policy) string {
	return fmt.Sprintf("headroom %s, TTFT ceiling max(%s ms, p99 × %s), %d significant figures, repeats: lower end of the %s confidence interval",
		plain(p.Headroom), plain(p.TTFTCeilingMs), plain(p.TTFTMultiplier), p.SigFigs, pct(p.Confidence))
}

// CommentLines is the measurement comment block an overlay carries above
// its constraints (and `-o yaml` prints): the sweep table as aligned text,
// the knee, how each value was derived, and the warnings. Lines carry no
// "# " prefix and no trailing spaces.
func CommentLines(rec *baseline.Recommendation) []string {
	var out []string
	out = append(out, "Measured with knee: "+recTitle(rec)+".")
	var tb bytes.Buffer
	h, rows, al := measurementRows(rec)
	if err := table.Write(&tb, table.Text, h, rows, al); err == nil {
		for _, l := range strings.Split(strings.TrimRight(tb.String(), "\n"), "\n") {
			out = append(out, "  "+strings.TrimRight(l, " "))
		}
	}
	out = append(out, wrap(kneeSentence(rec), 96, "  ")...)
	for _, d := range rec.Derivation {
		out = append(out, wrap(d.Name+" "+d.Value+": "+d.How, 96, "  ")...)
	}
	for _, r := range rec.Refusals {
		at := "the sweep"
		if r.PerGPU != nil {
			at = level(*r.PerGPU) + "/GPU"
		}
		out = append(out, wrap(fmt.Sprintf("REFUSED %s (%s): %s. Next run: %s", at, r.Reason, r.Detail, r.NextRun), 96, "  ")...)
	}
	for _, x := range rec.Warnings {
		out = append(out, wrap(x, 96, "  ")...)
	}
	out = append(out, wrap("Policy: "+policySummary(rec.Policy)+".", 96, "  ")...)
	return out
}

func kneeSentence(rec *baseline.Recommendation) string {
	s := "Knee: " + rec.Knee.Phrase("/GPU")
	// The method adds something only for a fitted knee; a bracket says how
	// it was found by itself.
	if m := rec.Knee.Method; m != "" && rec.Knee.Status == knee.StatusLocated {
		s += " (" + m + ")"
	}
	s += "."
	if d := strings.TrimSuffix(rec.Knee.Detail, "."); d != "" {
		r, n := utf8.DecodeRuneInString(d)
		s += " " + string(unicode.ToUpper(r)) + d[n:] + "."
	}
	if l := limitSentence(rec); l != "" {
		s += " " + l
	}
	return s
}

// wrap breaks s into lines of at most width runes at spaces; continuation
// lines get indent.
func wrap(s string, width int, indent string) []string {
	words := strings.Fields(s)
	var out []string
	var cur strings.Builder
	for _, w := range words {
		if cur.Len() > 0 && len([]rune(cur.String()))+1+len([]rune(w)) > width {
			out = append(out, cur.String())
			cur.Reset()
			cur.WriteString(indent)
		}
		if cur.Len() > 0 && cur.String() != indent {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// renderYAML writes the constraints list exactly as an overlay carries it
// (values double-quoted), under the measurement comment block. A refusal is
// written as YAML too, with status and reasons, so a script reading -o yaml
// never mistakes it for constraints.
func renderYAML(w io.Writer, rec *baseline.Recommendation) error {
	var b bytes.Buffer
	for _, l := range CommentLines(rec) {
		b.WriteString(overlay.CommentLine("", l))
	}
	if rep := rec.Overlay; rep != nil {
		b.WriteString(overlay.CommentLine("", "Overlay "+rep.Path+":"))
		for _, r := range rep.Rows {
			line := fmt.Sprintf("%s: %s → %s", r.Name, orDash(r.Current), orDash(r.Proposed))
			if r.Note != "" {
				line += " (" + r.Note + ")"
			}
			for _, l := range wrap(line, 96, "    ") {
				b.WriteString(overlay.CommentLine("", "  "+l))
			}
		}
		for _, x := range rep.Warnings {
			for _, l := range wrap(x, 96, "    ") {
				b.WriteString(overlay.CommentLine("", "  "+l))
			}
		}
		if rep.Written {
			b.WriteString(overlay.CommentLine("", "  written"))
		}
	}
	if rec.Status == baseline.StatusProposed {
		b.WriteString("constraints:\n")
		for _, c := range rec.Constraints {
			fmt.Fprintf(&b, "  - name: %s\n    value: %s\n", c.Name, overlay.Quote(c.Value))
		}
	} else {
		doc := struct {
			Status   baseline.Status    `yaml:"status"`
			Refusals []baseline.Refusal `yaml:"refusals"`
		}{rec.Status, rec.Refusals}
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(doc); err != nil {
			return err
		}
		if err := enc.Close(); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
