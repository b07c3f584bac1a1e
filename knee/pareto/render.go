package pareto

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	sigyaml "sigs.k8s.io/yaml"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
)

// Formats are knee pareto's: a table for the terminal, markdown for a PR
// comment (with a Mermaid chart of the points), JSON and YAML.
var Formats = output.New("pareto",
	output.Encoder[*Result]{Format: output.Table, Encode: func(w io.Writer, r *Result) error { return render(w, r, table.Text) }},
	output.Encoder[*Result]{Format: output.Markdown, Encode: func(w io.Writer, r *Result) error { return render(w, r, table.Markdown) }},
	output.JSONEncoder[*Result](),
	output.Encoder[*Result]{Format: output.YAML, Encode: renderYAML},
)

// Render writes r in one of Formats.
func Render(w io.Writer, r *Result, format string) error {
	return Formats.Encode(w, output.Format(format), r)
}

func renderYAML(w io.Writer, r *Result) error {
	var b bytes.Buffer
	if err := output.WriteJSON(&b, r); err != nil {
		return err
	}
	y, err := sigyaml.JSONToYAML(b.Bytes())
	if err != nil {
		return err
	}
	_, err = w.Write(y)
	return err
}

func render(w io.Writer, r *Result, f table.Format) error {
	var b bytes.Buffer
	title := Title(r)
	if f == table.Markdown {
		b.WriteString("### " + title + "\n\n")
	} else {
		b.WriteString(title + "\n\n")
	}
	header, rows, align := pointsTable(r)
	if err := table.Write(&b, f, header, rows, align); err != nil {
		return err
	}
	b.WriteString("\n")
	bullet := ""
	if f == table.Markdown {
		bullet = "- "
	}
	for _, l := range summaryLines(r) {
		b.WriteString(bullet + l + "\n")
	}
	if f == table.Markdown {
		b.WriteString("\n```mermaid\n" + Mermaid(r) + "```\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Title names the model, the configurations and whether they are simulated.
func Title(r *Result) string {
	t := fmt.Sprintf("Pareto frontier: %s, %d configurations", orDash(r.Model), len(r.Configs))
	if r.Simulated {
		t += " (simulated)"
	}
	return t
}

// pointsTable has one row per level; the telemetry and SLO columns appear
// only when some point carries them.
func pointsTable(r *Result) ([]string, [][]string, []byte) {
	var energy, usd, slo bool
	for _, p := range r.Points {
		energy = energy || p.TokensPerJoule != nil
		usd = usd || p.USDPerMTok != nil
		slo = slo || p.MeetsSLO != nil
	}
	header := []string{"config", "per GPU", "tok/s/GPU", "tok/s/user", "TTFT p99 ms"}
	align := []byte("lrrrr")
	if energy {
		header, align = append(header, "tok/J"), append(align, 'r')
	}
	if usd {
		header, align = append(header, "$/Mtok"), append(align, 'r')
	}
	if slo {
		header, align = append(header, "SLOs"), append(align, 'l')
	}
	header, align = append(header, "verdict", "frontier"), append(align, 'l', 'l')
	if energy {
		header, align = append(header, "tok/J frontier"), append(align, 'l')
	}
	var rows [][]string
	for _, p := range r.Points {
		row := []string{p.Config, num(p.PerGPU), numfmt.Group(p.ThroughputPerGPU, 0), opt(p.TokSPerUser, 1), opt(p.TTFTP99Ms, 0)}
		if energy {
			row = append(row, opt(p.TokensPerJoule, 3))
		}
		if usd {
			row = append(row, opt(p.USDPerMTok, 3))
		}
		if slo {
			row = append(row, sloCell(p))
		}
		row = append(row, string(p.Verdict), frontierCell(p))
		if energy {
			row = append(row, yes(p.OnEnergyFrontier))
		}
		rows = append(rows, row)
	}
	return header, rows, align
}

// frontierCell says whether p is on the frontier, past its knee, or how
// far short of it it falls and of which point.
func frontierCell(p Point) string {
	switch {
	case p.OnFrontier && p.PastKnee:
		return "on it, past the knee"
	case p.OnFrontier:
		return "on it"
	case p.Shortfall != nil:
		return fmt.Sprintf("%s%% short (%s)", numfmt.Group(100**p.Shortfall, 1), p.ShortOf)
	}
	return "–"
}

// summaryLines are the frontier in order, each configuration's share of
// it, the SLO and cost picks and the notes.
func summaryLines(r *Result) []string {
	var out []string
	out = append(out, "frontier, slowest per user first: "+refs(r, r.Frontier))
	if len(r.EnergyFrontier) > 0 {
		out = append(out, "tokens-per-joule frontier, slowest per user first: "+refs(r, r.EnergyFrontier))
	}
	for _, c := range r.Configs {
		on := "no level on the frontier"
		if len(c.FrontierPerGPU) > 0 {
			var ls []string
			for _, v := range c.FrontierPerGPU {
				ls = append(ls, num(v))
			}
			on = "on the frontier at " + strings.Join(ls, ", ") + "/GPU"
		}
		op := "no operating point"
		if c.OperatingPerGPU != nil {
			op = "operating point " + num(*c.OperatingPerGPU) + "/GPU"
		}
		out = append(out, fmt.Sprintf("%s: %s; %s; %s", c.Name, on, c.Knee.Phrase("/GPU"), op))
	}
	if r.SLO != nil && r.SLO.Best != nil {
		out = append(out, fmt.Sprintf("best under %s (at or below its configuration's SLO edge): %s", strings.Join(r.SLO.Targets, ", "), choiceText(r.SLO.Best)))
	}
	if r.Cheapest != nil {
		out = append(out, fmt.Sprintf("cheapest per million output tokens: %s, $%s/Mtok", choiceText(r.Cheapest), numfmt.Group(*r.Cheapest.USDPerMTok, 3)))
	}
	return append(out, r.Notes...)
}

func refs(r *Result, rs []PointRef) string {
	if len(rs) == 0 {
		return "none (no level has a speed per user)"
	}
	var parts []string
	for _, ref := range rs {
		parts = append(parts, ref.String())
	}
	return strings.Join(parts, " → ")
}

func choiceText(c *Choice) string {
	s := fmt.Sprintf("%s (%s tok/s/GPU, %s tok/s/user)", c.PointRef, numfmt.Group(c.ThroughputPerGPU, 0), opt(c.TokSPerUser, 1))
	if c.PastKnee {
		s += ", past its knee"
	}
	return s
}

func opt(v *float64, decimals int) string {
	if v == nil {
		return numfmt.Missing
	}
	return numfmt.Group(*v, decimals)
}

// sloCell says whether a level meets the SLOs, and when it does above
// its configuration's SLO edge (a lower level missed them), says so.
func sloCell(p Point) string {
	switch {
	case p.MeetsSLO == nil:
		return "unknown"
	case *p.MeetsSLO && p.WithinSLOEdge != nil && !*p.WithinSLOEdge:
		return "met, above the SLO edge"
	case *p.MeetsSLO:
		return "met"
	}
	return "missed"
}

func yes(b bool) string {
	if b {
		return "on it"
	}
	return "–"
}

func orDash(s string) string {
	if s == "" {
		return numfmt.Missing
	}
	return s
}
