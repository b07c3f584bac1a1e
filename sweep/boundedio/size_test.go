package boundedio

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 27 item 10: a 2 GB sparse sweep.json, dataset or diff input was
// read up to the 256 MB limit before it was refused (8–14 s, 640 MB). Its
// size is known first: refused having read (and allocated) nothing.
func TestReadFileRefusesAFileOverTheLimitByItsSize(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sweep.json")
	f, err := os.Create(p)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(2<<30)) // sparse: no disk used
	require.NoError(t, f.Close())

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadFile(p, 256<<20)
	runtime.ReadMemStats(&after)
	require.EqualError(t, err, p+": is larger than 256 MB; knee reads result files and logs up to 256 MB")
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated before the refusal")
}
