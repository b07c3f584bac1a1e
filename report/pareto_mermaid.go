package report

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/kneetool/knee/knee/pareto"
)

// ParetoMermaid is the points as a Mermaid quadrantChart, the one Mermaid chart
// that places points on two numeric axes (xychart-beta's x axis is
// categorical): speed per user across, throughput per GPU up, each scaled
// to its largest value (the axis labels say the maxima). Frontier points
// say so in their name.
func ParetoMermaid(r *pareto.Result) string {
	maxX, maxY := 0.0, 0.0
	for _, p := range r.Points {
		if p.TokSPerUser != nil {
			maxX = math.Max(maxX, *p.TokSPerUser)
			maxY = math.Max(maxY, p.ThroughputPerGPU)
		}
	}
	var b strings.Builder
	b.WriteString("quadrantChart\n")
	title := fmt.Sprintf("Pareto frontier of %s over %d configurations", paretoSafe(r.Model), len(r.Configs))
	if r.Simulated {
		title += " - simulated"
	}
	fmt.Fprintf(&b, "    title %s\n", title)
	fmt.Fprintf(&b, "    x-axis 0 tok per s per user --> %s tok per s per user\n", paretoNum(math.Round(maxX)))
	fmt.Fprintf(&b, "    y-axis 0 tok per s per GPU --> %s tok per s per GPU\n", paretoNum(math.Round(maxY)))
	if maxX <= 0 || maxY <= 0 {
		return b.String()
	}
	for _, p := range r.Points {
		if p.TokSPerUser == nil {
			continue
		}
		name := paretoSafe(p.Config) + " at " + paretoNum(p.PerGPU)
		if p.OnFrontier {
			name += " frontier"
		}
		fmt.Fprintf(&b, "    %s: [%s, %s]\n", name, paretoCoord(*p.TokSPerUser/maxX), paretoCoord(p.ThroughputPerGPU/maxY))
	}
	return b.String()
}

// paretoUnsafe are the characters a quadrantChart label cannot hold: its text
// tokens are letters, digits, spaces and minus signs.
var paretoUnsafe = regexp.MustCompile(`[^A-Za-z0-9 -]`)

func paretoSafe(s string) string {
	return strings.Join(strings.Fields(paretoUnsafe.ReplaceAllString(s, " ")), " ")
}

// paretoCoord writes a point's coordinate as the quadrantChart lexer reads one:
// "1", or "0" with decimals ("1.0" is a lexer error in Mermaid 11).
func paretoCoord(v float64) string {
	v = math.Round(v*1000) / 1000
	switch {
	case v >= 1:
		return "1"
	case v <= 0:
		return "0"
	}
	return fmt.Sprintf("%.3f", v)
}
