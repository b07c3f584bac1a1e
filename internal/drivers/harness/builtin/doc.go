// Package builtin is knee's own load generator: a closed-loop client for
// OpenAI-compatible streaming endpoints (/v1/completions and
// /v1/chat/completions), written so that it is not the bottleneck at
// thousands of concurrent streams — a saturated client looks exactly like a
// server knee. It implements sweep.Executor.
//
// # What a level measures
//
// C workers (C = lvl.Concurrency) each send a request, read its SSE stream
// to "data: [DONE]", and send the next at once, until Warmup + Requests
// requests were sent. Every request asks for max_tokens = OutputTokens with
// ignore_eos and stream_options.include_usage — unless the plan carries a
// Workload (workload*.go): then lengths come from its distributions or
// lengths file, prompts from its dataset, each behind one of its shared
// prefixes, and ignore_eos is as it says. A level's requests are built
// before its clock starts, from the seed and the level's index.
//
//   - Measured requests are those past the first Warmup ones and, when
//     there is a warm-up, sent after the ramp: once every worker's first
//     request got its response headers. (If that would leave fewer than
//     half of Requests, only the warm-up count applies; summary.json says
//     ramp_included.)
//   - TTFT is send → first chunk with non-empty content (text, content or
//     reasoning_content): a chat stream's opening role chunk does not count.
//     ITL is every gap between consecutive content chunks. E2E is send →
//     [DONE]. All in ms; p50/p90/p95/p99 are gonum's empirical quantiles
//     over measured successes.
//   - Output tokens are the server's usage.completion_tokens when it sends
//     usage, else the number of content chunks.
//   - Throughput is the measured successes' output tokens divided by the
//     window from the first measured send to the last measured end — the
//     definition AIPerf uses for output_token_throughput, which aicr gates
//     floors on, so the two are comparable. It includes the final drain at
//     falling concurrency, so use Requests ≥ 8·C (the aicr default).
//   - AchievedConcurrency is the time-averaged number of requests in flight
//     — from the moment each was written to the socket to its end, warm-up
//     included — over the part of the window before the last send.
//   - Failures are counted by label: http_<status>, not_sse, timeout (the
//     per-request Timeout), connection_refused, connect_error,
//     connection_reset, broken_stream (the stream ended or broke without
//     [DONE]), stream_error (an error event), no_tokens, cancelled.
//
// # When the client is the bottleneck
//
// A level is ClientBound when any of: the process used ≥ 90% of its cores
// (user + system time over wall × GOMAXPROCS; a simulated server in the
// same process counts too); its threads waited for a CPU ≥ 50% of that
// capacity (run-queue delay from /proc/self/task/*/schedstat: other
// processes held the cores); or it held < 90% of C in flight — in a closed
// loop a request counts from its send however long the server queues it, so
// only the client's own turnaround can lower that count. summary.json says
// which.
package builtin
