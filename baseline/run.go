package baseline

import (
	"context"
	"fmt"
	"strings"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Request is one `knee baseline`: analysis thresholds, floor policy, and an
// optional overlay to compare with and (Write) patch.
type Request struct {
	Knee    knee.Options
	Policy  Policy
	Overlay string
	Write   bool
	// AllowTargetMismatch lets --write patch an overlay whose accelerator,
	// model or GPU count differs from the sweep's (refused otherwise).
	AllowTargetMismatch bool
	// Context, when set, stops the analysis on Ctrl-C (knee.FindContext).
	Context context.Context
	// Comment writes the measurement comment block an overlay carries
	// above its constraints (report.CommentLines): baseline computes, the
	// report package words it. Write needs it.
	Comment func(*Recommendation) []string
	// stage, when set, receives the checked patch instead of Run writing
	// it: RunCatalog commits every leaf's patch or none.
	stage func(*overlay.Staged)
}

// Run analyses s, proposes floors or refuses, and compares the result with
// the overlay, writing it when asked and only for a proposal. The overlay is
// read before anything else so that a bad file is reported (exit 2) even
// when the sweep would be refused. A refusal is a Recommendation with
// Status refused and a nil error.
func Run(s *sweep.Sweep, req Request) (*Recommendation, error) {
	if err := req.check(); err != nil {
		return nil, err
	}
	var ov *overlay.Overlay
	if req.Overlay != "" {
		var err error
		if ov, err = overlay.Read(req.Overlay); err != nil {
			return nil, err
		}
	}
	rec, err := req.propose(s)
	if err != nil || ov == nil {
		return rec, err
	}
	rec.Overlay = ReportOverlay(ov, rec)
	if !req.Write {
		return rec, nil
	}
	refuseSimulatedVerification(rec, s, req.Policy)
	if rec.Status == StatusProposed {
		refuseOtherTarget(rec, ov, req.AllowTargetMismatch)
	}
	if rec.Status != StatusProposed {
		rec.Overlay.Warnings = append(rec.Overlay.Warnings, "refused: the overlay was not written")
		return rec, nil
	}
	return rec, req.write(ov, rec)
}

// check refuses requests that make no sense before anything is read.
func (req Request) check() error {
	if req.Write && req.Overlay == "" {
		return &PolicyError{Option: "write", Msg: "needs an overlay to edit"}
	}
	if req.Write && req.Policy.AllowSimulated {
		// Floors from simulated numbers exist to show the method; an overlay
		// gates real nodes, so the two never meet.
		return &PolicyError{Option: "allow_simulated", Msg: "cannot be combined with write: floors from simulated numbers must not be written to an overlay"}
	}
	if err := req.Policy.Validate(); err != nil {
		return err
	}
	if req.Write && req.Comment == nil {
		return fmt.Errorf("baseline: writing an overlay needs Request.Comment, the comment block's lines (report.CommentLines)")
	}
	return nil
}

// propose analyses s and proposes floors under the request's policy.
func (req Request) propose(s *sweep.Sweep) (*Recommendation, error) {
	// One catalog ceiling: the analysis reports a throughput/TTFT
	// disagreement against the ceiling the policy applies.
	kopts := req.Knee
	kopts.TTFTCeilingMs = req.Policy.TTFTCeilingMs
	ctx := req.Context
	if ctx == nil {
		ctx = context.Background()
	}
	r, err := knee.FindContext(ctx, s, kopts)
	if err != nil {
		return nil, err
	}
	return Propose(s, r, req.Policy)
}

// refuseSimulatedVerification: an overlay gates real nodes, so a level
// that only simulated numbers show to be below the knee is unverified as
// far as --write goes (refused unless --accept-unverified, like any
// unverified level).
func refuseSimulatedVerification(rec *Recommendation, s *sweep.Sweep, p Policy) {
	if rec.Status != StatusProposed {
		return
	}
	below := simulatedOnlyBelow(s, derefOr(rec.AtPerGPU))
	switch {
	case len(below) == 0:
	case p.AcceptUnverified:
		rec.Unverified = true
	default:
		at := level(*rec.AtPerGPU)
		rec.Status = StatusRefused
		rec.Refusals = append(rec.Refusals, Refusal{
			PerGPU:  rec.AtPerGPU,
			Reason:  knee.ReasonUnverified,
			Detail:  fmt.Sprintf("%s/GPU is verified as below the knee only by simulated points at %s/GPU: --write needs a level that measured points verify", at, strings.Join(below, ", ")),
			NextRun: fmt.Sprintf("measure %s/GPU on the real node (knee sweep --per-gpu %s,%s)", strings.Join(below, ", "), strings.Join(below, ","), at),
		})
	}
}

// write patches the overlay with the proposal, or stages the patch when
// the catalog commits every leaf's together.
func (req Request) write(ov *overlay.Overlay, rec *Recommendation) error {
	if req.stage != nil {
		st, err := StageOverlay(ov, rec, req.Comment(rec))
		if err != nil {
			return err
		}
		if st != nil {
			req.stage(st)
		}
		return nil
	}
	written, err := WriteOverlay(ov, rec, req.Comment(rec))
	if err != nil {
		return err
	}
	rec.Overlay.Written = written
	return nil
}

func derefOr(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}
