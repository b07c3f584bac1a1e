package sweep

import "strings"

// AcceleratorFromLeaf takes the accelerator from an aicr leaf name
// (<accel>-<service>-<os>-<intent>-<platform>), e.g.
// gb300-eks-ubuntu-inference-dynamo → gb300, rtx-pro-6000-eks-… → rtx-pro-6000.
func AcceleratorFromLeaf(leaf string) string {
	l := strings.ToLower(leaf)
	if strings.HasPrefix(l, "rtx-pro-6000") {
		return "rtx-pro-6000"
	}
	if i := strings.IndexByte(l, '-'); i > 0 {
		return l[:i]
	}
	return l
}
