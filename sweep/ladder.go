package sweep

import (
	"crypto/rand"
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kneetool/knee/internal/inputerr"
)

// MaxLevels bounds a ladder: more rungs than this is a typo in a step
// (16:4096:+1), not a sweep anyone can afford to run.
const MaxLevels = 64

// MaxPlanLevels bounds a stored plan: a ladder and the levels --search adds
// (each at most MaxLevels distinct), each run up to --repeats (at most
// MaxLevels) times. --resume refuses a plan.json listing more before it
// makes a record per level.
const MaxPlanLevels = 2 * MaxLevels * MaxLevels

// ParsePerGPU reads an explicit ladder such as "64,128,256": positive
// integers, strictly increasing, because the engine climbs and stops past
// the knee; an unsorted list would make "past" meaningless.
func ParsePerGPU(spec string) ([]int, error) {
	const field = "--per-gpu"
	parts := strings.Split(spec, ",")
	out := make([]int, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		v, err := strconv.Atoi(p)
		if err != nil || v <= 0 {
			return nil, inputerr.Errorf("flag", field, 0, "%q is not a positive integer", p)
		}
		if len(out) > 0 && v <= out[len(out)-1] {
			return nil, inputerr.Errorf("flag", field, 0, "levels must increase: %d after %d", v, out[len(out)-1])
		}
		out = append(out, v)
	}
	if len(out) > MaxLevels {
		return nil, inputerr.Errorf("flag", field, 0, "%d levels is more than %d", len(out), MaxLevels)
	}
	return out, nil
}

// ParseLadder reads START:END:STEP where STEP is xK (multiply, K ≥ 2) or +N
// (add). END is included when a step lands on it, e.g. 16:1024:x2 →
// 16,32,…,1024 and 32:128:+32 → 32,64,96,128.
func ParseLadder(spec string) ([]int, error) {
	const field = "--ladder"
	bad := func(format string, args ...any) error { return inputerr.Errorf("flag", field, 0, format, args...) }
	parts := strings.Split(spec, ":")
	if len(parts) != 3 {
		return nil, bad("%q is not START:END:STEP (e.g. 16:1024:x2 or 32:256:+32)", spec)
	}
	start, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
	end, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err1 != nil || err2 != nil || start <= 0 || end < start {
		return nil, bad("%q: START and END must be positive integers with START <= END", spec)
	}
	op, k, err := parseLadderStep(spec, strings.TrimSpace(parts[2]))
	if err != nil {
		return nil, err
	}
	var out []int
	for v, more := start, true; more && v <= end; v, more = ladderStep(v, op, k) {
		out = append(out, v)
		if len(out) > MaxLevels {
			return nil, bad("%q gives more than %d levels", spec, MaxLevels)
		}
	}
	return out, nil
}

// parseLadderStep reads a ladder's STEP, xK or +N, as its operator and
// operand.
func parseLadderStep(spec, step string) (op byte, k int, err error) {
	if len(step) < 2 || (step[0] != 'x' && step[0] != '+') {
		return 0, 0, inputerr.Errorf("flag", "--ladder", 0, "%q: STEP must be xK or +N", spec)
	}
	k, err = strconv.Atoi(step[1:])
	if err != nil || (step[0] == 'x' && k < 2) || (step[0] == '+' && k < 1) {
		return 0, 0, inputerr.Errorf("flag", "--ladder", 0, "%q: STEP %q needs an integer factor >= 2 (x) or increment >= 1 (+)", spec, step)
	}
	return step[0], k, nil
}

// ladderStep is the rung after v: v×k for op 'x', v+k for '+'; more is
// false when that would overflow an int.
func ladderStep(v int, op byte, k int) (next int, more bool) {
	if op == 'x' {
		if v > math.MaxInt/k {
			return 0, false
		}
		return v * k, true
	}
	if v > math.MaxInt-k {
		return 0, false
	}
	return v + k, true
}

// NewPlanID names a sweep: sortable by start time, unique enough for
// Kubernetes labels (≤ 63 characters, lower-case alphanumerics and dashes).
func NewPlanID(now time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return "knee-" + now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// FormatLadder writes levels the way --per-gpu takes them ("64,128,256"),
// so a log line can be pasted back into a command; %v would print [64 128 256].
func FormatLadder(levels []int) string {
	parts := make([]string, len(levels))
	for i, l := range levels {
		parts[i] = strconv.Itoa(l)
	}
	return strings.Join(parts, ",")
}
