package knee_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
)

// Unknown is null in JSON, in the contract's key order: the GB300 table has
// no TTFT p50, and `find -o json` must not claim 0 ms.
func TestPointResultJSONWritesUnknownAsNull(t *testing.T) {
	r := find(t, load(t, "aicr/gb300-eks.csv"))
	b, err := json.Marshal(r.Points[0])
	require.NoError(t, err)
	require.Regexp(t, `^\{"per_gpu":128,"concurrency":512,"throughput_tok_s":84788,"throughput_per_gpu":21197,"ttft_p50_ms":null,"ttft_p99_ms":677,"verdict":"unverified",`, string(b))

	b, err = json.Marshal(knee.PointResult{PerGPU: 8, Concurrency: 8, ThroughputTokS: 100})
	require.NoError(t, err)
	require.Contains(t, string(b), `"throughput_per_gpu":null,"ttft_p50_ms":null,"ttft_p99_ms":null`)
}
