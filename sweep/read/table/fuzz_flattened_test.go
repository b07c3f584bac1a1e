package table

import "testing"

// The input paths added for tables people paste from pages and scripts:
// a JSON summary read as level records, and a page's table flattened to
// single spaces or to one cell per line. Each must end in a sweep or an
// input error, never a panic, whatever the bytes (checkResult).

func FuzzJSONRecords(f *testing.F) {
	// Before batch cd: levels keyed "c1" whose measures summarise runs; a
	// summary named by its statistic beside runs that name the unit;
	// Python dicts after a bracketed log tag.
	f.Add([]byte(`{"turnover": {"c1": {"output_tokens_per_second": {"count": 5, "mean": 222, "median": 220.6, "sample_stddev": 2}, "median_ttft_ms": {"count": 5, "median": 170}}, "c2": {"output_tokens_per_second": {"count": 5, "median": 307.4, "max": 1e400}}}}`))
	f.Add([]byte(`{"results": [{"concurrency": 1, "agg_median": 11.32, "runs": [{"agg_tps": 11.0}, {"agg_tps": 11.32}, {"agg_tps": 11.5}]}, {"concurrency": 2, "agg_median": 17.1, "runs": [{"agg_tps": 17.1}, {"agg_tps": "x"}]}]}`))
	f.Add([]byte("[ladder] {'streams': 1, 'aggregate_tok_s': 18.3, 'ok': True, 'n': None}\n[ladder] {'streams': 2, 'aggregate_tok_s': 33.4, 'x': 'a\\'b'}\n[ladder] {'streams': 4, 'aggregate_tok_s': (1, 2)}\n"))
	// Batch ca: two replicas' rates beside their sum, the node's.
	f.Add([]byte(`[{"node_concurrency": 2, "replica_a_tok_s": 184.25, "replica_b_tok_s": 183.62, "node_tok_s": 367.87}, {"node_concurrency": 8, "replica_a_tok_s": 230.93, "replica_b_tok_s": 231.39, "node_tok_s": 462.32}, {"node_concurrency": 16, "replica_a_tok_s": 657.65, "replica_b_tok_s": 688.05, "node_tok_s": 1345.7}]`))
	// Batches bs and bt: JSON Lines of run records that group their
	// fields (load, throughput, config); a summary with a system TPOT.
	f.Add([]byte("{\"ts\":\"2026-09-22T04:14:18.342063+00:00\",\"config\":{\"mechanism\":\"dflash\"},\"load\":{\"concurrency\":1,\"repeat\":0},\"throughput\":{\"output_tokens_per_s\":89.1,\"tokens_from_usage\":true,\"tokens_per_chunk\":3.9}}\n{\"ts\":\"2026-09-22T04:14:57.745189+00:00\",\"config\":{\"mechanism\":\"eagle\"},\"load\":{\"concurrency\":4,\"repeat\":0},\"throughput\":{\"output_tokens_per_s\":226.1,\"tokens_from_usage\":true,\"tokens_per_chunk\":3.9}}\n"))
	f.Add([]byte("[{\"batch_size\":1,\"tpot_mean_ms\":5.8,\"sys_tpot_ms\":9.4,\"ttft_single_ms\":465,\"ttft_mean_ms\":465,\"gen_tps\":106.1},{\"batch_size\":8,\"tpot_mean_ms\":6.4,\"sys_tpot_ms\":1.36,\"ttft_single_ms\":532,\"ttft_mean_ms\":538,\"gen_tps\":733.8}]"))
	f.Add([]byte(`[{"concurrency": 1, "output_throughput": 35.1, "mean_ttft_ms": 21.4}, {"concurrency": 8, "output_throughput": 240.2, "mean_ttft_ms": 30.9}]`))
	f.Add([]byte(`{"model": "m", "results": [{"max_concurrency": 4, "system_output_throughput": 120, "p99_ttft": 0.2}, {"max_concurrency": 16, "system_output_throughput": 410, "p99_ttft": 0.9}, {"max_concurrency": 64, "system_output_throughput": "NaN"}]}`))
	f.Add([]byte(`{"data": {"runs": [{"users": 2, "tok/s": 1e308, "gpu": {"count": 8}}, {"users": 4, "tok/s": -1}]}}`))
	// Batches bx and by: a report's lanes, one holding the levels; level-keyed
	// maps of numbers; levels keyed by number under "levels"; a set rate.
	f.Add([]byte(`{"lanes": [{"lane_id": "latency", "summary": {"ttft_ms": 74.5}}, {"lane_id": "concurrency", "summary": {"rows": [{"concurrency": 1, "aggregate_output_tok_s": 80.9}, {"concurrency": 2, "aggregate_output_tok_s": 147.9}]}}]}`))
	f.Add([]byte(`{"scores": {"concurrency": {"ladder_aggregate_tok_s": {"1": 50.1, "2": 66.0, "4": 91.6}, "ladder_accept": {"1": 2.8, "2": 3.1, "4": 1e400}}}}`))
	f.Add([]byte(`{"levels": {"1": {"req_s": 0.1, "output_tok_s": 38.0}, "2": {"req_s": 0.19, "output_tok_s": 63}, "x": {}}}`))
	f.Add([]byte(`{"points": [{"target_rate_rps": 0.5, "achieved_rps": 0.45, "output_tokens_per_s": 21.6}, {"target_rate_rps": 1, "achieved_rps": 0.88, "output_tokens_per_s": 42.3}]}`))
	f.Add([]byte(`{"model": "m", "a": [{"concurrency": 1, "throughput_tok_s": 44.3}, {"concurrency": 4, "throughput_tok_s": 133.8}], "b": [{"concurrency": 1, "throughput_tok_s": 10.6}, {"concurrency": 4, "throughput_tok_s": 10.9}]}`))
	f.Add([]byte(`[{"concurrency": 1}, [], {"concurrency": {"a": [1, 2]}}, null]`))
	f.Add([]byte("{\"concurrency\": 1, \"output_throughput\": 9}\n{\"concurrency\": 2, \"output_throughput\": 17}\n"))
	f.Add([]byte("{\"label\": \"a\", \"ts\": \"2026-01-02T03:04\", \"decode\": [{\"conc\": 1, \"aggregate_tok_s\": 9}, {\"conc\": 2, \"aggregate_tok_s\": 17}]}\n{\"label\": \"b\", \"decode\": [{\"conc\": 1, \"label\": 3}]}\n{}"))
	f.Add([]byte(`{"concurrency_1": {"output_throughput": 100}, "concurrency_4": {"output_throughput": 350}, "users-8": {"x": 1}}`))
	f.Add([]byte(`{"concurrency": [1, 4, 16], "output_tokens_per_second": [100, 350, null], "note": "n"}`))
	// Runs saved by index ("0", "1" …), a unitless speed beside the run's
	// tokens and duration (batch ap).
	f.Add([]byte(`{"0": {"input_length": 32, "data": [{"nb_parallel_requests": 1, "actual_total_time": 303.3, "total_number_of_generated_tokens": 14531, "speed": 48.31}, {"nb_parallel_requests": 2, "actual_total_time": 0, "total_number_of_generated_tokens": 15950, "speed": 91.37}]}, "1": {"data": []}}`))
	// Runs keyed by their names under each candidate, a one-letter "n"
	// beside "concurrency" (batch bn).
	f.Add([]byte(`{"candidates": {"a": {"benchmarks": {"latency": {"concurrency": 1, "n": 4, "output_tokens_per_s": 45.3}, "c16": {"concurrency": 16, "output_tokens_per_s": 627.2}}}, "b": {"benchmarks": {}}, "7": {"benchmarks": {"x": {"concurrency": "16"}}}}}`))
	// lowerCamelCase keys and the streams' sum beside their mean (batch bv).
	f.Add([]byte(`{"results": [{"concurrency": 1, "meanDecodeTps": 39.9, "aggregateDecodeTps": 39.9}, {"concurrency": 2, "meanDecodeTps": 30, "aggregateDecodeTps": 58.8}, {"concurrencyX": 4, "aB": "c"}]}`))
	// A median decode rate far below the run's tokens over time (batch bu).
	f.Add([]byte(`{"a": [{"concurrency": 1, "median_decode_tokens_per_s": 45.8, "output_tokens_per_s": 45.1}, {"concurrency": 32, "median_decode_tokens_per_s": 36.0, "output_tokens_per_s": 516.2}], "b": [{"concurrency": 16, "median_decode_tokens_per_s": 0, "output_tokens_per_s": "x"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksRecords(b)
		s, err := readRecords("t.json", b, Meta{})
		checkResult(t, s, err)
		s, err = readRecords("t.json", b, Meta{GPUs: 8})
		checkResult(t, s, err)
	})
}

func FuzzFlattenedTable(f *testing.F) {
	f.Add([]byte("Scaling Results\n\nUsers Output tok/s Mean TTFT (ms) p99 Latency\n8 300 45 2.50s\n16 520 61 2.90s\n32 640 180 4.10s\n"))
	f.Add([]byte("Concurrency Output tok/s p99 Latency Status\n100 3,000 8.1s OK\n200 4,000 8.9s PEAK\n400 3,900 12.5s SATURATED\n"))
	f.Add([]byte("Concurrency\nThroughput (tok/s)\nTTFT p99 (ms)\n1\n35.2\n40\n8\n241.0\n95\n32\n610.5\n880\n"))
	f.Add([]byte("a b c\n1 2\n3 4 5 6\n\n\n7\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if !Looks(Aligned, "t.txt", b) {
			return
		}
		s, err := Read("t.txt", b, Aligned, Meta{})
		checkResult(t, s, err)
	})
}
