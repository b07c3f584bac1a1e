package kube

import "strings"

// acceleratorPrefixes are aicr's short names, longest first so that
// "gb300" wins over "b300" and "rtx-pro-6000" is kept whole. A product label
// names the GPU with a vendor prefix and variant suffixes
// (NVIDIA-H100-80GB-HBM3, NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition).
var acceleratorPrefixes = []string{
	"rtx-pro-6000", "gb300", "gb200", "gh200", "b300", "b200", "h200", "h100", "h800", "h20",
	"a100", "a800", "a10g", "a10", "l40s", "l40", "l4", "t4", "v100",
}

// acceleratorFromProduct maps a nvidia.com/gpu.product label value to the
// short name aicr uses: NVIDIA-GB300 → gb300, NVIDIA-H100-80GB-HBM3 → h100.
// An unknown product keeps its first word after the vendor, lowercased, so
// a new GPU still gets a stable name rather than none; "" for an empty label.
func acceleratorFromProduct(product string) string {
	p := strings.ToLower(strings.TrimSpace(product))
	p = strings.TrimPrefix(p, "nvidia-")
	p = strings.TrimPrefix(p, "tesla-")
	if p == "" {
		return ""
	}
	for _, a := range acceleratorPrefixes {
		if p == a || strings.HasPrefix(p, a+"-") || strings.HasPrefix(p, a+" ") {
			return a
		}
	}
	if i := strings.IndexAny(p, "- "); i > 0 {
		return p[:i]
	}
	return p
}
