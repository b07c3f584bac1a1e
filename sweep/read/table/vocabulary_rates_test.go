package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A token rate named the way Ollama, LM Studio and llama.cpp write-ups name
// it, in English and in the languages of issue 26: each is the throughput
// (or, for a prefill's rate, an input rate) as "Output tok/s" is.
func TestTokenRateWords(t *testing.T) {
	for h, want := range map[string]colKind{
		"eval rate": colThroughput, "Eval rate (tok/s)": colThroughput, "prompt eval rate": colOtherTokRate,
		"eval count": colIgnore, "Generation speed": colThroughput, "Output speed": colThroughput,
		"生成速度": colThroughput, "输出速度": colThroughput, "Token/s gesamt": colThroughput, "Durchsatz gesamt": colThroughput,
		"tok/sec": colThroughput, "t/s": colThroughput, "tokens/秒": colThroughput, "输出 tokens/秒": colThroughput,
		"每秒输出token": colThroughput, "Token/Sek": colThroughput, "Durchsatz (Token/Sek.)": colThroughput, "출력 토큰/초": colThroughput,
		"集約スループット": colThroughput, "Antwort komplett (Median)": colLatency,
	} {
		require.Equal(t, want, classify(h).kind, h)
	}
	for _, u := range []string{"tk/s", "t/sec", "tokens/seg", "トークン/秒", "токенов/с", "token/giây", "토큰/초", "jetons/s"} {
		got, ok := parseUnit(u)
		require.True(t, ok, u)
		require.Equal(t, dimTokRate, got.dim, u)
	}
}

// A header that is only a word of summing, in any language, over cells
// that write a token rate, is the node's throughput (aggregatecells.go).
// Simulated tables, after batch o's Ollama NUM_PARALLEL sweep (集約).
func TestSumWordHeadersOverTokRateCells(t *testing.T) {
	for _, h := range []string{"集約", "集計", "gesamt", "Insgesamt", "agregado", "aggregato", "toplam", "łącznie", "tổng", "합계"} {
		md := "| NUM_PARALLEL | " + h + " | p50 レイテンシ |\n|---|---|---|\n" +
			"| 2 | 34.6 tok/s | 3.7 s |\n| 4 | 41.5 tok/s | 6.2 s |\n| 8 | 50.5 tok/s | 10.1 s |\n| 16 | **失敗** | — |\n"
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, h)
		require.Len(t, s.Points, 3, h)
		require.Equal(t, 50.5, s.Points[2].ThroughputTokS, h)
	}
}
