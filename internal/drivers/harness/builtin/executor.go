package builtin

import (
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Name and Version identify the harness in results.
const (
	Name    = "builtin"
	Version = "1.0.0"
)

// ErrUnreachable is returned (wrapped) by RunLevel when no request of the
// level could even connect: there is nothing to measure, and the engine
// should stop rather than record a level of connection failures. A level
// whose requests connected but all failed (HTTP 503, broken streams, ...)
// is not an error: it returns a point with Requests 0 and the failures.
var ErrUnreachable = errors.New("endpoint unreachable")

// ErrServerDied is returned (wrapped, with the level's result so that its
// raw output is kept) when the server went away during the level: it
// refused connections after having answered, or most requests ended in
// connection errors. Such a level measured a dying server, not the load:
// the engine stores it as failed and --resume runs it again.
var ErrServerDied = errors.New("the server stopped answering during the level")

// Options tune the executor; the zero value works.
type Options struct {
	// Progress receives live progress (nil = quiet): a progress bar when it
	// is a terminal, plain lines otherwise.
	Progress io.Writer
	// ProgressInterval is the period of plain progress lines (default 2 s).
	ProgressInterval time.Duration
	// Timeout bounds each request from send to the end of its stream
	// (default 120 s). A stalled stream fails as "timeout" after it.
	Timeout time.Duration
	// ConnectTimeout bounds each TCP connect (default 5 s).
	ConnectTimeout time.Duration
	// JSONL adds one JSON line per request as Raw["requests.jsonl"].
	JSONL bool
	// Seed makes prompts (and their lengths) reproducible.
	Seed int64
	// InputSpread > 0 draws each prompt length uniformly from
	// InputTokens × [1−s, 1+s]; 0 sends exactly InputTokens words.
	InputSpread float64
	// Model overrides plan.Model in the request body when set.
	Model string
	// APIKey, when set, is sent as "Authorization: Bearer <APIKey>" on every
	// request. User, when set, is sent as HTTP basic auth instead (the
	// userinfo of the endpoint the user gave: the plan holds it redacted).
	// Neither is ever printed or written anywhere.
	APIKey string
	User   *url.Userinfo
}

// Executor runs levels with the built-in client.
type Executor struct {
	opts Options
	wl   workloadCache // plan.Workload's files, read once (workload.go)
}

var _ sweep.Executor = (*Executor)(nil)

// New returns an executor with opts (defaults filled in).
func New(opts Options) *Executor {
	if opts.Timeout <= 0 {
		opts.Timeout = 120 * time.Second
	}
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = 5 * time.Second
	}
	if opts.ProgressInterval <= 0 {
		opts.ProgressInterval = 2 * time.Second
	}
	return &Executor{opts: opts}
}

// EndpointURL is the URL requests go to: plan.Endpoint may be a base URL
// (http://host:port), one ending in /v1, or the full completion path. It
// never carries userinfo (credentials travel in the Authorization header,
// see authHeader), so it may be printed and stored.
func EndpointURL(endpoint, api string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(endpoint))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", inputerr.Errorf("plan", "--endpoint", 0, "%q is not an http(s) URL", sweep.RedactURL(endpoint))
	}
	u.User = nil
	path := strings.TrimRight(u.Path, "/")
	suffix := "/completions"
	if api == "chat" {
		suffix = "/chat/completions"
	}
	switch {
	case strings.HasSuffix(path, "/completions"):
	case strings.HasSuffix(path, "/v1"):
		path += suffix
	default:
		path += "/v1" + suffix
	}
	u.Path = path
	return u.String(), nil
}

// RunLevel runs lvl.Warmup discarded requests and then lvl.Requests
// measured ones, keeping lvl.Concurrency in flight (each worker sends its
// next request as soon as the previous one ended). It returns one point.
//
// Errors: a plan it cannot run (bad endpoint, API) is a *inputerr.Error;
// a level where nothing could connect wraps ErrUnreachable; cancellation of
// ctx returns ctx.Err() within about a second (in-flight requests are
// aborted). Everything else — HTTP errors, timeouts, broken streams — is
// counted in the point's failures.
func (e *Executor) RunLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	target, err := checkLevel(plan, lvl)
	if err != nil {
		return nil, err
	}
	model := plan.Model
	if e.opts.Model != "" {
		model = e.opts.Model
	}
	n := lvl.Warmup + lvl.Requests
	if lvl.StopsByPrecision() {
		n = lvl.Warmup + sweep.MaxRequests // as many distinct prompts as a counted level's (bounded by distinctBodies)
	}
	bodies, err := e.levelBodies(plan, model, lvl, n)
	if err != nil {
		return nil, err
	}
	if lvl.Rate > 0 {
		return e.runOpenLoop(ctx, plan, lvl, target, bodies)
	}
	return e.runClosedLoop(ctx, plan, lvl, target, bodies)
}

// checkLevel refuses a plan or level the client cannot run, before any
// request, and returns the URL requests go to.
func checkLevel(plan sweep.Plan, lvl sweep.Level) (string, error) {
	target, err := EndpointURL(plan.Endpoint, plan.API)
	if err != nil {
		return "", err
	}
	if plan.API != "chat" && plan.API != "completion" {
		return "", inputerr.Errorf("plan", "--api", 0, "must be chat or completion, got %q", plan.API)
	}
	slots := lvl.Concurrency
	if lvl.Rate > 0 {
		// A rate level never has more outstanding than it sends: reserving
		// the whole --max-in-flight made a 10-request level need 4,352
		// open files, so under ulimit -n 1024 every rate sweep failed at
		// level 0 (issue 27 item 10).
		slots = openLoopConns(plan, lvl)
	}
	if slots <= 0 || lvl.Requests < 0 || lvl.Warmup < 0 {
		return "", inputerr.Errorf("plan", "--per-gpu", 0, "%s: concurrency must be positive", lvl)
	}
	if lim := openFileLimit(); lim > 0 && uint64(slots)+256 > lim {
		return "", fmt.Errorf("%s needs at least %d open files (one socket per stream) but the limit is %d: raise it (ulimit -n)",
			lvl, slots+256, lim)
	}
	return target, nil
}

// levelMeasured is what driving a level gave: its result, the requests'
// outcomes and their measurement.
type levelMeasured struct {
	res *sweep.LevelResult
	all []outcome
	m   *measurement
}

// driveLevel runs a level's requests through drive (a closed loop of
// workers, or the open-loop dispatcher) on conns connections, with the
// client's CPU and run-queue wait measured around it, and turns the
// outcomes into the level's result. An interrupt, or a target no request
// could connect to, is an error.
func (e *Executor) driveLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level, target string, run *levelRun, conns int,
	drive func(st *streamer, start time.Time) []outcome) (*levelMeasured, error) {
	tr := newTransport(conns, e.opts.ConnectTimeout, &run.dials)
	defer tr.CloseIdleConnections()
	st := &streamer{client: &http.Client{Transport: tr}, url: target, timeout: e.opts.Timeout, auth: e.authHeader(plan.Endpoint), events: &run.events}
	prog := startProgress(e.opts.Progress, e.opts.ProgressInterval, lvl, run)

	cpu0, delay0 := processCPU(), runDelay()
	levelStart := time.Now()
	all := drive(st, levelStart)
	wall := time.Since(levelStart)
	capacity := wall.Seconds() * float64(runtime.GOMAXPROCS(0))
	cpu := (processCPU() - cpu0).Seconds() / capacity
	// Threads exit and take their schedstat with them, so the difference
	// can come out negative; it is a lower bound either way.
	starved := max(0, (runDelay()-delay0).Seconds()/capacity)
	prog.stop()

	if err := ctx.Err(); err != nil {
		prog.final(lvl, "interrupted")
		return nil, err
	}
	if len(all) > 0 && allConnectFailures(all) {
		prog.final(lvl, "no request could connect")
		return nil, fmt.Errorf("%w: %s: no request could connect (%d failed: %s)",
			ErrUnreachable, target, len(all), firstLabels(all))
	}
	m := measure(all, lvl)
	m.connections = run.dials.Load()
	m.stopReason, m.windows, m.windowRate, m.windowSpan, m.windowsOK = run.stopReason, run.windows, run.windowRate, run.windowSpan, run.windowsOK
	prog.final(lvl, "%s", counts(m.successes, m.failures, m.discarded))
	res, err := e.result(plan, lvl, target, m, clientLoad{cpu: cpu, starved: starved}, wall, all)
	if err != nil {
		return nil, err
	}
	return &levelMeasured{res: res, all: all, m: m}, nil
}

// runClosedLoop keeps lvl.Concurrency requests in flight until every
// body is sent — or, for a level that stops by precision, until its
// monitor says the interval is narrow enough or the time is up — and
// measures the level.
func (e *Executor) runClosedLoop(ctx context.Context, plan sweep.Plan, lvl sweep.Level, target string, bodies []body) (*sweep.LevelResult, error) {
	total := lvl.Warmup + lvl.Requests
	if lvl.StopsByPrecision() {
		// No count: the monitor ends the level; the bound only keeps
		// memory finite (one record per request).
		total = lvl.Warmup + sweep.MaxRequests
	}
	run := &levelRun{total: total, warmup: lvl.Warmup, concurrency: lvl.Concurrency}
	workers := min(lvl.Concurrency, max(total, 1))
	var mon *monitor
	reqCtx := ctx
	if lvl.StopsByPrecision() {
		var cut context.CancelFunc
		reqCtx, cut = context.WithCancel(ctx)
		defer cut()
		run.cut = cut
	}
	lm, err := e.driveLevel(ctx, plan, lvl, target, run, lvl.Concurrency, func(st *streamer, start time.Time) []outcome {
		mon = startMonitor(lvl, run, workers, start)
		run.mon.Store(mon)
		all := run.workers(reqCtx, st, start, bodies, workers)
		run.stopReason, run.windows, run.windowRate, run.windowSpan, run.windowsOK = mon.finish()
		return all
	})
	if err != nil {
		return nil, err
	}
	res, all := lm.res, lm.all
	planned := total
	if lvl.StopsByPrecision() {
		planned = len(all) // no count was planned: none is "not sent"
	}
	if why := serverDied(all, planned); why != "" {
		return res, fmt.Errorf("%w: %s; the level is stored as failed and --resume runs it again", ErrServerDied, why)
	}
	return res, nil
}

// workers runs n workers until the level's bodies are sent and merges
// their outcomes.
func (r *levelRun) workers(ctx context.Context, st *streamer, levelStart time.Time, bodies []body, n int) []outcome {
	results := make([][]outcome, n)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			results[w] = r.worker(ctx, st, levelStart, bodies)
		}(w)
	}
	wg.Wait()
	return merge(results)
}

// serverDied says why a level's failures show that the server went away
// rather than answered under load ("" when they do not): a refused connect
// after the server had answered (a listening server never refuses), or
// connection errors — refused, reset, a stream cut mid-body — for more than
// half of the level's requests. Timeouts and HTTP errors are the server's
// answer under load (what past the knee looks like) and stay measured.
func serverDied(all []outcome, planned int) string {
	answered, refused, conn := 0, 0, map[string]int{}
	nconn := 0
	for _, o := range all {
		if o.connected && o.label == "" {
			answered++
		}
		if isConnectionError(o.label) {
			conn[o.label]++
			nconn++
			if isConnectFailure(o.label) {
				refused++
			}
		}
	}
	labels := func() string {
		var parts []string
		for l, n := range conn {
			parts = append(parts, fmt.Sprintf("%s×%d", l, n))
		}
		slices.Sort(parts)
		return strings.Join(parts, ", ")
	}
	unsent := planned - len(all)
	switch {
	case refused > 0 && answered > 0:
		s := fmt.Sprintf("%d requests succeeded, then the server refused connections: %d failed with connection errors (%s)", answered, nconn, labels())
		if unsent > 0 {
			s += fmt.Sprintf(", %d not sent", unsent)
		}
		return s
	case 2*nconn > len(all):
		return fmt.Sprintf("%d of %d requests failed with connection errors (%s)", nconn, len(all), labels())
	}
	return ""
}

// authHeader is the Authorization header of every request ("" for none):
// the API key as a bearer token, else basic auth from Options.User, else
// from the endpoint's own userinfo (a caller that passed a plain URL).
func (e *Executor) authHeader(endpoint string) string {
	if e.opts.APIKey != "" {
		return "Bearer " + e.opts.APIKey
	}
	user := e.opts.User
	if user == nil {
		if u, err := url.Parse(strings.TrimSpace(endpoint)); err == nil {
			user = u.User
		}
	}
	if user == nil {
		return ""
	}
	pw, _ := user.Password()
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user.Username()+":"+pw))
}

// levelRun is the state the workers of one level share.
type levelRun struct {
	total, warmup, concurrency int
	next                       atomic.Int64
	done                       atomic.Int64 // measured requests finished
	liveTokens                 atomic.Int64 // output tokens of all successes so far (progress, and tokens per event)
	liveChunks                 atomic.Int64 // content events of those successes: liveTokens/liveChunks is tokens per event
	failed                     atomic.Int64
	responded                  atomic.Int64 // requests that got an HTTP response
	connFails                  atomic.Int64
	dials                      atomic.Int64 // TCP connects attempted
	abort                      atomic.Bool
	ttfts                      ttftRing

	// What the precision monitor reads (precision.go): content events so
	// far, workers whose first request ended, workers that finished
	// minSlotRequests, the measured successes' summed latency, and the
	// flag it sets to end the level.
	events     atomic.Int64
	firstsDone atomic.Int64
	slotsDone  atomic.Int64
	e2eSum     atomic.Int64 // ns
	e2eN       atomic.Int64
	warmE2ESum atomic.Int64 // ns: the warm-up's and ramp's successes, until a measured one ends
	warmE2EN   atomic.Int64
	// The same successes' summed TTFT, and the least TTFT of any success:
	// the queue wait a wave leaves out (meanWave).
	ttftSum     atomic.Int64 // ns
	warmTTFTSum atomic.Int64 // ns
	minTTFT     atomic.Int64 // ns; 0 until a success ends
	stop        atomic.Bool
	// cut cancels the requests still in flight when the monitor stops a
	// level (nil for levels that run a fixed count); cutting is set first,
	// so that a worker tells a request cut at the stop from one the user
	// interrupted.
	cut     context.CancelFunc
	cutting atomic.Bool
	mon     atomic.Pointer[monitor] // progress reads it
	// Set when the workers are done: why the level stopped and its windows.
	stopReason string
	windows    sweep.Windows
	windowRate float64       // content events/s over the windows
	windowSpan time.Duration // what the windows span
	windowsOK  bool
}

// meanE2E is the mean latency of the measured successes so far; before
// one has ended, the warm-up's (0: none ended at all). The fallback is the
// monitor's wave until the first measured request ends: at 352/GPU on the
// H200 test bed requests took 23 s, none measured had ended when the time
// cap came, and a wave read as 1 s let the cap close the level on 4.5 s of
// windows (±65%) with every measured request still in flight.
func (r *levelRun) meanE2E() time.Duration {
	if n := r.e2eN.Load(); n > 0 {
		return time.Duration(r.e2eSum.Load() / n)
	}
	if n := r.warmE2EN.Load(); n > 0 {
		return time.Duration(r.warmE2ESum.Load() / n)
	}
	return 0
}

// meanWave is the period a closed loop's throughput pulses with: a mean
// request less the time it waited in the engine's queue, read as its TTFT
// beyond the least TTFT of the level (prefill alone). Past an engine's cap
// the engine runs a full batch and admits the waiting as the batch ends,
// so its rhythm is the batch's time in the engine, not the request's: on
// the simulator slowed like a GPU (cap 160) requests at 256/GPU took
// 11.5 s of which 4 s waiting, and request-long waves held that level to
// its time cap. Below the cap nothing waits and the wave is the request.
func (r *levelRun) meanWave() time.Duration {
	e2e := r.meanE2E()
	var ttft time.Duration
	if n := r.e2eN.Load(); n > 0 {
		ttft = time.Duration(r.ttftSum.Load() / n)
	} else if n := r.warmE2EN.Load(); n > 0 {
		ttft = time.Duration(r.warmTTFTSum.Load() / n)
	}
	wait := ttft - time.Duration(r.minTTFT.Load())
	if e2e <= 0 || wait <= 0 || wait >= e2e {
		return e2e
	}
	return e2e - wait
}

// noteTTFT keeps the least TTFT of the level's successes.
func (r *levelRun) noteTTFT(ttft time.Duration) {
	for {
		cur := r.minTTFT.Load()
		if cur != 0 && cur <= int64(ttft) || r.minTTFT.CompareAndSwap(cur, max(int64(ttft), 1)) {
			return
		}
	}
}

// worker sends requests until the level's count is claimed. The ITL gaps of
// its successes live in one growing buffer; each outcome keeps a slice of it.
func (r *levelRun) worker(ctx context.Context, st *streamer, levelStart time.Time, bodies []body) []outcome {
	var (
		mine    []outcome
		allGaps []float64
		gaps    = make([]float64, 0, 256)
		first   = true
		ended   int
	)
	for ctx.Err() == nil && !r.abort.Load() && !r.stop.Load() {
		i := int(r.next.Add(1) - 1)
		if i >= r.total {
			break
		}
		b := bodies[i%len(bodies)]
		o := st.do(ctx, levelStart, b.json, b.inputTokens, &gaps)
		if o.label == "cancelled" && r.cutting.Load() {
			// Cut at the level's stop: neither a failure nor a sample.
			// Waiting for it would add a whole request's time to every
			// level (7–25 s on the H200 test bed) and measure nothing the
			// windows use; the server frees its slot when the stream closes.
			break
		}
		o.index, o.first = i, first
		first = false
		mine = append(mine, o)
		r.slotEnded(&ended)
		if o.connected {
			r.responded.Add(1)
		} else if isConnectFailure(o.label) {
			// Nothing connects: stop after one round of attempts rather
			// than hammering a dead port for every request of the level.
			// A server that answered before and refuses now has died: the
			// level is failed whatever comes next, so stop at once.
			if r.connFails.Add(1) >= int64(min(r.concurrency, 64)) || r.responded.Load() > 0 {
				r.abort.Store(true)
			}
		}
		if o.label == "" {
			lo := len(allGaps)
			allGaps = append(allGaps, gaps...)
			mine[len(mine)-1].gaps = allGaps[lo:len(allGaps):len(allGaps)]
			// Live progress shows the server's pace from the first
			// request on, warm-up included.
			r.liveTokens.Add(int64(o.outputTokens))
			r.liveChunks.Add(int64(len(gaps) + 1))
			r.ttfts.add(o.ttft)
			r.noteTTFT(max(o.ttft, 0))
		}
		if i < r.warmup {
			if o.label == "" {
				r.warmE2ESum.Add(int64(o.end - o.start))
				r.warmTTFTSum.Add(int64(max(o.ttft, 0)))
				r.warmE2EN.Add(1)
			}
			continue
		}
		r.done.Add(1)
		if o.label != "" {
			r.failed.Add(1)
		} else {
			r.e2eSum.Add(int64(o.end - o.start))
			r.ttftSum.Add(int64(max(o.ttft, 0)))
			r.e2eN.Add(1)
		}
	}
	return mine
}

// slotEnded counts a worker's finished request for the monitor: its first
// ends the ramp for that slot, its minSlotRequests-th lets the level stop.
func (r *levelRun) slotEnded(ended *int) {
	*ended++
	switch *ended {
	case 1:
		r.firstsDone.Add(1)
	case 1 + minSlotRequests:
		r.slotsDone.Add(1)
	}
}

func merge(parts [][]outcome) []outcome {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	all := make([]outcome, 0, n)
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// allConnectFailures reports a level in which no request even connected.
// A server that accepts and then never answers is not unreachable: its
// requests time out and are counted as failures of a measured level.
func allConnectFailures(all []outcome) bool {
	for _, o := range all {
		if o.connected || !isConnectFailure(o.label) {
			return false
		}
	}
	return true
}

func firstLabels(all []outcome) string {
	counts := map[string]int{}
	for _, o := range all {
		counts[o.label]++
	}
	var parts []string
	for l, n := range counts {
		parts = append(parts, fmt.Sprintf("%s×%d", l, n))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

// newTransport is an HTTP/1.1 transport for c long-lived streams to one
// host: no connection cap, an idle pool as large as the level so that each
// worker keeps its connection, no HTTP/2 (one stream per connection is
// what real clients at this scale do, and h2 flow control would serialise
// streams on one socket).
func newTransport(c int, connectTimeout time.Duration, dials *atomic.Int64) *http.Transport {
	d := &net.Dialer{Timeout: connectTimeout, KeepAlive: 30 * time.Second}
	return &http.Transport{
		Proxy: nil,
		// Counting connects shows connection churn: a level should open
		// about C connections and reuse them.
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dials.Add(1)
			return d.DialContext(ctx, network, addr)
		},
		MaxIdleConns:        0,
		MaxIdleConnsPerHost: c + 16,
		MaxConnsPerHost:     0,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
		TLSNextProto:        map[string]func(string, *tls.Conn) http.RoundTripper{},
		ReadBufferSize:      16 << 10,
		WriteBufferSize:     8 << 10,
	}
}

// distinctBodies is how many distinct prompts a level cycles through: 256,
// fewer for prompts so long that 256 of them would pass bodyBudget (at
// sweep.MaxTokens, a million-token prompt, 256 would be over a gigabyte).
func distinctBodies(inputTokens int) int {
	const bodyBudget = 256 << 20 // bytes for all of a level's prompts
	const bytesPerToken = 8      // a word, a space and JSON, with room for --input-spread
	return max(1, min(256, bodyBudget/(max(inputTokens, 1)*bytesPerToken)))
}
