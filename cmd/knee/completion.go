package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep/read"
)

// outputFormats lists, per command, the -o formats it takes, its default
// first. Shell completion and each command's help read it; a test checks
// that every command's own -o check agrees with it.
var outputFormats = map[string][]string{
	"import":    sweepFormats.Names(),
	"find":      report.FindEncoders.Names(),
	"baseline":  report.RecommendationEncoders.Names(),
	"compare":   report.ComparisonEncoders.Names(),
	"pareto":    append(report.ParetoEncoders.Names(), "FILE.png", "FILE.svg"),
	"sweep":     {"table", "markdown", "json"},
	"demo":      {"markdown", "table"},
	"simserver": {"text"},
	"version":   versionFormats.Names(),
}

// flagValues are the closed sets of values that flags take, completed by
// the shell (knee completion bash|zsh|fish|powershell).
var flagValues = map[string][]string{
	"runner":  {"local", "kube"},
	"harness": {"builtin", "inference-perf", "aiperf"},
	"api":     {"chat", "completion"},
}

// completeFlagValues registers value completion for -o (per command) and
// for every flag of flagValues and --format wherever a command has them,
// and says in each command's help which -o formats it takes.
func completeFlagValues(root *cobra.Command) {
	_ = root.RegisterFlagCompletionFunc("output", func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		return outputFormats[c.Name()], cobra.ShellCompDirectiveNoFileComp
	})
	values := map[string][]string{"format": read.Formats}
	for k, v := range flagValues {
		values[k] = v
	}
	for _, c := range root.Commands() {
		if fs, ok := outputFormats[c.Name()]; ok {
			c.Long = strings.TrimRight(c.Long, "\n") + fmt.Sprintf("\n\nOutput (-o): %s (default %s).", strings.Join(fs, ", "), fs[0])
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			vs, ok := values[f.Name]
			if !ok {
				return
			}
			_ = c.RegisterFlagCompletionFunc(f.Name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return vs, cobra.ShellCompDirectiveNoFileComp
			})
		})
	}
}
