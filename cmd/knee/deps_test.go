package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// CLI concerns stay in cmd/: no package of knee outside cmd/ imports cobra
// or pflag (the libraries name options; cmd/knee binds the flags). client-go's
// clientcmd brings pflag in transitively for internal/drivers/kube; that import is
// client-go's, not ours, so direct imports are what is checked.
func TestOnlyCmdImportsCobraAndPflag(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command(goBin, "list", "-f", `{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}}`, "github.com/kneetool/knee/...").CombinedOutput()
	require.NoError(t, err, string(out))
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "github.com/kneetool/knee/cmd/") {
			continue
		}
		checked++
		for _, imp := range fields[1:] {
			require.NotContains(t, []string{"github.com/spf13/cobra", "github.com/spf13/pflag"}, imp, "%s imports %s", fields[0], imp)
		}
	}
	require.Greater(t, checked, 10)
}
