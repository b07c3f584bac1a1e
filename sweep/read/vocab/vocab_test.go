package vocab

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func words(h string) string { return strings.Join(strings.Fields(Translate(h)), " ") }

// Each language's words become the role table's English words; a header
// without any is unchanged.
func TestTranslate(t *testing.T) {
	require.Equal(t, "concurrency", words("并发数"))
	require.Equal(t, "ttft (ms)", words("首字延迟(ms)"))
	require.Equal(t, "tok/s", words("токены в секунду"))
	require.Equal(t, "output tok/s", words("выходных токенов/с"))
	require.Equal(t, "concurrency", words("współbieżność"))
	require.Equal(t, "throughput (tok/s)", words("durchsatz (tok/s)"))
	require.Equal(t, "output tok/s", Translate("output tok/s"))
	// Comparison columns: a difference and a percentage are no curve.
	require.Equal(t, "diff", words("差值"))
	require.Equal(t, "percent", words("百分比"))
	require.Equal(t, "std", words("标准差"))
	// The measured load beside the one set, and Japanese "parallel" alone.
	require.Equal(t, "actual concurrency", words("实际并发"))
	require.Equal(t, "parallel", words("並列"))
	require.Equal(t, "parallel", words("並列数"))
	// 同時 alone (simultaneous) heads a load, the longer words keep theirs.
	require.Equal(t, "concurrent", words("同時"))
	require.Equal(t, "concurrency", words("同時実行数"))
	require.Equal(t, "concurrency", words("並發"))
}

// Traditional characters read as the simplified ones the vocabulary
// knows; a Japanese header keeps its kanji.
func TestTraditionalFolded(t *testing.T) {
	require.Equal(t, strings.Fields(Translate("平均首字延迟 (秒)")), strings.Fields(Translate("平均首字延遲 (秒)")))
	require.Contains(t, Translate("平均首字延遲 (秒)"), "(s)")
	require.Equal(t, "同時リクエスト数", toSimplified("同時リクエスト数"))
	require.Equal(t, "总吞吐量", toSimplified("總吞吐量"))
}

// Words a first pass over ten languages found missing or misread: French
// TTFT written with "token" (read as the E2E latency, "temps" as a
// temperature), Russian "токены/с" (read as a request length), Polish and
// Spanish "parallel requests" (read as a request count), "médian", the
// run's duration, and "load" alone.
func TestTranslateTenLanguages(t *testing.T) {
	require.Equal(t, "ttft (ms)", words("latence du premier token (ms)"))
	require.Equal(t, "ttft (ms)", words("temps jusqu'au premier token (ms)"))
	require.Equal(t, "time (s)", words("temps (s)"))
	require.Equal(t, "output tok/s", words("выходные токены/с"))
	require.Equal(t, "concurrency", words("równoległe żądania"))
	require.Equal(t, "requests concurrent", words("peticiones paralelas"))
	require.Equal(t, "ttft median (ms)", words("ttft médian (ms)"))
	require.Equal(t, "duration (s)", words("duración (s)"))
	require.Equal(t, "load", words("carga"))
	require.Equal(t, "load", words("负载"))
	require.Equal(t, "ttft ms", words("ttft 毫秒"))
	require.Equal(t, "latency s", words("latency 秒"))
	require.Equal(t, "tokens /s", words("tokens/秒"))
	require.Equal(t, "per stream tok/s", words("1本あたり tok/s"))
	require.Equal(t, "per request tok/s", words("1 リクエスト tok/s"))
}

// An English word that holds a word of another language's vocabulary is
// not translated ("parallelism" holds the Italian "paralleli"); an
// inflected form of a vocabulary word still is ("gleichzeitigen").
func TestEnglishHoldersKeepTheirWords(t *testing.T) {
	require.NotContains(t, Translate("tensor parallelism degree"), "concurrent")
	require.Contains(t, Translate("richieste paralleli"), "concurrent")
	require.Contains(t, Translate("mehreren gleichzeitigen anfragen"), "concurrent")
}
