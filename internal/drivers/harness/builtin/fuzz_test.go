package builtin

import (
	"bufio"
	"strings"
	"testing"
	"time"
)

// FuzzReadSSE feeds arbitrary bodies to the SSE reader: it must never
// panic, never report more content events than "data:" lines, and report
// usage only from a usage object.
func FuzzReadSSE(f *testing.F) {
	for _, seed := range []string{
		"data: {\"choices\":[{\"text\":\" a\"}]}\n\ndata: [DONE]\n\n",
		"data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\ndata: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\ndata: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n",
		"data: {\"error\":{\"message\":\"boom\"}}\n\n",
		": keep-alive\n\nevent: ping\ndata:{\"text\" : \"y\"}\r\n\r\ndata: [DONE]",
		"data: {\"usage\": null, \"text\":\"",
		"data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"think\"}}]}\n",
		strings.Repeat("x", 10000) + "\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		gaps := make([]float64, 0, 8)
		br := bufio.NewReaderSize(strings.NewReader(body), 4<<10)
		r, err := readSSE(br, time.Now(), &gaps)
		if err != nil {
			t.Fatalf("a string reader only ends in EOF, which is a label, not an error: %v", err)
		}
		if r.done == (r.label != "") {
			t.Fatalf("a stream ends either with [DONE] or with a failure label: %+v", r)
		}
		if lines := strings.Count(body, "data:"); r.chunks > lines {
			t.Fatalf("%d content events from %d data lines", r.chunks, lines)
		}
		if r.chunks > 0 && (r.ttft < 0 || len(gaps) != r.chunks-1) {
			t.Fatalf("chunks %d, ttft %v, gaps %d", r.chunks, r.ttft, len(gaps))
		}
		if r.usage >= 0 && !strings.Contains(body, `"usage"`) {
			t.Fatalf("usage %d without a usage key", r.usage)
		}
	})
}

// readSSE is readSSELive without a live count, as the fuzz target reads.
func readSSE(br *bufio.Reader, start time.Time, gaps *[]float64) (sseResult, error) {
	return readSSELive(br, start, gaps, nil)
}
