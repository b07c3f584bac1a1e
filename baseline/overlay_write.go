package baseline

import (
	"fmt"

	"github.com/kneetool/knee/baseline/overlay"
)

// proposalOf is what rec writes into an overlay: its constraints under the
// measurement comment block's lines. Only a proposal can be written.
func proposalOf(rec *Recommendation, comment []string) (overlay.Proposal, error) {
	if rec == nil || rec.Status != StatusProposed {
		return overlay.Proposal{}, fmt.Errorf("baseline: only a proposal can be written to an overlay")
	}
	return overlay.Proposal{Constraints: rec.Constraints, Comment: comment}, nil
}

// StageOverlay stages rec's patch of o under the comment block's lines
// (overlay.Stage): nil when the patch changes nothing.
func StageOverlay(o *overlay.Overlay, rec *Recommendation, comment []string) (*overlay.Staged, error) {
	p, err := proposalOf(rec, comment)
	if err != nil {
		return nil, err
	}
	return overlay.Stage(o, p)
}

// WriteOverlay patches o's file in place with rec under the comment
// block's lines (overlay.Write) and reports whether the file changed.
func WriteOverlay(o *overlay.Overlay, rec *Recommendation, comment []string) (bool, error) {
	p, err := proposalOf(rec, comment)
	if err != nil {
		return false, err
	}
	return overlay.Write(o, p)
}
