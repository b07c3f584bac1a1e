package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestConcurrencySynonyms(t *testing.T) {
	for _, h := range []string{"Users", "Clients", "Conc.", "Batch size", "Parallel requests", "num_concurrent", "Max concurrency", "Concurrent"} {
		require.Equal(t, colConcurrency, classify(h).kind, h)
	}
}
