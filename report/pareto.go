package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	sigyaml "sigs.k8s.io/yaml"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee/pareto"
)

// ParetoEncoders are knee pareto's: a table for the terminal, markdown for a PR
// comment (with a Mermaid chart of the points), JSON and YAML.
var ParetoEncoders = output.New("pareto",
	output.Encoder[*pareto.Result]{Format: output.Table, Encode: func(w io.Writer, r *pareto.Result) error { return renderPareto(w, r, table.Text) }},
	output.Encoder[*pareto.Result]{Format: output.Markdown, Encode: func(w io.Writer, r *pareto.Result) error { return renderPareto(w, r, table.Markdown) }},
	output.JSONEncoder[*pareto.Result](),
	output.Encoder[*pareto.Result]{Format: output.YAML, Encode: paretoYAML},
)

// RenderPareto writes r in one of ParetoEncoders.
func RenderPareto(w io.Writer, r *pareto.Result, format string) error {
	return ParetoEncoders.Encode(w, output.Format(format), r)
}

func paretoYAML(w io.Writer, r *pareto.Result) error {
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

func renderPareto(w io.Writer, r *pareto.Result, f table.Format) error {
	var b bytes.Buffer
	title := ParetoTitle(r)
	if f == table.Markdown {
		b.WriteString("### " + title + "\n\n")
	} else {
		b.WriteString(title + "\n\n")
	}
	header, rows, align := paretoPointsTable(r)
	if err := table.Write(&b, f, header, rows, align); err != nil {
		return err
	}
	b.WriteString("\n")
	bullet := ""
	if f == table.Markdown {
		bullet = "- "
	}
	for _, l := range paretoSummaryLines(r) {
		b.WriteString(bullet + l + "\n")
	}
	if f == table.Markdown {
		b.WriteString("\n```mermaid\n" + ParetoMermaid(r) + "```\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ParetoTitle names the model, the configurations and whether they are simulated.
func ParetoTitle(r *pareto.Result) string {
	t := fmt.Sprintf("Pareto frontier: %s, %d configurations", orDash(r.Model), len(r.Configs))
	if r.Simulated {
		t += " (simulated)"
	}
	return t
}

// paretoPointsTable has one row per level; the telemetry and SLO columns appear
// only when some point carries them.
func paretoPointsTable(r *pareto.Result) ([]string, [][]string, []byte) {
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
		row := []string{p.Config, paretoNum(p.PerGPU), numfmt.Group(p.ThroughputPerGPU, 0), paretoOpt(p.TokSPerUser, 1), paretoOpt(p.TTFTP99Ms, 0)}
		if energy {
			row = append(row, paretoOpt(p.TokensPerJoule, 3))
		}
		if usd {
			row = append(row, paretoOpt(p.USDPerMTok, 3))
		}
		if slo {
			row = append(row, paretoSLOCell(p))
		}
		row = append(row, string(p.Verdict), paretoFrontierCell(p))
		if energy {
			row = append(row, paretoYes(p.OnEnergyFrontier))
		}
		rows = append(rows, row)
	}
	return header, rows, align
}

// paretoFrontierCell says whether p is on the frontier, past its knee, or how
// far short of it it falls and of which point.
func paretoFrontierCell(p pareto.Point) string {
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

// paretoSummaryLines are the frontier in order, each configuration's share of
// it, the SLO and cost picks and the notes.
func paretoSummaryLines(r *pareto.Result) []string {
	var out []string
	out = append(out, "frontier, slowest per user first: "+paretoRefs(r, r.Frontier))
	if len(r.EnergyFrontier) > 0 {
		out = append(out, "tokens-per-joule frontier, slowest per user first: "+paretoRefs(r, r.EnergyFrontier))
	}
	for _, c := range r.Configs {
		on := "no level on the frontier"
		if len(c.FrontierPerGPU) > 0 {
			var ls []string
			for _, v := range c.FrontierPerGPU {
				ls = append(ls, paretoNum(v))
			}
			on = "on the frontier at " + strings.Join(ls, ", ") + "/GPU"
		}
		op := "no operating point"
		if c.OperatingPerGPU != nil {
			op = "operating point " + paretoNum(*c.OperatingPerGPU) + "/GPU"
		}
		out = append(out, fmt.Sprintf("%s: %s; %s; %s", c.Name, on, c.Knee.Phrase("/GPU"), op))
	}
	if r.SLO != nil && r.SLO.Best != nil {
		out = append(out, fmt.Sprintf("best under %s (at or below its configuration's SLO edge): %s", strings.Join(r.SLO.Targets, ", "), paretoChoiceText(r.SLO.Best)))
	}
	if r.Cheapest != nil {
		out = append(out, fmt.Sprintf("cheapest per million output tokens: %s, $%s/Mtok", paretoChoiceText(r.Cheapest), numfmt.Group(*r.Cheapest.USDPerMTok, 3)))
	}
	return append(out, r.Notes...)
}

func paretoRefs(r *pareto.Result, rs []pareto.PointRef) string {
	if len(rs) == 0 {
		return "none (no level has a speed per user)"
	}
	var parts []string
	for _, ref := range rs {
		parts = append(parts, ref.String())
	}
	return strings.Join(parts, " → ")
}

func paretoChoiceText(c *pareto.Choice) string {
	s := fmt.Sprintf("%s (%s tok/s/GPU, %s tok/s/user)", c.PointRef, numfmt.Group(c.ThroughputPerGPU, 0), paretoOpt(c.TokSPerUser, 1))
	if c.PastKnee {
		s += ", past its knee"
	}
	return s
}

func paretoOpt(v *float64, decimals int) string {
	if v == nil {
		return numfmt.Missing
	}
	return numfmt.Group(*v, decimals)
}

// paretoSLOCell says whether a level meets the SLOs, and when it does above
// its configuration's SLO edge (a lower level missed them), says so.
func paretoSLOCell(p pareto.Point) string {
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

func paretoYes(b bool) string {
	if b {
		return "on it"
	}
	return "–"
}
