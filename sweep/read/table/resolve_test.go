package table

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// passFiles are the files of each pass of resolveColumns, in the order the
// passes run: a pass file and the files of its steps.
var passFiles = [][]string{
	{"pass_units.go", "cellunits.go"},
	{"pass_families.go", "families.go", "familyapart.go", "perstream.go"},
	{"pass_roles.go", "serverknob.go", "offered.go", "requestedran.go", "constantload.go", "loadword.go"},
	{"pass_consistency.go", "duplicates.go", "littleslaw.go", "outputlength.go"},
	{"pass_series.go", "series.go"},
	{"pass_ambiguity.go"},
}

// No pass calls into a later one: a pass decides from the words, the
// user's flags and what the passes before it decided, so reordering or
// dropping a later pass cannot change an earlier one. Checked on the
// source: every function and method declared in a pass's files, against
// the names declared in a later pass's files.
func TestPassesCallNoLaterPass(t *testing.T) {
	passOf := map[string]int{}
	for p, files := range passFiles {
		for _, f := range files {
			passOf[f] = p
		}
	}
	fset := token.NewFileSet()
	declared := map[string]map[int]bool{} // name → the passes declaring it
	bodies := map[string][]*ast.FuncDecl{}
	paths, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		require.NoError(t, err)
		p, inPass := passOf[path]
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			bodies[path] = append(bodies[path], fd)
			if inPass {
				if declared[fd.Name.Name] == nil {
					declared[fd.Name.Name] = map[int]bool{}
				}
				declared[fd.Name.Name][p] = true
			}
		}
	}
	for _, files := range passFiles {
		for _, f := range files {
			_, err := os.Stat(f)
			require.NoError(t, err, "passFiles names a file of the package")
		}
	}
	calls := 0
	for path, fds := range bodies {
		p, inPass := passOf[path]
		if !inPass {
			continue
		}
		for _, fd := range fds {
			ast.Inspect(fd, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name := ""
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				for q := range declared[name] {
					calls++
					if q > p {
						t.Errorf("%s: %s calls %s, declared in a later pass (%v)", path, fd.Name.Name, name, passFiles[q])
					}
				}
				return true
			})
		}
	}
	require.Greater(t, calls, 20, "the check saw the passes' calls")
}

// The passes run in the order passFiles lists, after the words and the
// user's --column choices.
func TestResolveColumnsRunsThePassesInOrder(t *testing.T) {
	src, err := os.ReadFile("resolve.go")
	require.NoError(t, err)
	body := string(src[strings.Index(string(src), "func (r *resolved) passes("):])
	last := strings.Index(body, "r.applyColumnFlags(")
	require.GreaterOrEqual(t, last, 0)
	for _, pass := range []string{"r.unitsPass(", "r.familiesPass(", "r.rolesPass(", "r.consistencyPass(", "r.seriesPass(", "r.ambiguityPass("} {
		i := strings.Index(body, pass)
		require.Greater(t, i, last, "%s runs after the pass before it", pass)
		last = i
	}
}

// throughPass resolves g's columns by the words, the user's choices and
// the passes up to and including pass n (0 units … 5 ambiguity), as a
// pass's test needs them: each pass reads what those before it decided.
func throughPass(t *testing.T, g grid, meta Meta, n int) (*resolved, error) {
	t.Helper()
	r := &resolved{cols: classifyAll(g.header)}
	for _, pass := range r.passes(g, nil, 0, meta)[:n+2] {
		if err := pass(); err != nil {
			return r, err
		}
	}
	return r, nil
}

// synthetic is a grid written for a test: its header, then rows of cells,
// numbered from line 3 as under a markdown header and its rule.
func synthetic(header []string, context string, rows ...[]string) grid {
	g := grid{file: "synthetic.md", header: header, headerLine: 1, context: context}
	for i, r := range rows {
		g.rows = append(g.rows, r)
		g.lines = append(g.lines, 3+i)
	}
	return g
}

// colNamed is the resolved column of header h.
func colNamed(t *testing.T, r *resolved, h string) column {
	t.Helper()
	for _, c := range r.cols {
		if c.header == h {
			return c
		}
	}
	t.Fatalf("no column %q", h)
	return column{}
}
