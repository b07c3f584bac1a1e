package baseline

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Gate is one aicr performance gate as its validator applies it
// (FORMATS.md §2): a throughput floor ">= N" fails below 0.9 × N, a TTFT
// p99 ceiling "<= N" fails above 1.1 × N. `knee baseline --overlay` and
// `knee diff --overlay` both judge with it, so the two commands cannot
// disagree on whether a run passes (issue 31 item 1).
type Gate struct {
	Constraint string  // inference-throughput or inference-ttft-p99
	Op         string  // ">=" or "<="
	Value      float64 // N as written
	Tolerance  float64 // 0.9 for a floor, 1.1 for a ceiling
}

// gateRules are the validator's operator and tolerance per constraint.
var gateRules = map[string]struct {
	op  string
	tol float64
}{
	ConstraintThroughput: {">=", GateThroughputTolerance},
	ConstraintTTFTP99:    {"<=", GateTTFTTolerance},
}

// ParseGate reads a constraint's value strictly: the operator the
// validator expects for it, then a plain positive finite number (tok/s or
// ms, no unit). A gate it cannot read is an error, never a gate that
// passes everything (">= 1e309", "<= 2s", ">= NaN", "<= 10000" on a
// throughput floor, ">= -5": issue 27 item 4).
func ParseGate(constraint, text string) (Gate, error) {
	rule, ok := gateRules[constraint]
	if !ok {
		return Gate{}, fmt.Errorf("%s is not a performance gate knee judges", constraint)
	}
	v, err := parseGateValue(text, rule.op)
	if err != nil {
		return Gate{}, err
	}
	return Gate{Constraint: constraint, Op: rule.op, Value: v, Tolerance: rule.tol}, nil
}

// parseGateValue reads "OP N" for one operator.
func parseGateValue(text, op string) (float64, error) {
	s := strings.TrimSpace(text)
	if !strings.HasPrefix(s, op) {
		return 0, fmt.Errorf("%q must start with %q (aicr's validator reads only that)", text, op)
	}
	n := strings.TrimSpace(strings.TrimPrefix(s, op))
	v, err := strconv.ParseFloat(n, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%q: %s is out of range", text, n)
	case err != nil:
		return 0, fmt.Errorf("%q: %q is not a plain number (tok/s or ms, no unit)", text, n)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%q: %s is not a finite number", text, n)
	case v <= 0:
		return 0, fmt.Errorf("%q: the bound must be more than 0", text)
	}
	return v, nil
}

// Limit is where the validator fails: Tolerance × Value.
func (g Gate) Limit() float64 { return g.Tolerance * g.Value }

// Passes reports whether a measured value passes the gate as the
// validator applies it.
func (g Gate) Passes(x float64) bool {
	if g.Op == ">=" {
		return x >= g.Limit()
	}
	return x <= g.Limit()
}

// Rule says where it fails, for notes: "fails below 0.9 × 50,000 = 45,000".
func (g Gate) Rule() string {
	side := "below"
	if g.Op == "<=" {
		side = "above"
	}
	return fmt.Sprintf("fails %s %s × %s = %s", side, plain(g.Tolerance), num(g.Value), num(g.Limit()))
}
