package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Scripts print their results into a log as JSON after a tag of their own
// ("RESULT_JSON {…}", "INFO:bench: {…}"), between a library's warnings and
// progress bars: one object per run, and often one more per level that
// sums up its repeats ("RESULTS_AGG_JSON {…}"). A perf engineer reads the
// tagged objects as the records they are, and the summary lines where the
// script printed both: the repeats are what they sum up.

// logTag is what may stand before a result object on its line: one word
// of a tag's characters (no prose, no quote, no brace), or one in brackets
// ("[ladder]").
var logTag = regexp.MustCompile(`^(?:[A-Za-z][A-Za-z0-9_.:\-\[\]=]{0,47}|\[[A-Za-z][A-Za-z0-9_.:\-=]{0,46}\])$`)

// summaryTag names a tag of summary lines.
var summaryTag = regexp.MustCompile(`(?i)(agg|summary|summaries|aggregate|mean|avg|average|final|overall|total)`)

// lineTag: the object at off opens its line, or follows a tag that does;
// tag is that tag, "" for none.
func lineTag(data []byte, off int) (string, bool) {
	if opensLine(data, int64(off)) {
		return "", true
	}
	start := off
	for start > 0 && data[start-1] != '\n' {
		start--
	}
	t := strings.TrimSpace(string(data[start:off]))
	return t, logTag.MatchString(t)
}

// summaryTagged keeps, of objects printed under several tags, those of the
// one tag that names a summary; objects under one tag (or none) are kept
// as they are, and so are all when no tag, or more than one, is a
// summary's. tagged says which tag the kept objects follow, for the note.
func summaryTagged(items []*jnode, tags []string) ([]*jnode, string) {
	seen := map[string]bool{}
	var order []string
	summary := ""
	for _, t := range tags {
		if seen[t] {
			continue
		}
		seen[t] = true
		order = append(order, t)
		if t != "" && summaryTag.MatchString(t) {
			if summary != "" {
				return items, tagList(order)
			}
			summary = t
		}
	}
	if len(order) < 2 || summary == "" {
		return items, tagList(order)
	}
	var out []*jnode
	for i, it := range items {
		if tags[i] == summary {
			out = append(out, it)
		}
	}
	others := slices.DeleteFunc(order, func(t string) bool { return t == summary || t == "" })
	if len(others) == 0 {
		return out, fmt.Sprintf("the lines tagged %q, which sum up the runs printed without a tag", summary)
	}
	return out, fmt.Sprintf("the lines tagged %q, which sum up the runs printed under %s", summary, andQuoted(others))
}

// tagList says which tags objects follow, "" when none does.
func tagList(tags []string) string {
	named := slices.DeleteFunc(slices.Clone(tags), func(t string) bool { return t == "" })
	if len(named) == 0 {
		return ""
	}
	return "each after a tag (" + andQuoted(named) + ")"
}
