package read

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// maxComplexity is issue 26's bound on the reader: no function over
// cyclomatic 15, so each rule stays one statement a reviewer can hold.
const maxComplexity = 15

// TestReaderFunctionsStaySmall counts cyclomatic complexity as gocyclo
// does (1, plus one per if, for, range, non-default case, select case, &&
// and ||) over every non-test function of sweep/read and its packages.
func TestReaderFunctionsStaySmall(t *testing.T) {
	var over []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			if c := cyclomatic(fn); c > maxComplexity {
				over = append(over, fset.Position(fn.Pos()).String()+" "+fn.Name.Name)
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Empty(t, over, "functions over cyclomatic %d: split them", maxComplexity)
}

func TestCyclomaticCountsBranches(t *testing.T) {
	src := `package p
func f(a, b bool, xs []int) int {
	if a && b || !a { return 1 }
	for range xs {}
	switch { case a: ; case b: ; default: }
	return 0
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	require.NoError(t, err)
	// 1 + if + && + || + range + two cases = 7
	require.Equal(t, 7, cyclomatic(f.Decls[0].(*ast.FuncDecl)))
}

func cyclomatic(fn *ast.FuncDecl) int {
	n := 1
	ast.Inspect(fn, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			n++
		case *ast.CaseClause:
			if x.List != nil {
				n++
			}
		case *ast.CommClause:
			if x.Comm != nil {
				n++
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				n++
			}
		}
		return true
	})
	return n
}
