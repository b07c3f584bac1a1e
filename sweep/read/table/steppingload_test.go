package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a load under a word knee has no vocabulary for: it steps up
// as a load does and the node's rate grows along it.
func TestSteppingColumnWithRisingRateIsLoad(t *testing.T) {
	doc := "| Stufe | Output tok/s |\n|---|---|\n| 1 | 85 |\n| 4 | 300 |\n| 16 | 900 |\n| 64 | 1000 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 64.0, s.Points[3].Concurrency)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Stufe" read as the concurrency: no header names a load`)
}

// Synthetic: an input length steps up too, but the node's output rate
// falls along it: no load, refused with the hint.
func TestSteppingColumnWithFallingRateIsNoLoad(t *testing.T) {
	doc := "| Länge | Output tok/s |\n|---|---|\n| 128 | 850 |\n| 512 | 800 |\n| 2048 | 600 |\n| 8192 | 300 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `"Länge" steps up row by row as a load does`)
}
