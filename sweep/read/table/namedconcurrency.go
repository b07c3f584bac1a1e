package table

import "fmt"

// Threads, workers and processes are loads in a load tester's words (k6's
// virtual users, JMeter's threads) and compute in an engine's (llama.cpp's
// `n_threads`, the CPU threads each process decodes with). Beside a column
// the table itself calls the concurrency, such a column is the compute: the
// table has said which column holds the requests in flight.

// proxyLoadWords are the load words that also name compute.
var proxyLoadWords = []string{"thread", "threads", "worker", "workers", "proc", "procs", "process", "processes"}

// keepNamedConcurrency leaves read the one candidate headed by the word
// concurrency itself when every other names threads, workers or processes.
func (r *resolved) keepNamedConcurrency(idx []int) bool {
	for _, i := range idx {
		if !namesConcurrency(r.cols[i].header) && !namesProxyLoad(r.cols[i].header) {
			return false
		}
	}
	if !r.keepTheOne(idx, func(i int) bool { return namesConcurrency(r.cols[i].header) }, func(string) string { return "" }) {
		return false
	}
	// The compute is a setting of each curve (8 processes of 10 threads,
	// 2 of 40): unread, with no why, it stays a candidate to name curves.
	for _, i := range idx {
		if r.cols[i].kind == colIgnore {
			r.notes = append(r.notes, fmt.Sprintf("%q counts threads, workers or processes that serve the load, not the load: the table names its concurrency", r.cols[i].header))
		}
	}
	return true
}

// namesConcurrency: the header is the word concurrency, bare or as a
// setting's name ("max_concurrency", "Concurrency level").
func namesConcurrency(h string) bool {
	return anyWord(headerTokens(h), []string{"concurrency", "concurrent"})
}

// namesProxyLoad: the header names threads, workers or processes.
func namesProxyLoad(h string) bool {
	return anyWord(headerTokens(h), proxyLoadWords)
}
