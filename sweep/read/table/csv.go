package table

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// readCSV reads a CSV (or tab-separated) table with a header row. Lines
// starting with # are comments (provenance notes in fixtures).
func readCSV(path string, data []byte, meta Meta) (*sweep.Sweep, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	r.Comma = delimiter(data)
	g := grid{file: path}
	for {
		rec, line, err := NextRecord(r, path)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if g.header == nil && len(rec) < 2 {
			continue // a title line above the header
		}
		if g.header == nil {
			g.header, g.headerLine = rec, line
			continue
		}
		if BlankRecord(rec) {
			continue
		}
		g.rows = append(g.rows, rec)
		g.lines = append(g.lines, line)
	}
	if g.header == nil {
		return nil, inputerr.Errorf(path, "", 0, "empty CSV: no header row")
	}
	return tableToSweep(g, meta)
}

// BlankRecord says whether a CSV record holds nothing but blanks and markup.
func BlankRecord(rec []string) bool {
	for _, c := range rec {
		if stripMarkup(c) != "" {
			return false
		}
	}
	return true
}

// delimiter is tab for a TSV, semicolon for the CSV a spreadsheet in a
// decimal-comma locale exports ("1;85,5;50"), else comma: the first line
// with any of them (a title line above the header has none) decides.
func delimiter(data []byte) rune {
	for len(data) > 0 {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte("\n"))
		if len(l) > 0 && l[0] == '#' {
			continue
		}
		tabs, commas, semis := bytes.Count(l, []byte("\t")), bytes.Count(l, []byte(",")), bytes.Count(l, []byte(";"))
		switch {
		case tabs > 0 && tabs >= commas && tabs >= semis:
			return '\t'
		case semis > 0 && semis > commas:
			return ';'
		case commas > 0:
			return ','
		}
	}
	return ','
}

// NextRecord reads one CSV record and the line it starts on; io.EOF at the
// end; a malformed record is an InputError naming the file and line.
func NextRecord(r *csv.Reader, path string) ([]string, int, error) {
	rec, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, 0, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, 0, inputerr.Errorf(path, "", pe.Line, "malformed CSV: %v", pe.Err)
		}
		return nil, 0, inputerr.Errorf(path, "", 0, "malformed CSV: %w", err)
	}
	line, _ := r.FieldPos(0)
	return rec, line, nil
}
