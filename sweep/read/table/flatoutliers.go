package table

import (
	"gonum.org/v1/gonum/stat"
	"slices"
)

// Columns a title names together ("Decode …, output tok/s" over "No spec
// | DSpark | Accept length") are the curves of one metric only where their
// values are of one kind: a column whose values stay flat down the load
// while every other such column climbs, and sit ten times or more below
// theirs, holds another quantity (an acceptance length of 4.3 beside rates
// in the thousands) and keeps its own header.

// dropFlatOutliers is named without the columns that, beside two or more
// that climb with the load, are flat and an order of magnitude below them.
func dropFlatOutliers(g grid, named []int) []int {
	if len(named) < 3 {
		return named
	}
	var keep, flat []int
	lowestClimbing := 0.0
	for _, i := range named {
		vals := columnNumbers(g, i)
		if len(vals) < 3 {
			return named
		}
		lo, hi := slices.Min(vals), slices.Max(vals)
		if lo > 0 && hi < 1.5*lo {
			flat = append(flat, i)
			continue
		}
		med := middleValue(vals)
		if lowestClimbing == 0 || med < lowestClimbing {
			lowestClimbing = med
		}
		keep = append(keep, i)
	}
	if len(keep) < 2 || len(flat) == 0 {
		return named
	}
	for _, i := range flat {
		if middleValue(columnNumbers(g, i))*10 > lowestClimbing {
			return named
		}
	}
	return keep
}

// columnNumbers are the numbers column i holds, row by row.
func columnNumbers(g grid, i int) []float64 {
	var out []float64
	for _, row := range g.rows {
		if v, ok := numberAt(row, i); ok {
			out = append(out, v)
		}
	}
	return out
}

// middleValue is the median of vals (gonum's empirical quantile, no
// weights).
func middleValue(vals []float64) float64 {
	s := slices.Clone(vals)
	slices.Sort(s)
	return stat.Quantile(0.5, stat.Empirical, s, nil)
}
