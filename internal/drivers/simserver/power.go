package simserver

import (
	"fmt"
	"math"
	"time"
)

// The power model (issue 28). Each simulated GPU draws
//
//	P(b) = min(PowerLimitW, PowerIdleW + PowerPerSeqW·b)
//
// watts at running batch b, and its energy counter integrates P over wall
// time, so knee sweep --telemetry pointed at the simulated server reads a
// power that grows with the load, a limit it flattens at, and a counter
// whose increase over a level is that level's energy. Under a closed loop
// of c requests per GPU the batch is b = batchAt(c) (the slots refill at
// the step they free), so the node's output tokens per joule are
//
//	X(c) / (GPUs · P(b))
//
// (ModelTokensPerJoule), what a sweep's tokens_per_joule must match.
// Nothing here is a measurement of hardware: the defaults are H100/H200-like
// magnitudes chosen so that the limit binds only near a full batch.
const (
	defaultPowerIdleW   = 100
	defaultPowerPerSeqW = 4
	defaultPowerLimitW  = 700
)

// powerDefaults fills the power model's defaults; a negative value is left
// for Validate to refuse.
func (c Config) powerDefaults() Config {
	if c.PowerIdleW == 0 {
		c.PowerIdleW = defaultPowerIdleW
	}
	if c.PowerPerSeqW == 0 {
		c.PowerPerSeqW = defaultPowerPerSeqW
	}
	if c.PowerLimitW == 0 {
		c.PowerLimitW = defaultPowerLimitW
	}
	return c
}

func (c Config) validatePower() error {
	for _, v := range []float64{c.PowerIdleW, c.PowerPerSeqW, c.PowerLimitW} {
		if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("simserver: power parameters must be finite and not negative")
		}
	}
	return nil
}

// powerAt is one GPU's draw in watts at running batch b.
func (c Config) powerAt(b int) float64 {
	return math.Min(c.PowerLimitW, c.PowerIdleW+c.PowerPerSeqW*float64(b))
}

// powerCapped reports whether a batch of b sits at the power limit, where a
// real GPU lowers its clocks (the SW power cap clock event reason).
func (c Config) powerCapped(b int) bool {
	return c.PowerIdleW+c.PowerPerSeqW*float64(b) >= c.PowerLimitW
}

// ModelPowerW is the model's draw per GPU, in watts, under a closed loop of
// perGPU requests per GPU.
func (c Config) ModelPowerW(perGPU float64, inputTokens, outputTokens int) float64 {
	c = c.withDefaults()
	b := c.batchAt(perGPU, inputTokens, outputTokens)
	return c.powerAt(int(math.Round(b)))
}

// ModelTokensPerJoule is the node's output tokens per joule under a closed
// loop of perGPU requests per GPU (see the power model above).
func (c Config) ModelTokensPerJoule(perGPU float64, inputTokens, outputTokens int) float64 {
	c = c.withDefaults()
	p := c.ModelPowerW(perGPU, inputTokens, outputTokens) * float64(c.GPUs)
	if p <= 0 {
		return 0
	}
	return c.ModelThroughput(perGPU, inputTokens, outputTokens) / p
}

// meter is one engine's energy counter: the joules drawn up to at.
type meter struct {
	joules float64
	at     time.Time
}

// accrue adds the draw of a batch of b from the meter's last reading to
// now. A step time behind the last reading (the scheduler catching up)
// adds nothing, so the counter never runs backwards.
func (m *meter) accrue(c Config, b int, now time.Time) {
	if m.at.IsZero() {
		m.at = now
		return
	}
	if d := now.Sub(m.at); d > 0 {
		m.joules += c.powerAt(b) * d.Seconds()
		m.at = now
	}
}
