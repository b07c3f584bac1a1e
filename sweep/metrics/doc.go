// Package metrics samples a serving engine's own Prometheus /metrics while
// knee sweep runs each level, so that knee find can say why the knee is
// where it is: the engine's running and waiting requests, its KV-cache
// usage and preemptions, and the size of its KV cache.
//
// The exposition text is parsed with the Prometheus text-format parser
// (github.com/prometheus/common/expfmt); the series each engine exports are
// listed in engines.go with where their names come from. A level's samples
// are kept bounded (at most MaxSamples, evenly thinned) in the level's
// folder as metrics.json, and summarised into the level's point
// (sweep.EngineMetrics).
package metrics
