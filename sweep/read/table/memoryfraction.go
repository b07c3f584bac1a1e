package table

import "fmt"

// A header naming memory ("KV Cache (mem_fraction)", "gpu_memory_util")
// is set aside as a size in bytes: a measured memory use says nothing of
// the knee. But every value a bare number in (0, 1] is no size: a size is
// bytes, GiB or MiB, never below one of its unit. It is the share of GPU
// memory the engine was told to keep (SGLang's --mem-fraction-static,
// vLLM's --gpu-memory-utilization), a setting chosen per run. Left a
// size, it is no series key, and the curves of a sweep swept at several
// such settings would merge into one curve that jumps from setting to
// setting; read as a ratio it keys them as any ratio set per run does
// (seriesCandidates).

// memoryFractions reads a memory-sized column of bare fractions as a ratio.
func (r *resolved) memoryFractions(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colIgnore || c.why != dimBytes.String() || !bareFractions(g, i) {
			continue
		}
		c.kind, c.why = colRatio, "a share of memory (a fraction set per run), not a size"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q holds fractions of one, no size: read as the share of memory each run was given", g.file, c.header))
	}
}

// bareFractions: column i holds two numbers at least, every one written
// with no unit and in (0, 1].
func bareFractions(g grid, i int) bool {
	return everyNumberCell(g, i, func(v cellValue) bool { return v.unit == nil && v.v > 0 && v.v <= 1 })
}
