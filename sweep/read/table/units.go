package table

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// dimension is what a unit measures; a cell's unit must fit its column.
type dimension int

const (
	dimNone    dimension = iota // a bare multiplier: 24.5k
	dimTime                     // converted to ms
	dimTokRate                  // converted to output tok/s
	dimReqRate                  // req/s
	dimPercent                  // 52%: a derived figure, never read
	dimRatio                    // 1.05x: a derived figure, never read
	// Dimensions a header may state that no role knee reads has: a column in
	// one of them is never a load, a throughput or a latency, whatever its
	// words say ("Peak temp (°C)", "J/tok", "Memory (MB)").
	dimTemperature
	dimPower
	dimEnergy // J/tok, tok/J, tok/W: energy per token or tokens per energy
	dimBytes
	dimMoney
)

func (d dimension) String() string {
	return [...]string{"a plain number", "a time", "a token rate", "a request rate", "a percentage", "a ratio",
		"a temperature", "a power", "an energy per token", "a size in bytes", "a cost"}[d]
}

// unit is a unit as written in a header, a units row, a cell or --unit.
// factor converts to the model's unit (ms; output tok/s; req/s).
type unit struct {
	dim    dimension
	factor float64
	name   string
}

// units are the spellings knee accepts, keyed without spaces, lower case.
var units = map[string]unit{}

func init() {
	add := func(d dimension, f float64, name string, spellings ...string) {
		for _, s := range spellings {
			units[s] = unit{d, f, name}
		}
	}
	add(dimTime, 1, "ms", "ms", "msec", "msecs", "millisecond", "milliseconds", "millis",
		"毫秒", "밀리초", "ミリ秒", "мс", "мсек")
	add(dimTime, 1000, "s", "s", "sec", "secs", "second", "seconds",
		// Seconds as other languages write them after a number ("2.45초", "1.2秒").
		"秒", "초", "с", "сек", "seg", "segundos", "giây", "sn", "saniye", "sek", "sekunden", "secondes", "secondi")
	// A time per output token ("13.43 ms/tok"), as TPOT and ITL cells
	// write it: a time.
	add(dimTime, 1, "ms", "ms/tok", "ms/token", "ms/tokens")
	add(dimTime, 1000, "s", "s/tok", "s/token")
	add(dimTime, 1e-3, "us", "us", "µs", "μs", "usec", "usecs", "microsecond", "microseconds")
	add(dimTime, 60000, "min", "min", "mins", "minute", "minutes")
	add(dimTokRate, 1, "tok/s", "tok/s", "toks/s", "token/s", "tokens/s", "tok/sec", "tokens/sec", "tokens/second", "tps", "t/s", "tok/s/gpu", "tokens/s/gpu",
		"tk/s", "t/sec", "tok/second", "token/sec", "toks/sec", "tokenspersecond", "tokens/seg", "tokens/秒", "token/秒", "tok/秒", "トークン/秒",
		"токенов/с", "токены/с", "токен/с", "token/giây", "tokens/giây", "token/sn", "tokeny/s", "tokenów/s", "jetons/s", "토큰/초",
		// "tg/s": llama.cpp's tools (llama-bench, llama-benchy) name text
		// generation "tg", so tg/s is the generated tokens per second.
		"tg/s")
	// A rate per minute ("tok/min", perminute.go), read as tok/s.
	add(dimTokRate, 1.0/60, "tok/min", "tok/min", "toks/min", "token/min", "tokens/min", "tokens/minute", "tpm")
	add(dimTokRate, 1000.0/60, "ktok/min", "ktok/min", "ktokens/min")
	add(dimTokRate, 1000, "ktok/s", "ktok/s", "ktoks/s", "ktokens/s", "ktps", "ktok/sec", "ktokens/sec", "kt/s")
	add(dimReqRate, 1, "req/s", "req/s", "reqs/s", "requests/s", "request/s", "rps", "qps", "req/sec", "requests/sec")
	add(dimPercent, 1, "%", "%", "pct")
	add(dimRatio, 1, "x", "x", "×")
	add(dimNone, 1000, "k", "k")
	add(dimNone, 1e6, "M", "m")
}

// parseUnit reads a unit written after a number or given to --unit:
// "s", "95 ms" → ms, "k tok/s", "tokens/sec".
func parseUnit(s string) (unit, bool) {
	k := strings.ToLower(strings.Join(strings.Fields(s), ""))
	if k == "m" && strings.TrimSpace(s) != "M" {
		return unit{}, false // "m" is ambiguous (minutes? milli?); only "M" (million) is read
	}
	if u, ok := units[k]; ok {
		return u, true
	}
	return composedUnit(k)
}

// UnitNames lists the units --unit accepts, for help and errors.
func UnitNames() []string { return []string{"s", "ms", "us", "tok/s", "ktok/s"} }

// ParseUnitFlags reads --unit COLUMN=UNIT values into Meta.Units. The column
// is a header as written (or a key such as ttft_p99); the last "=" splits,
// so a header may itself hold one.
func ParseUnitFlags(vals []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range vals {
		i := strings.LastIndexByte(v, '=')
		if i <= 0 || i == len(v)-1 {
			return nil, fmt.Errorf("--unit %q: want COLUMN=UNIT, e.g. --unit 'TTFT p99=s' (units: %s)", v, strings.Join(UnitNames(), ", "))
		}
		col, un := strings.TrimSpace(v[:i]), strings.TrimSpace(v[i+1:])
		u, ok := parseUnit(un)
		if !ok || u.dim == dimNone || u.dim == dimPercent || u.dim == dimRatio {
			return nil, fmt.Errorf("--unit %q: unknown unit %q (units: %s)", v, un, strings.Join(UnitNames(), ", "))
		}
		out[HeaderKey(col)] = un
	}
	return out, nil
}

// ParseColumnFlags reads --column KIND=HEADER values into Meta.Columns: the
// named header holds KIND (throughput, concurrency, ttft_p99 …), and other
// columns that could hold it are left unread.
func ParseColumnFlags(vals []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range vals {
		kind, header, ok := strings.Cut(v, "=")
		kind = strings.ToLower(strings.TrimSpace(kind))
		if !ok || kind == "" || strings.TrimSpace(header) == "" {
			return nil, fmt.Errorf("--column %q: want KIND=HEADER, e.g. --column throughput='Output tok/s'", v)
		}
		if _, known := columnKinds()[kind]; !known {
			return nil, fmt.Errorf("--column %q: unknown kind %q (kinds: %s)", v, kind, strings.Join(columnKindNames(), ", "))
		}
		out[kind] = strings.TrimSpace(header)
	}
	return out, nil
}

// HeaderKey normalises a header for matching flags against it: markup
// stripped, spaces collapsed, lower case.
func HeaderKey(h string) string {
	return strings.ToLower(strings.Join(strings.Fields(stripMarkup(h)), " "))
}

func columnKindNames() []string {
	var names []string
	for k := range columnKinds() {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// timeUnitFromTokens finds a time unit in a header's words: TTFT (s),
// ttft_p99_s, E2E (µs).
func timeUnitFromTokens(t []string) (unit, bool) {
	for i := len(t) - 1; i >= 0; i-- {
		if isMinStat(t[i]) {
			continue
		}
		if u, ok := units[t[i]]; ok && u.dim == dimTime {
			return u, true
		}
	}
	return unit{}, false
}

// timeUnitsNamed lists the distinct time units a header's words name, in
// order: "TTFT p99 ms (s)" names ms and s, and cannot be read as either.
func timeUnitsNamed(t []string) []string {
	var names []string
	for _, w := range t {
		if isMinStat(w) {
			continue
		}
		if u, ok := units[w]; ok && u.dim == dimTime && !slices.Contains(names, u.name) {
			names = append(names, u.name)
		}
	}
	return names
}

// tokRateUnitFromTokens finds a token-rate unit in a header's words:
// "k tok/s", "ktok/s", "Throughput (K)", "tokens/sec", "TPS". k (a thousand)
// must be stated to be read: the header is the only place it can be.
func tokRateUnitFromTokens(t []string) (unit, bool) {
	for i, w := range t {
		if w == "k" && i+1 < len(t) && isDigits(t[i+1]) {
			continue // "ngram k=3": a setting (speculative tokens), not thousands
		}
		switch w {
		case "k", "ktok", "ktoks", "ktokens", "ktps", "kt", "thousand", "thousands":
			return units["ktok/s"], true
		}
	}
	for _, w := range t {
		switch w {
		case "tok", "toks", "tokens", "token", "tps":
			return units["tok/s"], true
		}
	}
	return unit{}, false
}

// isMinStat: in a header, "min" is the minimum ("Min TTFT (s)"), not
// minutes; minutes are spelled out ("minutes") to be read as a unit.
func isMinStat(w string) bool { return w == "min" || w == "mins" }

// isDigits: w is written in digits alone ("3" of "k=3").
func isDigits(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
