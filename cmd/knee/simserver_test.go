package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
)

// syncBuffer is a bytes.Buffer safe to read while the command writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func TestSimserverCommandServesUntilCancelled(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())

	var out, errb syncBuffer
	root := newRootCmd(&out, &errb)
	root.SetArgs([]string{"simserver", "--addr", addr, "--time-scale", "0.1", "--fault", "503:every=2"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()

	require.Eventually(t, func() bool { return strings.Contains(out.String(), "true knee") }, 10*time.Second, 20*time.Millisecond)
	require.Contains(t, out.String(), "simulated server at http://"+addr+": 4 GPUs, true knee 160 requests per GPU")
	var codes []int
	for i := 0; i < 2; i++ {
		resp, err := http.Post("http://"+addr+"/v1/completions", "application/json", strings.NewReader(`{"prompt":"hi","max_tokens":2,"ignore_eos":true}`))
		require.NoError(t, err)
		var body map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
	}
	require.Equal(t, []int{503, 200}, codes, "the --fault flag applies")

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("the command must stop when its context ends")
	}
	require.Contains(t, errb.String(), "simserver: 2 requests, 1 completed, 2 tokens")
}

func TestSimserverFlagsOverrideThePresetAndBadInputIsUsage(t *testing.T) {
	o := &simserverOptions{Addr: "127.0.0.1:0", Preset: "gb300"}
	o.cfg.BatchPerGPU = 64
	o.set = func(name string) bool { return name == "batch-per-gpu" }
	cfg, err := o.config()
	require.NoError(t, err)
	require.Equal(t, 64, cfg.BatchPerGPU)
	require.Equal(t, simserver.GB300Like().StepBase, cfg.StepBase)
	require.Equal(t, 64.0, cfg.TrueKnee())

	ft, err := parseFault("stall:rate=0.25:3")
	require.NoError(t, err)
	require.Equal(t, simserver.Fault{Kind: simserver.FaultStall, Rate: 0.25, AfterTokens: 3}, ft)
	ft, err = parseFault("429:every=100/burst=20")
	require.NoError(t, err)
	require.Equal(t, simserver.Fault{Kind: simserver.FaultStatus, Status: 429, Every: 100, Burst: 20}, ft)

	for _, bad := range []string{"stall", "melt:every=2", "200:every=1", "abort:every=x", "abort:often=2", "abort:every=2:x"} {
		_, err := parseFault(bad)
		var ue *usageError
		require.ErrorAs(t, err, &ue, bad)
	}
	for _, args := range [][]string{
		{"simserver", "--addr", "0.0.0.0:8000"},
		{"simserver", "--preset", "h100"},
		{"simserver", "--jitter", "2"},
		{"simserver", "--gpus", "-2"},
		{"simserver", "--gpus", "0"},
		{"simserver", "--time-scale", "-1"},
	} {
		var out, errb bytes.Buffer
		require.Equal(t, exitUsage, execute(args, &out, &errb), "%v: %s", args, errb.String())
	}
}
