package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Headers as people write them in the languages of issue 26 read as the
// English ones do.
func TestVocabularyMoreLanguages(t *testing.T) {
	for _, tc := range []struct {
		header string
		key    string
	}{
		{"Количество параллельных запросов", "concurrency"},
		{"Токены в секунду", "throughput"},
		{"Время до первого токена (мс)", "ttft_mean"},
		{"Выходных токенов/с", "throughput"},
		{"Входных токенов/с", ""},
		{"TTFT p95, с", "ttft_p95"},
		{"Durchsatz (Token/s)", "throughput"},
		{"Gleichzeitigkeit", "concurrency"},
		{"Temps jusqu'au premier jeton p99 (ms)", "ttft_p99"},
		{"Jetons par seconde", "throughput"},
		{"Solicitudes concurrentes", "concurrency"},
		{"Tokens por segundo", "throughput"},
		{"Tempo até o primeiro token (ms)", "ttft_mean"},
		{"Requisições simultâneas", "concurrency"},
		{"Concorrenza", "concurrency"},
		{"Token al secondo", "throughput"},
		{"Latenza primo token p50 (ms)", "ttft_p50"},
		{"초당 토큰", "throughput"},
		{"동시 접속", "concurrency"},
		{"Đồng thời", "concurrency"},
		{"Thông lượng (token/s)", "throughput"},
		{"Eşzamanlılık", "concurrency"},
		{"İlk token gecikme p99 (ms)", "ttft_p99"},
		{"Współbieżność", "concurrency"},
		{"Przepustowość (tokeny/s)", "throughput"},
	} {
		require.Equal(t, tc.key, classify(tc.header).key(), "%q", tc.header)
	}
	// The Cyrillic "с" after a comma is the unit seconds.
	for _, h := range []string{"TTFT p95, с", "Latency p95, с", "Время до первого токена (с)"} {
		require.Equal(t, "s", classify(h).unit.name, "%q", h)
	}
}
