package knee

import (
	"fmt"

	"github.com/kneetool/knee/internal/numfmt"
)

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
	if s := k.ratePhrase(unit); s != "" {
		return s
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

// ratePhrase is an open-loop sweep's knee in req/s, the unit it was swept
// in, with the Little's-law concurrency beside it ("" for a closed loop).
func (k Knee) ratePhrase(unit string) string {
	switch {
	case k.Status == StatusBracketed && k.LowRate != nil && k.HighRate != nil && k.LowPerGPU != nil && k.HighPerGPU != nil:
		return fmt.Sprintf("between %s and %s req/s offered (~%s–%s%s by Little's law)", reqRate(*k.LowRate), reqRate(*k.HighRate), num(*k.LowPerGPU), num(*k.HighPerGPU), unit)
	case k.Status == StatusBracketed && k.LowRate == nil && k.HighRate != nil && k.HighPerGPU != nil:
		return fmt.Sprintf("at or below %s req/s offered (~%s%s by Little's law; nothing measured lower bounds it)", reqRate(*k.HighRate), num(*k.HighPerGPU), unit)
	case k.Status == StatusNotReached && k.LowRate != nil && k.LowPerGPU != nil:
		return fmt.Sprintf("not reached by %s req/s offered (~%s%s by Little's law)", reqRate(*k.LowRate), num(*k.LowPerGPU), unit)
	}
	return ""
}

// reqRate writes a request rate as the tables do (92.2, 123, 4.04).
func reqRate(v float64) string { return numfmt.Group(v, -1) }

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
