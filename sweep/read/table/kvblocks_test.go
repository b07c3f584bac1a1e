package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a script's log, one block of `key: value` lines per level, the
// level in a key or in the line above the block.
func TestKeyValueBlocks(t *testing.T) {
	keyed := "=== Concurrency: 1 ===\nThroughput: 85 tok/s\nTTFT p99: 50 ms\n\n=== Concurrency: 4 ===\nThroughput: 300 tok/s\nTTFT p99: 60 ms\n\n=== Concurrency: 16 ===\nThroughput: 900 tok/s\nTTFT p99: 90 ms\n"
	require.True(t, Looks(BenchText, "t.txt", []byte(keyed)))
	s, err := Read("t.txt", []byte(keyed), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 900.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 90.0, *s.Points[2].TTFT.P99)
	titled := "Running with concurrency=2\n  output throughput: 150.0 tokens/s\n\nRunning with concurrency=8\n  output throughput: 520.5 tokens/s\n\nsettings\n  max_tokens: 128\n"
	s, err = Read("t.txt", []byte(titled), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 8.0, s.Points[1].Concurrency)
}

// Synthetic: key-value lines in prose beside a markdown table leave the
// table to the markdown reader.
func TestKeyValueBlocksNotBesideATable(t *testing.T) {
	doc := "Concurrency: 1\nThroughput: 85 tok/s\n\nConcurrency: 4\nThroughput: 300 tok/s\n\n| Concurrency | Output tok/s |\n|---|---|\n| 1 | 80 |\n| 4 | 290 |\n| 16 | 800 |\n"
	require.False(t, Looks(BenchText, "t.md", []byte(doc)))
}
