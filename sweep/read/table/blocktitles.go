package table

import (
	"regexp"
	"strings"
)

// A page that collapses its result blocks titles each fold as a heading
// would: mkdocs' admonitions (`??? info "Baseline benchmark results"`,
// `!!! note "…"`) and HTML's `<summary>…</summary>` inside `<details>`. The
// title names the blocks inside the fold, so that two folds repeating the
// same levels (a baseline and an optimized run) are two series, never
// repeats of one level.

// admonitionTitle is an mkdocs admonition line with a quoted title.
var admonitionTitle = regexp.MustCompile(`^(?:\?\?\?\+?|!!!)\s*[\w-]+(?:\s+[\w-]+)*\s+"([^"]+)"\s*$`)

// summaryTitle is an HTML summary element, possibly after <details>.
var summaryTitle = regexp.MustCompile(`(?i)^(?:<details[^>]*>\s*)?<summary[^>]*>(.*?)</summary>`)

// foldTitle is the title a collapsed block's opening line gives it; "" for
// any other line.
func foldTitle(line string) string {
	l := strings.TrimSpace(line)
	if m := admonitionTitle.FindStringSubmatch(l); m != nil {
		return strings.TrimSpace(m[1])
	}
	if m := summaryTitle.FindStringSubmatch(l); m != nil {
		return strings.TrimSpace(stripMarkup(htmlTags.ReplaceAllString(m[1], "")))
	}
	return ""
}

// htmlTags are inline HTML tags inside a summary (<b>, <code>).
var htmlTags = regexp.MustCompile(`<[^>]+>`)
