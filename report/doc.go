// Package report writes every human format of knee's results: knee find's
// table and markdown (with its Mermaid charts and title), and baseline's
// recommendation (markdown, terminal table, the overlay's comment block
// and -o yaml), catalog, comparison and diff, and knee pareto's frontier.
// Each output is one table of encoders (internal/output): FindEncoders,
// RecommendationEncoders, CatalogEncoders, ComparisonEncoders,
// DiffEncoders, ParetoEncoders; JSON is the result itself. report/plot
// draws the PNG and SVG charts.
//
// The flow ends here: sweep → read → knee → baseline → report. knee and
// baseline compute and never import report; only cmd does. Where baseline
// writes words into a file (an overlay's comment block), cmd hands it
// CommentLines as a function (baseline.Request.Comment).
package report
