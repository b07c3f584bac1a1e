package builtin

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// outcome is what one request produced. Times are offsets from the start of
// the level, so that the level can compute its window and in-flight count.
type outcome struct {
	index        int
	start, end   time.Duration
	sent         time.Duration // offset at which the request was written to the socket (-1: never)
	headers      time.Duration // offset at which the response headers arrived (-1: none)
	ttft         time.Duration // -1: no content arrived
	outputTokens int
	inputTokens  int
	label        string    // "" = success, else the failure label
	connected    bool      // an HTTP response (any status) arrived
	simulated    bool      // the server said it is simulated (Knee-Simulated: true)
	first        bool      // the first request its worker sent
	gaps         []float64 // inter-token gaps in ms (successes only)
}

// streamer sends requests and reads their SSE streams. It decodes only the
// few fields it needs, by scanning bytes: a JSON decoder per chunk would
// make the client, not the server, the bottleneck at thousands of streams.
type streamer struct {
	client  *http.Client
	url     string
	timeout time.Duration
	auth    string // Authorization header value, "" for none
	readers sync.Pool
	// events counts every content event as it streams (nil: none), so
	// that a level's rate can be watched while requests are still open.
	events *atomic.Int64
}

func (s *streamer) reader(r io.Reader) *bufio.Reader {
	if br, ok := s.readers.Get().(*bufio.Reader); ok {
		br.Reset(r)
		return br
	}
	return bufio.NewReaderSize(r, 4<<10)
}

// do sends one request and reads it to the end. gaps receives the
// inter-token gaps in ms (reset first); the caller keeps them only for a
// measured success.
func (s *streamer) do(ctx context.Context, levelStart time.Time, body []byte, inputTokens int, gaps *[]float64) (o outcome) {
	o = outcome{ttft: -1, sent: -1, headers: -1, inputTokens: inputTokens}
	*gaps = (*gaps)[:0]
	rctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	// In flight counts from the moment the request is on the wire: a client
	// too slow even to write it has not loaded the server. The transport's
	// writer goroutine reports it, hence the atomic.
	var sent atomic.Int64
	sent.Store(-1)
	trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) {
		sent.Store(int64(time.Since(levelStart)))
	}}
	defer func() { o.sent = time.Duration(sent.Load()) }()
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(rctx, trace), http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		o.label = "bad_request"
		return o
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	if s.auth != "" {
		req.Header.Set("Authorization", s.auth)
	}
	start := time.Now()
	o.start = start.Sub(levelStart)

	resp, err := s.client.Do(req)
	if err != nil {
		o.label = classify(ctx, rctx, err, false)
		o.end = time.Since(levelStart)
		return o
	}
	o.connected = true
	o.headers = time.Since(levelStart)
	// knee simserver marks every response; the header name is spelled out
	// here because sweep must not import the simulator.
	o.simulated = resp.Header.Get("Knee-Simulated") == "true"
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		o.label = "http_" + strconv.Itoa(resp.StatusCode)
		o.end = time.Since(levelStart)
		return o
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
		o.label = "not_sse"
		o.end = time.Since(levelStart)
		return o
	}

	br := s.reader(resp.Body)
	defer s.readers.Put(br)
	sr, err := readSSELive(br, start, gaps, s.events)
	switch {
	case err != nil:
		o.label = classify(ctx, rctx, err, true)
	case sr.label != "":
		o.label = sr.label
	}
	o.ttft = sr.ttft
	done := sr.done
	chunks, usage, prompt := sr.chunks, sr.usage, sr.prompt
	if done {
		// Read the end of the chunked body so the connection is reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	}
	o.end = time.Since(levelStart)
	if o.label != "" {
		return o
	}
	o.outputTokens = chunks
	if usage >= 0 {
		o.outputTokens = usage
	}
	if prompt >= 0 {
		o.inputTokens = prompt
	}
	if o.outputTokens == 0 || chunks == 0 {
		o.label = "no_tokens"
	}
	return o
}

// maxLine bounds one SSE line; a server sending more without a newline is
// broken, and the client must not buffer it without limit.
const maxLine = 4 << 20

// sseResult is what reading one event stream found.
type sseResult struct {
	chunks        int           // events that carried a content token
	usage, prompt int           // usage.completion_tokens / prompt_tokens (-1: not sent)
	ttft          time.Duration // first content event after start (-1: none)
	done          bool          // "data: [DONE]" arrived
	label         string        // a failure the stream itself showed
	live          *atomic.Int64 // counts content events as they arrive (nil: none)
}

// readSSELive reads an OpenAI event stream until "data: [DONE]", an error
// event, or the end of the body, counting each content event in live (nil:
// not). It returns a read error (to be classified by the caller) or a
// result whose label names a failure in the stream: "broken_stream" (ended
// without [DONE]), "stream_error" (an error event). gaps receives
// inter-token gaps in ms.
func readSSELive(br *bufio.Reader, start time.Time, gaps *[]float64, live *atomic.Int64) (sseResult, error) {
	r := sseResult{usage: -1, prompt: -1, ttft: -1, live: live}
	var (
		last time.Time
		long []byte
	)
	for {
		line, err := readLine(br, &long)
		if err == errLineTooLong {
			r.label = "broken_stream"
			return r, nil
		}
		if err != nil && (err != io.EOF || len(line) == 0) {
			if err == io.EOF {
				r.label = "broken_stream"
				return r, nil
			}
			return r, err
		}
		if r.event(line, start, &last, gaps) {
			return r, nil
		}
		if err == io.EOF {
			r.label = "broken_stream"
			return r, nil
		}
	}
}

// errLineTooLong is readLine's answer to a line longer than maxLine.
var errLineTooLong = errors.New("SSE line longer than maxLine")

// readLine reads one line; one longer than the reader's buffer is
// collected whole in *long (reused between lines), up to maxLine.
func readLine(br *bufio.Reader, long *[]byte) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	*long = append((*long)[:0], line...)
	for err == bufio.ErrBufferFull && len(*long) <= maxLine {
		line, err = br.ReadSlice('\n')
		*long = append(*long, line...)
	}
	if len(*long) > maxLine {
		return nil, errLineTooLong
	}
	return *long, err
}

// event takes one line of the stream into r; it reports whether the
// stream has ended ([DONE] or an error event). last is the previous
// content event's time.
func (r *sseResult) event(line []byte, start time.Time, last *time.Time, gaps *[]float64) bool {
	payload, ok := dataPayload(line)
	switch {
	case !ok:
		return false
	case string(payload) == "[DONE]":
		r.done = true
		return true
	case isErrorEvent(payload):
		r.label = "stream_error"
		return true
	}
	if hasContent(payload) {
		now := time.Now()
		if r.chunks == 0 {
			r.ttft = now.Sub(start)
		} else {
			*gaps = append(*gaps, float64(now.Sub(*last))/float64(time.Millisecond))
		}
		*last = now
		r.chunks++
		if r.live != nil {
			r.live.Add(1)
		}
	}
	if u, p, ok := usageTokens(payload); ok {
		r.usage, r.prompt = u, p
	}
	return false
}

// classify turns a transport error into a failure label. The level context
// being done means the caller stopped us ("cancelled"); our own deadline
// means "timeout".
func classify(level, req context.Context, err error, midStream bool) string {
	switch {
	case level.Err() != nil:
		return "cancelled"
	case errors.Is(req.Err(), context.DeadlineExceeded), errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection_refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "connection_reset"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "broken_stream"
	case errors.Is(err, io.EOF):
		if midStream {
			return "broken_stream"
		}
		return "connection_reset"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		return "connect_error"
	}
	var de *net.DNSError
	if errors.As(err, &de) {
		return "connect_error"
	}
	if midStream {
		return "broken_stream"
	}
	return "error"
}

// isConnectFailure reports labels that mean no connection was made.
func isConnectFailure(label string) bool {
	return label == "connection_refused" || label == "connect_error"
}

// isConnectionError reports labels that mean the connection itself failed:
// no connect, a reset, or a stream cut off mid-body.
func isConnectionError(label string) bool {
	return isConnectFailure(label) || label == "connection_reset" || label == "broken_stream"
}

// dataPayload returns the payload of an SSE "data:" line, trimmed.
func dataPayload(line []byte) ([]byte, bool) {
	line = bytes.TrimRight(line, "\r\n")
	if !bytes.HasPrefix(line, []byte("data:")) {
		return nil, false
	}
	return bytes.TrimLeft(line[5:], " "), true
}

func isErrorEvent(p []byte) bool {
	return bytes.HasPrefix(p, []byte(`{"error"`)) || bytes.Contains(p, []byte(`"object":"error"`))
}

var contentKeys = [][]byte{[]byte(`"content"`), []byte(`"text"`), []byte(`"reasoning_content"`)}

// hasContent reports whether a chunk carries a non-empty token: a content,
// text or reasoning_content key whose value is a non-empty string. The chat
// role chunk ("content":"") and the usage chunk do not count.
func hasContent(p []byte) bool {
	for _, key := range contentKeys {
		rest := p
		for {
			i := bytes.Index(rest, key)
			if i < 0 {
				break
			}
			rest = rest[i+len(key):]
			v := skipColon(rest)
			if len(v) >= 2 && v[0] == '"' && v[1] != '"' {
				return true
			}
		}
	}
	return false
}

// skipColon skips optional spaces, one colon and spaces; it returns the
// input unchanged (no colon) when the key was not a key.
func skipColon(b []byte) []byte {
	i := 0
	for i < len(b) && b[i] == ' ' {
		i++
	}
	if i >= len(b) || b[i] != ':' {
		return nil
	}
	i++
	for i < len(b) && b[i] == ' ' {
		i++
	}
	return b[i:]
}

var (
	usageKey      = []byte(`"usage"`)
	completionKey = []byte(`"completion_tokens"`)
	promptKey     = []byte(`"prompt_tokens"`)
)

// usageTokens reads usage.completion_tokens and usage.prompt_tokens from a
// chunk that has a non-null usage object.
func usageTokens(p []byte) (completion, prompt int, ok bool) {
	i := bytes.Index(p, usageKey)
	if i < 0 {
		return 0, 0, false
	}
	u := skipColon(p[i+len(usageKey):])
	if len(u) == 0 || u[0] != '{' {
		return 0, 0, false
	}
	completion, ok = intAfter(u, completionKey)
	if !ok {
		return 0, 0, false
	}
	prompt, pok := intAfter(u, promptKey)
	if !pok {
		prompt = -1
	}
	return completion, prompt, true
}

func intAfter(b, key []byte) (int, bool) {
	i := bytes.Index(b, key)
	if i < 0 {
		return 0, false
	}
	v := skipColon(b[i+len(key):])
	n, j := 0, 0
	for j < len(v) && v[j] >= '0' && v[j] <= '9' && j < 12 {
		n = n*10 + int(v[j]-'0')
		j++
	}
	return n, j > 0
}
