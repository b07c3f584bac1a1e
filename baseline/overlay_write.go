package baseline

import (
	"fmt"

	"github.com/kneetool/knee/baseline/overlay"
)

// proposalOf is what rec writes into an overlay: its constraints under the
// measurement comment block. Only a proposal can be written.
func proposalOf(rec *Recommendation) (overlay.Proposal, error) {
	if rec == nil || rec.Status != StatusProposed {
		return overlay.Proposal{}, fmt.Errorf("baseline: only a proposal can be written to an overlay")
	}
	return overlay.Proposal{Constraints: rec.Constraints, Comment: CommentLines(rec)}, nil
}

// StageOverlay stages rec's patch of o (overlay.Stage): nil when the patch
// changes nothing.
func StageOverlay(o *overlay.Overlay, rec *Recommendation) (*overlay.Staged, error) {
	p, err := proposalOf(rec)
	if err != nil {
		return nil, err
	}
	return overlay.Stage(o, p)
}

// WriteOverlay patches o's file in place with rec (overlay.Write) and
// reports whether the file changed.
func WriteOverlay(o *overlay.Overlay, rec *Recommendation) (bool, error) {
	p, err := proposalOf(rec)
	if err != nil {
		return false, err
	}
	return overlay.Write(o, p)
}
