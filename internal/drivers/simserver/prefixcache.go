package simserver

import (
	"container/list"
	"encoding/json"
	"hash/fnv"
	"sync"
	"sync/atomic"
)

// prefixCache is the simulated engine's automatic prefix cache, as vLLM's:
// a prompt's full blocks of BlockSize tokens are identified by a hash that
// chains every token before them, and a new prompt's leading blocks found
// in the cache are not prefilled again. It holds at most capacity blocks
// and evicts the least recently used. One cache serves the node (a real
// data-parallel deployment has one per engine; the simulation's router
// does not pin prompts to engines). Simulated, like everything here: the
// hit rate follows from the prompts and the capacity, not from hardware.
type prefixCache struct {
	mu       sync.Mutex
	capacity int
	lru      list.List // of uint64 block hashes, most recent first
	index    map[uint64]*list.Element
	// queries and hits count prompt tokens looked up and found cached:
	// vllm:prefix_cache_queries and vllm:prefix_cache_hits.
	queries, hits atomic.Int64
}

func newPrefixCache(blocks int) *prefixCache {
	return &prefixCache{capacity: blocks, index: make(map[uint64]*list.Element, blocks)}
}

// lookup returns how many of the prompt's promptTokens tokens are cached
// (whole leading blocks, at most promptTokens−1: the last token is always
// computed, so that there is a first output token to compute it for), and
// caches every one of its blocks as the most recently used.
func (c *prefixCache) lookup(blocks []uint64, blockSize, promptTokens int) int {
	c.mu.Lock()
	hit := 0
	for _, h := range blocks {
		if _, ok := c.index[h]; !ok {
			break
		}
		hit++
	}
	for _, h := range blocks {
		if e, ok := c.index[h]; ok {
			c.lru.MoveToFront(e)
			continue
		}
		c.index[h] = c.lru.PushFront(h)
		if c.lru.Len() > c.capacity {
			old := c.lru.Back()
			c.lru.Remove(old)
			delete(c.index, old.Value.(uint64))
		}
	}
	c.mu.Unlock()
	cached := min(hit*blockSize, max(promptTokens-1, 0))
	c.queries.Add(int64(promptTokens))
	c.hits.Add(int64(cached))
	return cached
}

// blockHashes are the chained hashes of the prompt's full blocks of
// blockSize tokens, tokens being the words promptTokens counts: the hash at
// a block's end covers every token from the prompt's start.
func (r *genRequest) blockHashes(chat bool, blockSize int) []uint64 {
	h := fnv.New64a()
	var out []uint64
	n := 0
	word := func(w string) {
		_, _ = h.Write([]byte(w))
		_, _ = h.Write([]byte{0})
		if n++; n%blockSize == 0 {
			out = append(out, h.Sum64())
		}
	}
	if chat {
		for _, m := range r.Messages {
			eachWord(m.Content, word)
		}
	} else {
		eachWord(r.Prompt, word)
	}
	return out
}

// eachWord calls f with every token countValue counts in raw (a token id
// as its JSON number).
func eachWord(raw json.RawMessage, f func(string)) {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			words(x, f)
		case float64:
			f(jsonNumber(x))
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			if t, ok := x["text"].(string); ok {
				words(t, f)
			}
		}
	}
	walk(v)
}

func jsonNumber(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}

// words splits s as countWords counts it.
func words(s string, f func(string)) {
	start := -1
	for i := 0; i <= len(s); i++ {
		space := i == len(s) || s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'
		switch {
		case space && start >= 0:
			f(s[start:i])
			start = -1
		case !space && start < 0:
			start = i
		}
	}
}
