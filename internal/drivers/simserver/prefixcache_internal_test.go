package simserver

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The cache finds a prompt's leading blocks only (a block is its hash
// chained over every token before it), never its last token, and evicts
// the least recently used block past its capacity.
func TestPrefixCacheHitsLeadingBlocksAndEvictsLRU(t *testing.T) {
	c := newPrefixCache(3)
	prompt := func(s string) []uint64 {
		r := genRequest{Prompt: []byte(jsonString(s))}
		return r.blockHashes(false, 2)
	}
	abcd := prompt("a b c d")
	require.Len(t, abcd, 2)
	require.Equal(t, 0, c.lookup(abcd, 2, 4))
	require.Equal(t, 3, c.lookup(abcd, 2, 4), "both blocks, less the last token")
	require.Equal(t, 2, c.lookup(prompt("a b c x e"), 2, 5), "the first block only: the second differs")
	require.Equal(t, 0, c.lookup(prompt("x b c d"), 2, 4), "a block is its whole prefix: c d after x b is another block")
	require.Equal(t, int64(17), c.queries.Load())
	require.Equal(t, int64(5), c.hits.Load())
	require.Equal(t, 3, c.lru.Len(), "capacity 3: the oldest blocks went")
	require.Equal(t, 0, c.lookup(abcd, 2, 4), "a b was evicted by the later prompts")

	// Chat content counts as the prompt's words, messages in order.
	r := genRequest{Messages: []chatMessage{{Role: "system", Content: []byte(`"a b"`)}, {Role: "user", Content: []byte(`[{"type":"text","text":"c d"}]`)}}}
	require.Equal(t, abcd, r.blockHashes(true, 2))
}

// EOS lengths follow from the prompt, not from the order of arrival.
func TestEOSLengthIsThePrompts(t *testing.T) {
	a := genRequest{Prompt: []byte(`"one two three"`)}
	b := genRequest{Prompt: []byte(`"one two four"`)}
	la := eosLength(100, a.promptKey(false, 1))
	require.Equal(t, la, eosLength(100, a.promptKey(false, 1)))
	seen := map[int]bool{}
	for seed := int64(0); seed < 50; seed++ {
		n := eosLength(100, b.promptKey(false, seed))
		require.GreaterOrEqual(t, n, 50)
		require.LessOrEqual(t, n, 100)
		seen[n] = true
	}
	require.Greater(t, len(seen), 20, "the seed and the prompt pick the length")
	require.Equal(t, 1, eosLength(1, a.promptKey(false, 1)))
}
