package main

import (
	"errors"
	"os"
	"regexp"
	"strings"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep/boundedio"
)

// The kubeconfig files of --runner kube: checked before client-go reads
// them, and bad ones named as bad input.

// maxKubeconfig bounds a kubeconfig: real ones are kilobytes.
const maxKubeconfig = 16 << 20

// checkKubeconfigs refuses, before client-go reads them to their end, the
// kubeconfig files kubectl would load (--kubeconfig, else each file of
// KUBECONFIG, else ~/.kube/config) when one is a device, a FIFO or larger
// than maxKubeconfig: /dev/zero would grow without end and a FIFO wait for
// a writer. A file that does not exist is client-go's to report.
func checkKubeconfigs(explicit string) error {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = explicit
	field := "--kubeconfig"
	if explicit == "" {
		field = "kubeconfig (~/.kube/config)"
		if os.Getenv(clientcmd.RecommendedConfigPathEnvVar) != "" {
			field = clientcmd.RecommendedConfigPathEnvVar
		}
	}
	for _, f := range rules.GetLoadingPrecedence() {
		if _, err := os.Stat(f); err != nil {
			continue
		}
		if err := boundedio.Check(f, maxKubeconfig); err != nil {
			msg := err.Error()
			var in *inputerr.Error
			if errors.As(err, &in) {
				msg = in.Msg
			}
			return inputerr.Errorf(f, field, 0, "%s (a kubeconfig must be a file)", msg)
		}
	}
	return nil
}

// badKubeconfig is clientcmd's error for a kubeconfig file it cannot parse.
var badKubeconfig = regexp.MustCompile(`(?s)^error loading config file "(.+?)": (.*)$`)

// kubeconfigError makes a kubeconfig that is not one bad input (exit 2)
// naming the file, as any other input; other configuration errors are
// kube.ConfigError's.
func kubeconfigError(err error) error {
	if m := badKubeconfig.FindStringSubmatch(err.Error()); m != nil {
		return inputerr.Errorf(m[1], "kubeconfig", 0, "not a valid kubeconfig: %s", strings.TrimPrefix(m[2], "yaml: "))
	}
	return kube.ConfigError(err)
}
