package builtin

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Issue 27 item 10: a 240 MB dataset within the limits took 977 MB, read
// whole and then decoded beside its prompts. Streamed, a 24 MB JSONL
// dataset (generated here: 6,000 prompts of about 4 KB) allocates about
// its prompts once: under 1.5× the file (reading it whole first was
// about 3×). The digest is the file's, as before.
func TestDatasetIsStreamedNotHeldWhole(t *testing.T) {
	p := filepath.Join(t.TempDir(), "prompts.jsonl")
	f, err := os.Create(p)
	require.NoError(t, err)
	w := bufio.NewWriter(f)
	words := strings.Repeat("lorem ipsum dolor sit amet ", 150)
	for i := range 6000 {
		fmt.Fprintf(w, "{\"prompt\": \"%d %s\", \"output_tokens\": 64}\n", i, words)
	}
	require.NoError(t, w.Flush())
	require.NoError(t, f.Close())
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	size := uint64(len(data))
	data = nil

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	wl, err := PrepareWorkload(sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 1},
		Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 1}, Dataset: &sweep.DataFile{File: p}, IgnoreEOS: true})
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Equal(t, 6000, wl.Spec().Dataset.Entries)
	require.Equal(t, hex.EncodeToString(sum[:]), wl.Spec().Dataset.SHA256)
	require.Equal(t, "jsonl", wl.Spec().Dataset.Format)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %d bytes (%.2f× the file) for a %d-byte dataset", alloc, float64(alloc)/float64(size), size)
	require.Less(t, alloc, size*3/2, "allocated %d bytes for a %d-byte dataset", alloc, size)
	runtime.KeepAlive(wl)
}

// countWords counts as strings.Fields splits (Unicode white space).
func TestCountWordsIsFieldsWithoutTheSlice(t *testing.T) {
	for _, s := range []string{"", " ", "one", " two  words ", "tab\tand\nnewline", "nbsp\u00a0split", "ideographic\u3000space", "日本語 テキスト"} {
		require.Equal(t, len(strings.Fields(s)), countWords(s), "%q", s)
	}
}
