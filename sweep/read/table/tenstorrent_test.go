package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured (the real table is corpus entry
// h-tenstorrent-llama31-8b-mesh-batch-prefixed-cells).

func TestPerUserRateWrittenSlashU(t *testing.T) {
	require.Equal(t, colPerUser, classify("tok/s/u").kind)
	require.Equal(t, colPerUser, classify("t/s/u").kind)
	require.Equal(t, colThroughput, classify("tok/s").kind)
	require.Equal(t, colThroughput, classify("t/s").kind)
}
