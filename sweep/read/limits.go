package read

import (
	"bytes"
	"strconv"

	"github.com/kneetool/knee/internal/inputerr"
)

// Limits that keep reading bounded in memory and time whatever the input.
// They are far above any real sweep (tens of levels, a few repeats each)
// and far below what would exhaust a laptop.
const (
	// maxPoints is the most measurements (table rows, stages, result
	// points) one input, or all inputs merged, may hold: the analysis is
	// built for sweeps, and 100,000 levels is already a dense scan.
	maxPoints = 100_000
	// maxTableLines bounds a table's lines (rows plus header, comments,
	// text around a pasted table) before any is split into cells.
	maxTableLines = 2 * maxPoints
	// maxTableLine bounds one line of a table: a sweep row is well under a
	// kilobyte; a 60 MB "line" is not a row, and splitting it into cells
	// would take gigabytes.
	maxTableLine = 64 << 10
	// sniffWindow is how much of a file the table sniffers look at: a
	// header and the first rows say what a table is.
	sniffWindow = 1 << 20
)

// tableFormats are the formats read line by line into cells.
var tableFormats = map[string]bool{FormatCSV: true, FormatMarkdown: true, FormatText: true, FormatGenAIPerfCSV: true}

// checkTable refuses, before any cell is made, a table input whose lines
// are too many or too long to be a sweep table, naming the file and line.
func checkTable(path string, data []byte) error {
	line := 0
	for len(data) > 0 {
		line++
		if line > maxTableLines {
			return inputerr.Errorf(path, "", 0, "has more than %s lines; knee reads tables of up to %s measured rows (levels × repeats)", groupDigits(maxTableLines), groupDigits(maxPoints))
		}
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			i = len(data)
		}
		if i > maxTableLine {
			return inputerr.Errorf(path, "", line, "line is longer than %s; a table row is far shorter (is this a table?)", sizeText(maxTableLine))
		}
		data = data[min(i+1, len(data)):]
	}
	return nil
}

// checkPoints refuses an input holding more measurements than maxPoints.
func checkPoints(name string, n int) error {
	if n > maxPoints {
		return inputerr.Errorf(name, "", 0, "holds %s measurements; knee analyses up to %s (levels × repeats)", groupDigits(n), groupDigits(maxPoints))
	}
	return nil
}

// head is the start of data the table sniffers look at: at most
// sniffWindow bytes, cut after the last whole line when there is one.
func head(data []byte) []byte {
	if len(data) <= sniffWindow {
		return data
	}
	h := data[:sniffWindow]
	if i := bytes.LastIndexByte(h, '\n'); i > 0 {
		h = h[:i+1]
	}
	return h
}

// groupDigits writes n with thousands separators: 100,000.
func groupDigits(n int) string {
	if n < 0 {
		return "-" + groupDigits(-n)
	}
	s := strconv.Itoa(n)
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
