package table

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMarkdownRendersGitHubTable(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, Markdown, []string{"per GPU", "tok/s"}, [][]string{{"128", "84,788"}, {"256", "20,769"}}, []byte("rr"))
	require.NoError(t, err)
	out := b.String()
	t.Log("\n" + out)
	require.Contains(t, out, "| per GPU |")
	require.Contains(t, out, "84,788 |")
	require.Regexp(t, `\|\s*-+:\s*\|`, out) // right-aligned separator
}

func TestTextHasNoPipes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, Text, []string{"a", "b"}, [][]string{{"1", "2"}}, nil))
	t.Log("\n" + b.String())
	require.NotContains(t, b.String(), "|")
	require.Contains(t, b.String(), "1")
}
