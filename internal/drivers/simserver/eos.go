package simserver

import (
	"encoding/binary"
	"hash/fnv"
)

// eosLength is where a request without ignore_eos stops: uniform in
// [max/2, max], drawn from key (the prompt's hash), so that such runs
// produce fewer tokens than asked, as real ones do, and the same prompt
// always stops at the same length whatever the order requests arrive in.
// A simulated stand-in for a model's EOS, not a model of any one.
func eosLength(maxTokens int, key uint64) int {
	u := float64(mix(key)>>11) / (1 << 53)
	return min(maxTokens, max(1, int(float64(maxTokens)*(0.5+0.5*u))))
}

// promptKey hashes the prompt as sent (its JSON) and the server's seed.
func (r *genRequest) promptKey(chat bool, seed int64) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(seed))
	_, _ = h.Write(b[:])
	if chat {
		for _, m := range r.Messages {
			_, _ = h.Write([]byte(m.Role))
			_, _ = h.Write(m.Content)
		}
	} else {
		_, _ = h.Write(r.Prompt)
	}
	return h.Sum64()
}

// mix is splitmix64's finaliser: FNV's low bits of similar prompts are
// close, the mixed ones are not.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
