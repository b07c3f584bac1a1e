// Package table is knee's reader of tables it has never seen: markdown, CSV,
// whitespace-aligned and box-drawn console tables, and the result blocks
// vLLM's and SGLang's benchmarks print. Read parses the grids, rewrites
// them to one row per level, and decides what each column holds in passes
// (units, families, roles, consistency, series, ambiguity: resolve.go),
// never guessing: a choice that may change the answer is refused with the
// flag that makes it, and Decide reads such a choice once per candidate
// when an analysis is at hand to tell whether it does. Only sweep/read
// imports it: the format table and the native decoders live there.
package table

import (
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Kind is the shape of text a table is read from.
type Kind int

const (
	// Markdown is one or more pipe tables as pasted in issues, with their
	// headings and captions.
	Markdown Kind = iota
	// Aligned is a whitespace-aligned or box-drawn console table (tabulate,
	// rich, psql, column -t), with or without a title line.
	Aligned
	// CSV is a comma- or tab-separated table with a header row.
	CSV
	// BenchText is the result blocks vllm bench serve and
	// sglang.bench_serving print, one per level, with the command lines and
	// engine log lines around them; or guidellm's progress panel, or a
	// script's result boxes, one per level too.
	BenchText
	// Records is a JSON summary a script wrote: one list of objects, one
	// per level, whose keys are the headers (jsonrecords.go).
	Records
)

// Read reads the tables in data (path names it in messages and point
// sources) into one sweep: the grids are parsed, brought to one row per
// level, their columns resolved pass by pass and the rows turned into
// points; what the reader inferred is in the sweep's Notes. A choice
// between candidates that the answer may not depend on is returned as a
// refusal Decide can settle.
func Read(path string, data []byte, kind Kind, meta Meta) (*sweep.Sweep, error) {
	switch kind {
	case Markdown:
		return readMarkdown(path, data, meta)
	case Aligned:
		return readAligned(path, data, meta)
	case CSV:
		return readCSV(path, data, meta)
	case BenchText:
		return readBenchText(path, data, meta)
	case Records:
		return readRecords(path, data, meta)
	}
	return nil, inputerr.Errorf(path, "--format", 0, "no table reader for kind %d", kind)
}

// Looks says whether window, the start of an input, holds a table of kind
// that Read would find: format detection asks it, in the order the formats
// are tried. Records is asked with the whole input (JSON is read whole).
func Looks(kind Kind, path string, window []byte) bool {
	switch kind {
	case Markdown:
		return len(markdownTables(path, window)) > 0 || len(proseCurveGrids(path, window)) > 0
	case Aligned:
		return looksAligned(window)
	case BenchText:
		return looksBenchText(window)
	case Records:
		return looksRecords(window)
	}
	return false
}
