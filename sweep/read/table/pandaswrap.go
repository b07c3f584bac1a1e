package table

import (
	"regexp"
	"slices"
	"strings"
)

// pandas prints a DataFrame wider than the console in blocks of columns,
// one under another: each block repeats the row index, and every block but
// the last ends its header line with a backslash ("mean_ttft_ms  \").
// Read block by block, no block holds the whole sweep (the load in the
// first, the throughput in the third). A perf engineer reads them as the
// one table they are: the blocks are joined side by side, row by row, and
// the index, which numbers rows and measures nothing, is dropped.

// pandasIndex is a row's index as pandas prints it: a row number, or ".."
// where it elides rows.
var pandasIndex = regexp.MustCompile(`^(\d+|\.\.)(\s|$)`)

// pandasBlock is one block of a wrapped frame: its lines (header first)
// and where they start.
type pandasBlock struct {
	start, end int // lines[start:end]
}

// joinPandasWraps rewrites each wrapped DataFrame among lines as one wide
// table at the first block's lines, blanking the later blocks' lines so
// that every line keeps its number. Lines that are no such frame are kept.
func joinPandasWraps(lines []string) []string {
	out := lines
	for i := 0; i < len(lines); i++ {
		blocks := pandasWrapAt(lines, i)
		if len(blocks) < 2 {
			continue
		}
		if out == nil || &out[0] == &lines[0] {
			out = append([]string(nil), lines...)
		}
		joinBlocks(lines, out, blocks)
		i = blocks[len(blocks)-1].end
	}
	return out
}

// pandasWrapAt finds the blocks of a wrapped frame whose first header is
// line i: consecutive blocks, one blank line apart, the same row indexes
// in each, every header but the last ending with a backslash.
func pandasWrapAt(lines []string, i int) []pandasBlock {
	var blocks []pandasBlock
	var index []string
	for at := i; at < len(lines); {
		b, idx, ok := pandasBlockAt(lines, at)
		if !ok || blocks != nil && !slices.Equal(idx, index) {
			break
		}
		blocks, index = append(blocks, b), idx
		if !strings.HasSuffix(strings.TrimRight(lines[at], " \r"), `\`) {
			if len(blocks) < 2 {
				return nil
			}
			return blocks
		}
		at = b.end + 1
		if b.end >= len(lines) || strings.TrimSpace(lines[b.end]) != "" {
			break
		}
	}
	return nil
}

// pandasBlockAt reads the block whose header is line i: its rows are the
// lines under it that start with an index, up to a blank line.
func pandasBlockAt(lines []string, i int) (pandasBlock, []string, bool) {
	h := strings.TrimRight(lines[i], " \r")
	if strings.TrimSpace(h) == "" || pandasIndex.MatchString(h) || !strings.HasPrefix(h, " ") {
		return pandasBlock{}, nil, false // pandas pads the index's place above it
	}
	var index []string
	end := i + 1
	for ; end < len(lines) && strings.TrimSpace(lines[end]) != ""; end++ {
		m := pandasIndex.FindStringSubmatch(lines[end])
		if m == nil {
			return pandasBlock{}, nil, false
		}
		index = append(index, m[1])
	}
	return pandasBlock{i, end}, index, len(index) > 0
}

// joinBlocks writes the blocks side by side into out at the first block's
// lines, the index cut from each line and every block padded to its width
// so that its columns stay aligned; the later blocks' lines are blanked.
func joinBlocks(lines, out []string, blocks []pandasBlock) {
	w := 0
	for r := blocks[0].start + 1; r < blocks[0].end; r++ {
		w = max(w, len(pandasIndex.FindStringSubmatch(lines[r])[1]))
	}
	n := blocks[0].end - blocks[0].start
	joined := make([]string, n)
	for _, b := range blocks {
		width := 0
		for r := b.start; r < b.end; r++ {
			width = max(width, len(pandasLine(lines[r], w)))
		}
		for k := 0; k < n; k++ {
			l := pandasLine(lines[b.start+k], w)
			joined[k] += l + strings.Repeat(" ", width-len(l)+4)
		}
	}
	for k := range joined {
		out[blocks[0].start+k] = strings.TrimRight(joined[k], " ")
	}
	for _, b := range blocks[1:] {
		for r := b.start - 1; r < b.end; r++ {
			out[r] = ""
		}
	}
}

// pandasLine is a block's line without the index's place (w characters)
// and the header's trailing backslash.
func pandasLine(l string, w int) string {
	l = strings.TrimSuffix(strings.TrimRight(l, " \r"), `\`)
	if len(l) <= w {
		return ""
	}
	return strings.TrimRight(l[w:], " ")
}
