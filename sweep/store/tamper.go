package store

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// A resume trusts what the folder holds, so it checks it before running
// anything (issue 27 item 8): a plan.json copied from another sweep ran
// that sweep's plan into the folder and dropped a measured level; a
// point.json holding 1e308 was accepted and left the folder unreadable.

// levelFolder is the name of a level's folder (NNN-PERGPU or NNN-RATErps);
// an earlier attempt kept aside is NNN-….attempt-K and is not a level.
var levelFolder = regexp.MustCompile(`^\d{3}-[^.]+(\.\d+)?(rps)?$`)

// checkFolders refuses a level folder that no level of the plan names: the
// plan.json is not the one this folder was measured with.
func (s *Store) checkFolders(levels []sweep.Level) error {
	ents, err := os.ReadDir(filepath.Join(s.dir, LevelsDir))
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return inputerr.Errorf(filepath.Join(s.dir, LevelsDir), "", 0, "cannot read: %v", err)
	}
	planned := map[string]bool{}
	for _, l := range levels {
		planned[filepath.Base(LevelDir(l))] = true
	}
	var stray []string
	for _, e := range ents {
		if e.IsDir() && levelFolder.MatchString(e.Name()) && !planned[e.Name()] {
			stray = append(stray, e.Name())
		}
	}
	if len(stray) == 0 {
		return nil
	}
	sort.Strings(stray)
	return inputerr.Errorf(filepath.Join(s.dir, PlanFile), "per_gpu", 0,
		"names no level of %s, measured in this folder: plan.json is not the plan this folder was measured with (restore it, or start a new --out folder)",
		filepath.Join(LevelsDir, stray[0]))
}

// checkRecord refuses a finished level whose points no reader would
// accept (non-finite or out-of-range values): Validate is the check every
// input gets, applied before the level counts as done.
func (s *Store) checkRecord(path string, rec *LevelRecord) error {
	if rec.Status != StatusOK {
		return nil
	}
	if len(rec.Points) == 0 {
		return inputerr.Errorf(path, "points", 0, "a finished level with no point")
	}
	sw := &sweep.Sweep{GPUs: s.plan.GPUs, Points: rec.Points}
	if err := sw.Validate(path); err != nil {
		return fmt.Errorf("%w (the level record was edited, or is not knee's: remove the level folder to measure it again)", err)
	}
	return nil
}
