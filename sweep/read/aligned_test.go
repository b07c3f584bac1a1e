package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The A10 sweep (fixtures/sweeps/aiportfoliorhea…) printed as tabulate
// "simple" and "plain" (with a title line above), and as rich's default
// box with a title and a 🏆 marker, reads as the markdown does.
func TestAlignedTablesAreDetectedAsText(t *testing.T) {
	for _, name := range []string{"column-t.txt", "rich-heavy-head.txt", "tabulate-plain-title.txt", "tabulate-simple.txt"} {
		path := filepath.Join("table", "testdata", "aligned", name)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		format, err := Detect(path, data)
		require.NoError(t, err)
		require.Equal(t, FormatText, format, name)
		s, err := File(path, Options{Meta: Meta{GPUs: 1}})
		require.NoError(t, err, name)
		require.NotEmpty(t, s.Points, name)
	}
}
