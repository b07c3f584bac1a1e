package report

import (
	"io"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
)

// The -o formats of baseline's outputs, one table of encoders each
// (internal/output).
var (
	// RecommendationEncoders: "markdown" is a block for a PR description,
	// "yaml" the overlay's constraints list under a comment block with the
	// measurements, "json" docs/DESIGN.md's contract.
	// "table" is the same for a terminal (knee baseline picks it when
	// stdout is one): aligned text, no Mermaid.
	RecommendationEncoders = output.New("baseline",
		output.Encoder[*baseline.Recommendation]{Format: output.Markdown, Encode: renderMarkdown},
		output.Encoder[*baseline.Recommendation]{Format: output.Table, Encode: renderText},
		output.Encoder[*baseline.Recommendation]{Format: output.YAML, Encode: renderYAML},
		output.JSONEncoder[*baseline.Recommendation](),
	)
	// CatalogEncoders: one summary table for the PR with each leaf's
	// baseline folded under it, or JSON.
	CatalogEncoders = output.New("baseline: catalog",
		output.Encoder[*baseline.Catalog]{Format: output.Markdown, Encode: renderCatalogMarkdown},
		output.JSONEncoder[*baseline.Catalog](),
	)
	// ComparisonEncoders are knee compare's.
	ComparisonEncoders = output.New("baseline: comparison",
		output.Encoder[*baseline.Comparison]{Format: output.Table, Encode: func(w io.Writer, c *baseline.Comparison) error { return renderComparison(w, c, table.Text) }},
		output.Encoder[*baseline.Comparison]{Format: output.Markdown, Encode: func(w io.Writer, c *baseline.Comparison) error { return renderComparison(w, c, table.Markdown) }},
		output.JSONEncoder[*baseline.Comparison](),
	)
	// DiffEncoders are knee diff's.
	DiffEncoders = output.New("baseline: diff",
		output.Encoder[*baseline.Diff]{Format: output.Table, Encode: func(w io.Writer, d *baseline.Diff) error { return renderDiff(w, d, table.Text) }},
		output.Encoder[*baseline.Diff]{Format: output.Markdown, Encode: func(w io.Writer, d *baseline.Diff) error { return renderDiff(w, d, table.Markdown) }},
		output.JSONEncoder[*baseline.Diff](),
	)
)

// RenderRecommendation writes rec in one of RecommendationEncoders.
func RenderRecommendation(w io.Writer, rec *baseline.Recommendation, format string) error {
	return RecommendationEncoders.Encode(w, output.Format(format), rec)
}

// RenderCatalog writes c in one of CatalogEncoders.
func RenderCatalog(w io.Writer, c *baseline.Catalog, format string) error {
	return CatalogEncoders.Encode(w, output.Format(format), c)
}

// RenderComparison writes c in one of ComparisonEncoders.
func RenderComparison(w io.Writer, c *baseline.Comparison, format string) error {
	return ComparisonEncoders.Encode(w, output.Format(format), c)
}

// RenderDiff writes d in one of DiffEncoders.
func RenderDiff(w io.Writer, d *baseline.Diff, format string) error {
	return DiffEncoders.Encode(w, output.Format(format), d)
}
