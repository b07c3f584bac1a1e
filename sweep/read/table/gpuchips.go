package table

import "regexp"

// A GPUs column often names the chip with the count, as a node is spoken
// of: "1xA10", "2 x H100", "8×MI300X", or the other way round, "H100 x 8",
// "A100×4". The count is the number beside the multiplication sign; the
// chip is context (the accelerator flag or column names it).

var (
	countThenChip = regexp.MustCompile(`^\s*(\d+)\s*[xX×*]\s*[A-Za-z][\w.\- ]*$`)
	chipThenCount = regexp.MustCompile(`^\s*[A-Za-z][\w.\- ]*?\s*[xX×*]\s*(\d+)\s*$`)
)

// countWithChip is the GPU count a cell writes with its chip.
func countWithChip(cell string) (string, bool) {
	c := stripMarkup(cell)
	if m := countThenChip.FindStringSubmatch(c); m != nil {
		return m[1], true
	}
	if m := chipThenCount.FindStringSubmatch(c); m != nil {
		return m[1], true
	}
	return "", false
}
