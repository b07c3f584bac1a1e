package table

import "strings"

// A web page's table copied from a browser or a scraper's text often comes
// out one cell per line: the header's cells, then each row's cells, in
// order. The header is the run of lines that are no numbers, each naming a
// column in knee's words (a load and a throughput among them); the lines
// after it are its rows when they fill whole rows, each starting with a
// number and each column keeping to numbers or to words. A list of prose
// lines never names a load and a throughput line by line, and a list of
// numbers has no header.

// maxCellPerLineCols bounds the header read from single lines: wider
// tables are not flattened this way by hand.
const maxCellPerLineCols = 16

// flattenedTable reads a web page's table as text flattens it: cells
// separated by single spaces, or one cell per line.
func flattenedTable(path string, block []alignedLine) (grid, bool) {
	if g, ok := wordSpacedTable(path, block); ok {
		return g, true
	}
	return cellPerLineTable(path, block)
}

// cellPerLineTable reads a block of one cell per line, with up to three
// title lines above the header.
func cellPerLineTable(path string, block []alignedLine) (grid, bool) {
	for s := 0; s < len(block) && s < 4; s++ {
		if g, ok := cellPerLineFrom(path, block, s); ok {
			return g, true
		}
	}
	return grid{}, false
}

// cellPerLineFrom reads block with its header starting at line s.
func cellPerLineFrom(path string, block []alignedLine, s int) (grid, bool) {
	h := s
	for h < len(block) && h-s < maxCellPerLineCols && !numberCell(block[h].text) {
		h++
	}
	header := make([]string, 0, h-s)
	for _, l := range block[s:h] {
		header = append(header, cleanCell(l.text))
	}
	k, body := len(header), block[h:]
	if k < 2 || len(body) < 2*k || len(body)%k != 0 || !namesLoadAndThroughput(header) {
		return grid{}, false
	}
	g := grid{file: path, header: header, headerLine: block[s].no, title: consoleTitles(block, block[s].no)}
	for i := 0; i < len(body); i += k {
		row := make([]string, k)
		for j := range row {
			row[j] = cleanCell(body[i+j].text)
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, body[i].no)
	}
	return g, cellPerLineShape(g)
}

// numberCell: the line is one number, with its unit if any.
func numberCell(l string) bool {
	_, ok, err := parseCell(cleanCell(l))
	return ok && err == nil
}

// namesLoadAndThroughput: among the headers a load and a throughput.
func namesLoadAndThroughput(header []string) bool {
	load, tput := false, false
	for _, h := range header {
		switch classify(h).kind {
		case colConcurrency, colRequestedRate:
			load = true
		case colThroughput, colThroughputPerGPU:
			tput = true
		}
	}
	return load && tput
}

// cellPerLineShape: every row starts with a number; a column of numbers
// (its first row's cell one) stays numbers, under a header knee
// recognises; a column of words stays words, under a one-word header.
func cellPerLineShape(g grid) bool {
	for j, h := range g.header {
		num := numberCell(g.rows[0][j])
		if j == 0 && !num || num && !recognisedHeader(h) || !num && len(strings.Fields(h)) != 1 {
			return false
		}
		for _, r := range g.rows {
			if numberCell(r[j]) != num {
				return false
			}
		}
	}
	return true
}
