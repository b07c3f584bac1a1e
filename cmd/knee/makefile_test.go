package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// TestMakeBuildStripsTheBinary: `make demo` builds bin/knee through `make
// build`; with the symbol table and DWARF kept it writes about 130 MB, which a
// newcomer's first run pays in disk for nothing. The build's -ldflags must
// carry -s -w (and still the version).
func TestMakeBuildStripsTheBinary(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(fixtures.Path("."), "..", "Makefile"))
	require.NoError(t, err)
	mk := string(b)
	ld := regexp.MustCompile(`(?m)^LDFLAGS\s*:?=\s*(.*)$`).FindStringSubmatch(mk)
	require.NotNil(t, ld, "Makefile sets LDFLAGS")
	flags := strings.Fields(ld[1])
	require.Contains(t, flags, "-s", "symbol table stripped")
	require.Contains(t, flags, "-w", "DWARF stripped")
	require.Contains(t, ld[1], "-X main.version=$(VERSION)")
	require.Regexp(t, `(?m)^build:\n\t\$\(GO\) build -ldflags "\$\(LDFLAGS\)" -o \$\(BIN\) \./cmd/knee$`, mk)
	require.Regexp(t, `(?m)^demo: build$`, mk, "the demo runs the stripped build")
}
