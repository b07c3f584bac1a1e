package read

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
)

// Data reads in-memory harness output exactly as File reads the same bytes
// from disk, naming the caller's source in points and errors.
func TestDataReadsLikeFileAndNamesTheSource(t *testing.T) {
	path := fixtures.Path("aiperf/aicr-sentinel-log-c128/pod.log")
	b, err := os.ReadFile(path)
	require.NoError(t, err)

	fromFile, err := File(path, Options{})
	require.NoError(t, err)
	fromData, err := Data("pod/aicr-aiperf-1", b, Options{Format: FormatAIPerf})
	require.NoError(t, err)
	require.Len(t, fromData.Points, 1)
	require.Equal(t, fromFile.Points[0].ThroughputTokS, fromData.Points[0].ThroughputTokS)
	require.Equal(t, *fromFile.Points[0].TTFT.P99, *fromData.Points[0].TTFT.P99)
	require.Contains(t, fromData.Points[0].Source, "pod/aicr-aiperf-1")

	_, err = Data("pod/bad", []byte("===AIPERF-RESULT===\n{not json\n===AIPERF-RESULT===\n"), Options{Format: FormatAIPerf})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "pod/bad", in.File)
}
