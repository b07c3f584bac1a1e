package table

import (
	"regexp"
	"strings"
)

// A page that draws its sweep as a chart keeps the chart's data beside it:
// a list of points whose keys are the chart's generic ones ("x", "y",
// "name", "category"), with the axis titles given to the chart itself
// (a shortcode's x_label="Batch size" y_label="Tokens / s / GPU", a plot
// spec's xLabel: "Concurrency"). The titles are what a reader of the chart
// sees, so they name the points' keys, as a table's headers would.

// chartLabel is one title given to a chart key: `x_label="Batch size"`,
// `xLabel: 'Concurrency'`, `y_title="tok/s"`.
var chartLabel = regexp.MustCompile(`(?i)\b([a-z]+)[_-]?(?:label|title)\s*[=:]\s*["']([^"'\n]{1,80})["']`)

// chartKeys are the generic keys of a chart's points.
var chartKeys = map[string]bool{"x": true, "y": true, "name": true, "category": true, "series": true, "group": true}

// chartTitles maps a chart's generic keys to the titles the text gives them.
func chartTitles(data []byte) map[string]string {
	titles := map[string]string{}
	for _, m := range chartLabel.FindAllSubmatch(data, 64) {
		k := strings.ToLower(string(m[1]))
		if chartKeys[k] && titles[k] == "" {
			titles[k] = strings.TrimSpace(string(m[2]))
		}
	}
	return titles
}

// titleChartKeys renames, in every record of root's lists, a generic key
// the text titles; nothing when x or y has no title (the keys then stay
// what they are: no load or rate to read from them).
func titleChartKeys(root *jnode, titles map[string]string) {
	if titles["x"] == "" || titles["y"] == "" {
		return
	}
	var walk func(n *jnode, depth int)
	walk = func(n *jnode, depth int) {
		if n == nil || depth > maxRecordsDepth {
			return
		}
		if n.kind == '{' {
			renameKeys(n, titles)
		}
		for _, it := range n.items {
			walk(it, depth+1)
		}
	}
	walk(root, 0)
}

// renameKeys renames n's titled keys, unless the title is a key already.
func renameKeys(n *jnode, titles map[string]string) {
	for j, k := range n.keys {
		t, ok := titles[strings.ToLower(k)]
		if !ok || n.fields[t] != nil {
			continue
		}
		n.fields[t] = n.fields[k]
		delete(n.fields, k)
		n.keys[j] = t
	}
}
