package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/kneetool/knee/"

// rule: packages under from must not import any package under a forbidden
// prefix (module-relative; "" forbids the whole module). testsMay are the
// forbidden prefixes the package's test files may still import.
type rule struct {
	from      string
	forbidden []string
	why       string
	testsMay  []string
}

var rules = []rule{
	{"internal/numfmt", []string{""}, "a utility imports nothing of knee", nil},
	{"internal/stats", []string{""}, "a utility imports nothing of knee", nil},
	{"internal/table", []string{""}, "a utility imports nothing of knee", nil},
	{"internal/output", []string{""}, "a utility imports nothing of knee", nil},
	{"internal/inputerr", []string{""}, "a utility imports nothing of knee", nil},
	{"sweep", []string{"knee", "baseline", "report", "cmd", "internal/drivers"}, "sweep is the start of the flow and knows no driver", nil},
	{"knee", []string{"baseline", "report", "cmd", "internal/drivers"}, "the analysis never points back up the flow or into a driver", nil},
	{"baseline", []string{"report", "cmd", "internal/drivers", "sweep/run", "sweep/store", "sweep/read"}, "policy reads analyses, it does not run or read sweeps (overlays are read through sweep/boundedio)",
		// baseline's tests start from real recorded sweeps, which only the
		// reader turns into the data model.
		[]string{"sweep/read"}},
	{"internal/drivers", []string{"knee", "baseline", "report", "cmd"}, "drivers run levels; they do not judge them", nil},
	{"report", []string{"cmd", "internal/drivers", "sweep/run", "sweep/store", "sweep/catalog"}, "report words results (knee, baseline, sweep); it neither runs nor stores sweeps, and only cmd imports it", nil},
}

// exempt are the folders whose files, tests included, the rules do not
// check, and why.
var exempt = map[string]string{
	"test/integration": "the integration tests drive the built binary and every layer on a real control plane, as a user does",
}

// exemptTests are the test files, module-relative, that may break their
// package's rule, and why. Every other test file is held to its layer:
// tests that wire layers together live in cmd/knee, as the commands do.
var exemptTests = map[string]string{
	// The ambiguity pass asks the analysis (sweep.Judge) which reading of
	// a table matters; the corpus's goldens pin readings judged by knee's
	// own answerer, as cmd/knee hands it. The tests that use it reach the
	// reader's internals, so they stay in package read: this one file
	// names the judge for them all.
	"sweep/read/corpus_test.go": "the corpus is judged by the analysis the commands hand the reader",
}

// tableReader is the table reader (issue 26 item 4): sweep/read enters it
// through table.Read, and nothing else imports it.
const tableReader = "sweep/read/table"

func TestImportLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked, tests := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || exempt[rel] != "") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || exemptTests[rel] != "" {
			return nil
		}
		isTest := strings.HasSuffix(path, "_test.go")
		if isTest {
			tests++
		}
		rel = filepath.ToSlash(filepath.Dir(rel))
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
					if (f == "" || under(dep, f)) && !(isTest && slices.Contains(r.testsMay, f)) {
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
	require.Greater(t, tests, 200, "the walk checked the test files too")
	t.Logf("checked %d files, %d of them tests", checked, tests)
	for f := range exemptTests {
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(f)))
		require.NoError(t, err, "an exempt test file that is gone leaves the list")
	}
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
