package layers

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// buildSuffixes are the file-name suffixes Go reads as build constraints:
// an underscore before them is the toolchain's, not a naming choice.
var buildSuffixes = map[string]bool{"unix": true, "other": true, "linux": true, "darwin": true, "windows": true, "amd64": true, "arm64": true}

// One file-naming style: the words of one name run together
// (levelseries.go, inferenceperf.go), and an underscore only separates a
// group from its part, where the group is a file or several files of that
// folder (sweep.go beside sweep_catalog.go, the passes pass_units.go and
// pass_roles.go), or comes before a build suffix (open_unix.go) or _test.
func TestFileNamesHaveOneStyle(t *testing.T) {
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		checked++
		name := strings.TrimSuffix(strings.TrimSuffix(d.Name(), ".go"), "_test")
		group, part, grouped := strings.Cut(name, "_")
		if !grouped || buildSuffixes[part] {
			return nil
		}
		siblings, _ := filepath.Glob(filepath.Join(filepath.Dir(path), group+"_*.go"))
		nonTest := 0
		for _, s := range siblings {
			if !strings.HasSuffix(s, "_test.go") {
				nonTest++
			}
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(path), group+".go")); err == nil || nonTest >= 2 {
			return nil
		}
		if strings.HasSuffix(d.Name(), "_test.go") {
			// A test may be named for what it tests across files.
			return nil
		}
		t.Errorf("%s: %q is one name, so its words run together (%s.go); an underscore separates a group of this folder's files from its part", path, name, strings.ReplaceAll(name, "_", ""))
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, checked, 300, "the walk found the repository's files")
}
