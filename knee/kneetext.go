package knee

import "fmt"

// Phrase writes the knee in a few words, the same way in every command
// (find, baseline, compare, plot titles): "between 128 and 256/GPU",
// "at or below 256/GPU (nothing measured lower bounds it)". unit is "/GPU",
// or " in flight" for a sweep whose GPU count is unknown (Result.Unit
// "total"), where calling the levels per GPU would be wrong.
//
// It is the one renderer of a knee: a reviewer comparing find's output with
// baseline's must read the same words for the same data.
func (k Knee) Phrase(unit string) string {
	f := func(p *float64) string {
		if p == nil {
			return "?"
		}
		return num(*p)
	}
	switch k.Status {
	case StatusLocated:
		return fmt.Sprintf("located at ≈%s%s, interval %s–%s%s", f(k.PerGPU), unit, f(k.LowPerGPU), f(k.HighPerGPU), unit)
	case StatusBracketed:
		switch {
		case k.LowPerGPU == nil && k.HighPerGPU != nil:
			return fmt.Sprintf("at or below %s%s (nothing measured lower bounds it)", f(k.HighPerGPU), unit)
		case k.HighPerGPU == nil && k.LowPerGPU != nil:
			return fmt.Sprintf("above %s%s", f(k.LowPerGPU), unit)
		case k.PerGPU != nil:
			return fmt.Sprintf("between %s and %s%s, estimate ≈%s", f(k.LowPerGPU), f(k.HighPerGPU), unit, num(roundLevel(*k.PerGPU)))
		}
		return fmt.Sprintf("between %s and %s%s", f(k.LowPerGPU), f(k.HighPerGPU), unit)
	case StatusNotReached:
		return fmt.Sprintf("not reached by %s%s", f(k.LowPerGPU), unit)
	case StatusBelowRange:
		return fmt.Sprintf("below the lowest level, %s%s", f(k.HighPerGPU), unit)
	case StatusInsufficientPoints:
		return "not located (too few valid levels)"
	case "":
		return "status unknown"
	}
	return string(k.Status)
}

// UnitOf is how levels of r are written: "/GPU", or " in flight" when the
// GPU count is unknown.
func UnitOf(r *Result) string {
	if r.Unit == "total" {
		return " in flight"
	}
	return "/GPU"
}

// roundLevel rounds an estimated level for prose: whole numbers from 10 up.
func roundLevel(v float64) float64 {
	if v >= 10 {
		return float64(int64(v + 0.5))
	}
	return v
}
