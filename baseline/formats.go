package baseline

import (
	"io"

	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
)

// The -o formats of baseline's outputs, one table each (internal/output).
var (
	// RecommendationFormats: "markdown" is a block for a PR description,
	// "yaml" the overlay's constraints list under a comment block with the
	// measurements, "json" docs/DESIGN.md's contract.
	// "table" is the same for a terminal (knee baseline picks it when
	// stdout is one): aligned text, no Mermaid.
	RecommendationFormats = output.New("baseline",
		output.Encoder[*Recommendation]{Format: output.Markdown, Encode: renderMarkdown},
		output.Encoder[*Recommendation]{Format: output.Table, Encode: renderText},
		output.Encoder[*Recommendation]{Format: output.YAML, Encode: renderYAML},
		output.JSONEncoder[*Recommendation](),
	)
	// CatalogFormats: one summary table for the PR with each leaf's
	// baseline folded under it, or JSON.
	CatalogFormats = output.New("baseline: catalog",
		output.Encoder[*Catalog]{Format: output.Markdown, Encode: renderCatalogMarkdown},
		output.JSONEncoder[*Catalog](),
	)
	// ComparisonFormats are knee compare's.
	ComparisonFormats = output.New("baseline: comparison",
		output.Encoder[*Comparison]{Format: output.Table, Encode: func(w io.Writer, c *Comparison) error { return renderComparison(w, c, table.Text) }},
		output.Encoder[*Comparison]{Format: output.Markdown, Encode: func(w io.Writer, c *Comparison) error { return renderComparison(w, c, table.Markdown) }},
		output.JSONEncoder[*Comparison](),
	)
	// DiffFormats are knee diff's.
	DiffFormats = output.New("baseline: diff",
		output.Encoder[*Diff]{Format: output.Table, Encode: func(w io.Writer, d *Diff) error { return renderDiff(w, d, table.Text) }},
		output.Encoder[*Diff]{Format: output.Markdown, Encode: func(w io.Writer, d *Diff) error { return renderDiff(w, d, table.Markdown) }},
		output.JSONEncoder[*Diff](),
	)
)

// Render writes rec in one of RecommendationFormats.
func Render(w io.Writer, rec *Recommendation, format string) error {
	return RecommendationFormats.Encode(w, output.Format(format), rec)
}

// RenderCatalog writes c in one of CatalogFormats.
func RenderCatalog(w io.Writer, c *Catalog, format string) error {
	return CatalogFormats.Encode(w, output.Format(format), c)
}

// RenderComparison writes c in one of ComparisonFormats.
func RenderComparison(w io.Writer, c *Comparison, format string) error {
	return ComparisonFormats.Encode(w, output.Format(format), c)
}

// RenderDiff writes d in one of DiffFormats.
func RenderDiff(w io.Writer, d *Diff, format string) error {
	return DiffFormats.Encode(w, output.Format(format), d)
}
