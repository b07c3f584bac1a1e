package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the real quoted table is batch m's
// ik_llama.cpp entry.

func TestStripLinePrefixes(t *testing.T) {
	for name, tc := range map[string]struct{ in, want []string }{
		"quoted":    {[]string{"> a  b", ">", "> 1  2", "> 3  4"}, []string{"a  b", "", "1  2", "3  4"}},
		"commented": {[]string{"# a  b", "# --  --", "# 1  2"}, []string{"a  b", "--  --", "1  2"}},
		"slashes":   {[]string{"// a  b", "// 1  2", "// 3  4"}, []string{"a  b", "1  2", "3  4"}},
		"numbered":  {[]string{"7 | a  b", "8 | 1  2", "9 | 3  4"}, []string{"a  b", "1  2", "3  4"}},
		"numbered with colons and a blank around": {[]string{"", "10: a  b", "11: 1  2", "12: 3  4", ""}, []string{"", "a  b", "1  2", "3  4", ""}},
		"a lone heading keeps its mark":           {[]string{"# Results", "", "a  b", "1  2"}, []string{"# Results", "", "a  b", "1  2"}},
		"two quoted lines are no run":             {[]string{"> a  b", "> 1  2", "3  4"}, []string{"> a  b", "> 1  2", "3  4"}},
		"rows counting under a header":            {[]string{"#  conc  tput", "1 | 1 | 30", "2 | 4 | 110", "3 | 16 | 400"}, []string{"#  conc  tput", "1 | 1 | 30", "2 | 4 | 110", "3 | 16 | 400"}},
		"numbers that do not count up":            {[]string{"1 | a", "4 | b", "9 | c"}, []string{"1 | a", "4 | b", "9 | c"}},
	} {
		require.Equal(t, tc.want, stripLinePrefixes(tc.in), name)
	}
}

func TestPrefixedAlignedTableReads(t *testing.T) {
	for _, prefix := range []string{"> ", "# ", "// "} {
		text := prefix + "concurrency  throughput_tok_s  ttft_p50_ms\n" + prefix + "------\n" +
			prefix + "1            30.5              120\n" + prefix + "4            110.0             150\n" + prefix + "16           400.0             300\n"
		s, err := Read("t.txt", []byte(text), Aligned, Meta{})
		require.NoError(t, err, prefix)
		require.Len(t, s.Points, 3, prefix)
		require.Equal(t, 110.0, s.Points[1].ThroughputTokS, prefix)
		require.Equal(t, "t.txt:4", s.Points[1].Source, prefix)
	}
}

func TestQuotedMarkdownTableReads(t *testing.T) {
	md := "> ### Results\n>\n> | concurrency | throughput_tok_s | ttft_p50_ms |\n> |---|---|---|\n> | 1 | 30.5 | 120 |\n> | 4 | 110.0 | 150 |\n"
	require.True(t, Looks(Markdown, "t.md", []byte(md)))
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, "t.md:6", s.Points[1].Source)
}
