package sweep

import (
	"math"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// Bounds of a workload: far above a real one, far below what would exhaust
// the machine knee runs on.
const (
	// MaxSharedPrefixes bounds --shared-prefix N (system prompts).
	MaxSharedPrefixes = 10_000
	// MaxPrefixTokens bounds N × LEN, the words of every shared prefix.
	MaxPrefixTokens = 16 << 20
)

// ParseLengthDist reads a length distribution as --input-dist and
// --output-dist take it: fixed:N, uniform:MIN-MAX, normal:MEAN,SD[,MAX] or
// file:PATH. A normal distribution is clipped to [1, MAX], MAX being
// ceil(MEAN + 4·SD) unless given. flag names the flag in errors. A file's
// content is read by the harness, which fills in SHA256 and Paired.
func ParseLengthDist(flag, spec string) (LengthDist, error) {
	kind, arg, ok := strings.Cut(strings.TrimSpace(spec), ":")
	p := distParser{flag: flag, spec: spec}
	if !ok || arg == "" {
		return p.bad("want fixed:N, uniform:MIN-MAX, normal:MEAN,SD[,MAX] or file:PATH")
	}
	parse := map[string]func(string) (LengthDist, error){
		DistFixed:   p.fixed,
		DistUniform: p.uniform,
		DistNormal:  p.normal,
		DistFile:    func(arg string) (LengthDist, error) { return LengthDist{Kind: DistFile, File: arg}, nil },
	}[kind]
	if parse == nil {
		return p.bad("unknown distribution %q (fixed, uniform, normal or file)", kind)
	}
	return parse(arg)
}

// distParser reads one length distribution's argument; its errors name
// the flag and quote the whole spec.
type distParser struct{ flag, spec string }

func (p distParser) bad(format string, args ...any) (LengthDist, error) {
	return LengthDist{}, inputerr.Errorf("flag", p.flag, 0, "%q: "+format, append([]any{p.spec}, args...)...)
}

// num reads a token count in [1, MaxTokens].
func (p distParser) num(s string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < 1 || v > MaxTokens {
		return 0, inputerr.Errorf("flag", p.flag, 0, "%q: %q is not a token count in [1, %d]", p.spec, s, MaxTokens)
	}
	return v, nil
}

func (p distParser) fixed(arg string) (LengthDist, error) {
	v, err := p.num(arg)
	return LengthDist{Kind: DistFixed, Value: v}, err
}

func (p distParser) uniform(arg string) (LengthDist, error) {
	lo, hi, ok := strings.Cut(arg, "-")
	if !ok {
		return p.bad("uniform takes MIN-MAX, e.g. uniform:64-512")
	}
	a, err := p.num(lo)
	if err != nil {
		return LengthDist{}, err
	}
	b, err := p.num(hi)
	if err != nil {
		return LengthDist{}, err
	}
	if a > b {
		return p.bad("MIN %d is more than MAX %d", a, b)
	}
	return LengthDist{Kind: DistUniform, Min: a, Max: b}, nil
}

func (p distParser) normal(arg string) (LengthDist, error) {
	parts := strings.Split(arg, ",")
	if len(parts) < 2 || len(parts) > 3 {
		return p.bad("normal takes MEAN,SD or MEAN,SD,MAX, e.g. normal:512,128")
	}
	mean, err1 := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
	sd, err2 := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
	if err1 != nil || err2 != nil || math.IsNaN(mean) || math.IsNaN(sd) || mean < 1 || mean > MaxTokens || sd < 0 || sd > MaxTokens {
		return p.bad("MEAN must be in [1, %d] and SD in [0, %d]", MaxTokens, MaxTokens)
	}
	hi := int(math.Min(MaxTokens, math.Ceil(mean+4*sd)))
	if len(parts) == 3 {
		var err error
		if hi, err = p.num(parts[2]); err != nil {
			return LengthDist{}, err
		}
	}
	return LengthDist{Kind: DistNormal, Mean: mean, SD: sd, Max: hi}, nil
}

// ParseSharedPrefix reads --shared-prefix N:LEN: N shared prefixes of LEN
// tokens each.
func ParseSharedPrefix(spec string) (*SharedPrefix, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(spec), ":")
	n, err1 := strconv.Atoi(a)
	l, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || l < 1 {
		return nil, inputerr.Errorf("flag", "--shared-prefix", 0, "%q: want N:LEN, N prefixes of LEN tokens, e.g. 8:512", spec)
	}
	if n > MaxSharedPrefixes || l > MaxTokens || n*l > MaxPrefixTokens {
		return nil, inputerr.Errorf("flag", "--shared-prefix", 0, "%q: at most %d prefixes of at most %d tokens, %d tokens in all", spec, MaxSharedPrefixes, MaxTokens, MaxPrefixTokens)
	}
	return &SharedPrefix{Count: n, Tokens: l}, nil
}

// Bound is the longest length d yields (for a file, what the harness read
// from it is needed: 0 here).
func (d LengthDist) Bound() int {
	switch d.Kind {
	case DistFixed:
		return d.Value
	case DistUniform, DistNormal:
		return d.Max
	}
	return 0
}

// MeanLength is d's mean, rounded (0 for a file: it depends on content),
// what the plan's input_tokens/output_tokens record when a distribution is
// given. A clipped normal's mean is its unclipped one.
func (d LengthDist) MeanLength() int {
	switch d.Kind {
	case DistFixed:
		return d.Value
	case DistUniform:
		return (d.Min + d.Max + 1) / 2
	case DistNormal:
		return max(1, int(math.Round(d.Mean)))
	}
	return 0
}

// Check refuses a distribution no flag makes (a plan.json edited by hand
// would otherwise have the sampler divide by nothing or build a gigabyte
// prompt); field names it, e.g. workload.input.
func (d LengthDist) Check(field string) error {
	in := func(v int) bool { return v >= 1 && v <= MaxTokens }
	ok := false
	switch d.Kind {
	case DistFixed:
		ok = in(d.Value)
	case DistUniform:
		ok = in(d.Min) && in(d.Max) && d.Min <= d.Max
	case DistNormal:
		ok = d.Mean >= 1 && d.Mean <= MaxTokens && d.SD >= 0 && d.SD <= MaxTokens && in(d.Max)
	case DistFile:
		ok = d.File != ""
	}
	if !ok {
		return inputerr.Errorf("plan", field, 0, "%+v is not a length distribution knee makes (fixed, uniform, normal or file, lengths in [1, %d])", d, MaxTokens)
	}
	return nil
}

// Check refuses shared prefixes past --shared-prefix's bounds.
func (sp *SharedPrefix) Check() error {
	if sp == nil {
		return nil
	}
	if sp.Count < 1 || sp.Tokens < 1 || sp.Count > MaxSharedPrefixes || sp.Tokens > MaxTokens || sp.Count*sp.Tokens > MaxPrefixTokens {
		return inputerr.Errorf("plan", "workload.shared_prefix", 0, "%d prefixes of %d tokens: at most %d prefixes of at most %d tokens, %d tokens in all", sp.Count, sp.Tokens, MaxSharedPrefixes, MaxTokens, MaxPrefixTokens)
	}
	return nil
}
