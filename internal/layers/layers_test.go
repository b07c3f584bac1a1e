package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/kneetool/knee/"

// rule: packages under from must not import any package under a forbidden
// prefix (module-relative; "" forbids the whole module).
type rule struct {
	from      string
	forbidden []string
	why       string
}

var rules = []rule{
	{"internal/numfmt", []string{""}, "a utility imports nothing of knee"},
	{"internal/stats", []string{""}, "a utility imports nothing of knee"},
	{"internal/table", []string{""}, "a utility imports nothing of knee"},
	{"internal/output", []string{""}, "a utility imports nothing of knee"},
	{"internal/inputerr", []string{""}, "a utility imports nothing of knee"},
	{"sweep", []string{"knee", "baseline", "cmd", "internal/drivers"}, "sweep is the start of the flow and knows no driver"},
	{"knee", []string{"baseline", "cmd", "internal/drivers"}, "the analysis never points back up the flow or into a driver"},
	{"baseline", []string{"cmd", "internal/drivers", "sweep/run", "sweep/store"}, "policy reads sweeps, it does not run them"},
	{"internal/drivers", []string{"knee", "baseline", "cmd"}, "drivers run levels; they do not judge them"},
}

// tableReader is the table reader (issue 26 item 4): sweep/read enters it
// through table.Read, and nothing else imports it.
const tableReader = "sweep/read/table"

func TestImportLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(p, module) {
				continue
			}
			dep := strings.TrimPrefix(p, module)
			if under(dep, tableReader) && rel != "sweep/read" && !under(rel, tableReader) {
				t.Errorf("%s imports %s: only sweep/read reads tables through it, so no package reaches into the table reader's passes", path, dep)
			}
			for _, r := range rules {
				if !under(rel, r.from) {
					continue
				}
				for _, f := range r.forbidden {
					if f == "" || under(dep, f) {
						t.Errorf("%s imports %s: %s", path, dep, r.why)
					}
				}
			}
		}
		checked++
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, checked, 200, "the walk found the repository's files")
	_, err = os.Stat(filepath.Join(root, "internal", "drivers", "kube"))
	require.NoError(t, err, "the drivers live under internal/drivers")
}

func under(pkg, prefix string) bool { return pkg == prefix || strings.HasPrefix(pkg, prefix+"/") }

// The rules catch what they are meant to: a sweep file importing a driver.
func TestUnderMatchesWholeSegments(t *testing.T) {
	require.True(t, under("internal/drivers/kube", "internal/drivers"))
	require.False(t, under("internal/driversx", "internal/drivers"))
	require.True(t, under("knee", "knee"))
	require.False(t, under("kneel", "knee"))
}
