package metrics

import (
	"context"
	"sync"
	"time"
)

// MaxSamples bounds the samples kept per level. At one a second that is 10
// minutes; a longer level keeps every second, fourth … sample, evenly
// spread over the whole level, so memory and metrics.json stay bounded
// (about 150 bytes a sample) however long a level runs.
const MaxSamples = 600

// sampler scrapes a source every interval until stopped.
type sampler struct {
	src      Source
	interval time.Duration
	max      int

	mu       sync.Mutex
	samples  []Snapshot
	stride   int // keep every stride-th tick
	tick     int
	failures int
	lastErr  error

	cancel context.CancelFunc
	done   chan struct{}
}

func startSampler(ctx context.Context, src Source, interval time.Duration, max int) *sampler {
	if interval <= 0 {
		interval = time.Second
	}
	if max < 2 {
		max = MaxSamples
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &sampler{src: src, interval: interval, max: max, stride: 1, cancel: cancel, done: make(chan struct{})}
	go s.run(ctx)
	return s
}

func (s *sampler) run(ctx context.Context) {
	defer close(s.done)
	t := time.NewTicker(s.interval)
	defer t.Stop()
	s.once(ctx) // at the level's start
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.once(ctx)
		}
	}
}

func (s *sampler) once(ctx context.Context) {
	snap, err := s.src.Scrape(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		if ctx.Err() == nil {
			s.failures++
			s.lastErr = err
		}
		return
	}
	s.tick++
	if (s.tick-1)%s.stride != 0 {
		return
	}
	s.samples = append(s.samples, snap)
	if len(s.samples) >= s.max {
		// Thin to every other sample and keep every 2·stride-th from now.
		kept := s.samples[:0]
		for i := 0; i < len(s.samples); i += 2 {
			kept = append(kept, s.samples[i])
		}
		s.samples = kept
		s.stride *= 2
	}
}

// stop ends sampling, takes one last sample (the level's end; counters need
// it for their increase) and returns what was kept.
func (s *sampler) stop(ctx context.Context) ([]Snapshot, int, error) {
	s.cancel()
	<-s.done
	if ctx.Err() == nil {
		ectx, cancel := context.WithTimeout(ctx, 2*time.Second)
		if snap, err := s.src.Scrape(ectx); err == nil {
			s.mu.Lock()
			s.samples = append(s.samples, snap)
			s.mu.Unlock()
		}
		cancel()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.samples, s.failures, s.lastErr
}
