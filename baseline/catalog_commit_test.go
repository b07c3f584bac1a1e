package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/fixtures"
)

// Issue 27 item 9: --overlays --write renamed the patches one by one after
// a single check, so an overlay edited after the first rename was
// overwritten, or left two of three written. Each overlay is checked
// immediately before its rename, and a change to any puts back the ones
// already renamed: the user's edit survives and nothing is written.
func TestOverlaysWriteRollsBackWhenAFileChangesBetweenRenames(t *testing.T) {
	src, err := os.ReadFile(fixtures.Path(gb300Overlay))
	require.NoError(t, err)
	dir := t.TempDir()
	var s staging
	var paths []string
	for _, n := range []string{"a.yaml", "b.yaml", "c.yaml"} {
		p := filepath.Join(dir, n)
		require.NoError(t, os.WriteFile(p, src, 0o640))
		o, err := overlay.Read(p)
		require.NoError(t, err)
		rec := gb300Proposal(t)
		rec.Overlay = ReportOverlay(o, rec)
		st, err := StageOverlay(o, rec, testComment(rec))
		require.NoError(t, err)
		require.NotNil(t, st)
		s.staged = append(s.staged, stagedLeaf{st, rec})
		paths = append(paths, p)
	}
	edit := string(src) + "# edited by hand while knee wrote\n"
	old := beforeCommit
	t.Cleanup(func() { beforeCommit = old })
	beforeCommit = func(path string) {
		if path == paths[1] { // after a.yaml was renamed into place
			require.NoError(t, os.WriteFile(path, []byte(edit), 0o640))
		}
	}
	c := &Catalog{Written: []string{}}
	err = s.commit(c)
	s.abort()
	require.ErrorContains(t, err, "overlay "+paths[1]+" changed while knee was working; run again; the 1 overlay(s) already replaced were put back")
	require.Empty(t, c.Written)
	for i, want := range []string{string(src), edit, string(src)} {
		got, err := os.ReadFile(paths[i])
		require.NoError(t, err)
		require.Equal(t, want, string(got), paths[i])
		fi, err := os.Stat(paths[i])
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o640), fi.Mode().Perm())
	}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range ents {
		require.False(t, strings.Contains(e.Name(), ".knee-"), "staged or backup file left: %s", e.Name())
	}
	require.Len(t, ents, 3)

	// Untouched, all three are written and no backup is left.
	beforeCommit = old
	s = staging{}
	for _, p := range []string{paths[0], paths[2]} {
		o, err := overlay.Read(p)
		require.NoError(t, err)
		rec := gb300Proposal(t)
		rec.Overlay = ReportOverlay(o, rec)
		st, err := StageOverlay(o, rec, testComment(rec))
		require.NoError(t, err)
		s.staged = append(s.staged, stagedLeaf{st, rec})
	}
	require.NoError(t, s.commit(c))
	require.Equal(t, []string{paths[0], paths[2]}, c.Written)
	ents, _ = os.ReadDir(dir)
	require.Len(t, ents, 3)
}
