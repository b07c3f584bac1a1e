package table

import "fmt"

// A table whose only rate of the node is a peak ("Peak System Throughput",
// "Peak Tokens/Sec", "decode peak agg t/s") or a maximum ("最大推理速度",
// the most of several runs) leaves no choice to make: no mean or median of
// the node's rate stands beside it to be read instead. Refusing it changes
// nothing a flag would not, so it is read, and the note says what it is: a
// best over a run or over runs sits at or above the mean, so floors from it
// are high by that margin, while the knee is still where the rate stops
// growing with the load. Beside a central node rate it stays unread
// (roles.go, families.go): there the choice would change the answer.

// lonePeak reads the table's one peak or maximum token rate as the node's
// output rate when no other column can be.
func (r *resolved) lonePeak(file string) {
	peak := -1
	for i, c := range r.cols {
		switch {
		case c.kind == colThroughput || c.kind == colThroughputPerGPU:
			return
		case c.kind == colOtherTokRate && (c.flavor == "peak" || c.stat == "max"):
			if peak >= 0 {
				return
			}
			peak = i
		case c.kind == colOtherTokRate && c.flavor == "total":
			return // input + output beside it: two readings, not one
		}
	}
	if peak < 0 {
		return
	}
	c := &r.cols[peak]
	c.kind, c.why, c.stat = colThroughput, "", ""
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's tok/s: the table has no other rate of the node (a best over a run or over runs lies at or above the mean: floors from it are high by that margin; the knee is where it stops growing)", file, c.header))
}
