package kube

import (
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// The helpers a harness's pod adapter (aiperf.Pod, inferenceperf.Pod)
// builds its PodSpec with: the runner owns the ConfigMap's bound and the
// shell the pod starts, the harness what runs in it.

// DatasetFits refuses a dataset that would not fit in the level's
// ConfigMap beside the rest of the files (rest bytes), naming Kubernetes'
// limit.
func DatasetFits(file string, size, rest int) error {
	if size+rest <= MaxConfigMapBytes {
		return nil
	}
	return inputerr.Errorf(file, "--dataset", 0,
		"is %d bytes; on --runner kube the dataset travels in the level's ConfigMap, which Kubernetes bounds at %d bytes (1 MiB) with the config (%d bytes) in it: put the file on a PersistentVolumeClaim and give --dataset-pvc CLAIM[:PATH] (inference-perf reads it from the volume, checked by its SHA-256 in the pod), or trim it (jq '.[:N]')", size, MaxConfigMapBytes, rest)
}

// ShellQuote quotes s for sh so that a model name or URL is one word.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,@%+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
