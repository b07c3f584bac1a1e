package metrics

// series names one quantity in each engine's exposition. Names were read
// from the engines' own sources and real /metrics dumps (fixtures/metrics):
//
//   - vLLM (v0 and v1): vllm:num_requests_running, vllm:num_requests_waiting,
//     vllm:kv_cache_usage_perc (v0.10+; vllm:gpu_cache_usage_perc before it,
//     kept deprecated for a while), vllm:num_preemptions_total, and
//     vllm:cache_config_info whose labels carry num_gpu_blocks and
//     block_size (newer versions add kv_cache_size_tokens).
//   - SGLang (python/sglang/srt/metrics/collector.py): sglang:num_running_reqs,
//     sglang:num_queue_reqs, sglang:token_usage, sglang:max_total_num_tokens,
//     sglang:max_running_requests (older versions), and retractions
//     (SGLang's preemption) as sglang:num_retracted_requests_total.
//   - Dynamo frontend: dynamo_frontend_inflight_requests and
//     dynamo_frontend_queued_requests.
//
// Each list is in order of preference: the first name present is read.
var (
	runningNames     = []string{"vllm:num_requests_running", "sglang:num_running_reqs"}
	waitingNames     = []string{"vllm:num_requests_waiting", "sglang:num_queue_reqs"}
	kvUsageNames     = []string{"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "sglang:token_usage"}
	preemptionNames  = []string{"vllm:num_preemptions_total", "vllm:num_preemptions", "sglang:num_retracted_requests_total", "sglang:num_retracted_reqs_total"}
	maxRunningNames  = []string{"sglang:max_running_requests"}
	kvCapacityNames  = []string{"sglang:max_total_num_tokens"}
	cacheConfigName  = "vllm:cache_config_info"
	frontendInflight = []string{"dynamo_frontend_inflight_requests"}
	frontendQueued   = []string{"dynamo_frontend_queued_requests"}
)

// rankLabels name the copies of one engine's value that tensor, pipeline
// and expert parallel ranks each export (SGLang writes its scheduler gauges
// once per tp_rank): they are one engine, so they are collapsed by max
// rather than added.
var rankLabels = map[string]bool{"tp_rank": true, "pp_rank": true, "moe_ep_rank": true, "pid": true, "attn_tp_rank": true}

// engineOf names the engine from the first family a name belongs to.
func engineOf(name string) string {
	switch {
	case len(name) > 5 && name[:5] == "vllm:":
		return "vllm"
	case len(name) > 7 && name[:7] == "sglang:":
		return "sglang"
	case len(name) > 16 && name[:16] == "dynamo_frontend_":
		return "dynamo-frontend"
	}
	return ""
}
