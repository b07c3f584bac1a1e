//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/sweep/store"
	"github.com/kneetool/knee/test/integration/testbed"
)

// Three identical kwok GPU nodes each run a backend of the Service "sim"
// (an EndpointSlice names the node of each address, as the EndpointSlice
// controller writes it for real pods). knee sweep --nodes 3, run as the
// ServiceAccount bound to deploy/rbac, runs the three levels at the same
// time, one per node at that node's backend: every level started before
// any finished, so the sweep's wall time is about one level's. Each level
// records its node.
func TestKubeSweepLevelsInParallelOnThreeNodes(t *testing.T) {
	ctx := context.Background()
	names := []string{"l40s-a", "l40s-b", "l40s-c"}
	for _, n := range names {
		// arm64: the load generators (amd64 by default) do not land here.
		require.NoError(t, cluster.AddNode(ctx, testbed.Node{Name: n, GPUs: 4, Product: "NVIDIA-L40S", Arch: "arm64"}))
		t.Cleanup(func() { _ = cluster.AdminCS.CoreV1().Nodes().Delete(context.Background(), n, metav1.DeleteOptions{}) })
	}
	e := newEnv(t, map[int][]byte{0: ipPodLog(t, 1), 1: ipPodLog(t, 2), 2: ipPodLog(t, 3)})
	port, name, ready := int32(8000), "http", true
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta:  metav1.ObjectMeta{Name: "sim-nodes", Labels: map[string]string{discoveryv1.LabelServiceName: "sim"}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Ports:       []discoveryv1.EndpointPort{{Name: &name, Port: &port}},
	}
	for i, n := range names {
		slice.Endpoints = append(slice.Endpoints, discoveryv1.Endpoint{
			Addresses: []string{[]string{"10.244.1.10", "10.244.2.10", "10.244.3.10"}[i]}, NodeName: &n,
			Conditions: discoveryv1.EndpointConditions{Ready: &ready},
		})
	}
	_, err := cluster.AdminCS.DiscoveryV1().EndpointSlices(e.ns).Create(ctx, slice, metav1.CreateOptions{})
	require.NoError(t, err)

	out := filepath.Join(t.TempDir(), "l40s-run")
	start := time.Now()
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--nodes", "3", "--node-selector", "nvidia.com/gpu.product=NVIDIA-L40S", "--service", "sim:http", "--model", "sim-llm",
		"--per-gpu", "4,16,32", "--stop-past-knee=false", "--out", out)
	wall := time.Since(start)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "node l40s-a (l40s, 4 GPUs): endpoint http://10.244.1.10:8000")
	require.Contains(t, stderr, "parallel: up to 3 levels at once, on l40s-a, l40s-b, l40s-c\n")

	plan, err := store.ReadPlan(out)
	require.NoError(t, err)
	require.Equal(t, 4, plan.GPUs)
	require.Equal(t, "3", plan.Settings["nodes"])
	var recs []store.LevelRecord
	ranOn := map[string]bool{}
	for _, l := range plan.Levels() {
		b, err := os.ReadFile(filepath.Join(out, store.LevelDir(l), store.PointFile))
		require.NoError(t, err)
		var r store.LevelRecord
		require.NoError(t, json.Unmarshal(b, &r))
		require.Equal(t, store.StatusOK, r.Status)
		ranOn[r.RanOn] = true
		recs = append(recs, r)
	}
	require.Equal(t, map[string]bool{"l40s-a": true, "l40s-b": true, "l40s-c": true}, ranOn)
	// At the same time: the last level started before the first finished.
	lastStart, firstEnd := recs[0].StartedAt, recs[0].FinishedAt
	var sum time.Duration
	for _, r := range recs {
		if r.StartedAt.After(lastStart) {
			lastStart = r.StartedAt
		}
		if r.FinishedAt.Before(firstEnd) {
			firstEnd = r.FinishedAt
		}
		sum += r.FinishedAt.Sub(r.StartedAt)
	}
	require.True(t, lastStart.Before(firstEnd), "levels ran one after another: last start %v, first end %v", lastStart, firstEnd)
	t.Logf("3 levels on 3 nodes: wall %v, the levels' own durations sum to %v", wall.Round(time.Millisecond), sum.Round(time.Millisecond))
	require.Len(t, readSweep(t, out).Points, 3)
	require.Empty(t, e.leftovers(t))

	// More nodes than qualify, and nodes that are not identical, are bad
	// input (exit 2) naming the flag, before any Job exists.
	_, stderr, code = e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion", "--nodes", "4", "--node-selector", "nvidia.com/gpu.product=NVIDIA-L40S",
		"--service", "sim:http", "--model", "sim-llm", "--per-gpu", "4", "--out", filepath.Join(t.TempDir(), "x"))
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, `--nodes: 4 asked for, but only 3 of the 3 GPU nodes matching "nvidia.com/gpu.product=NVIDIA-L40S" are Ready with a ready backend of Service `+e.ns+`/sim:http (l40s-a, l40s-b, l40s-c)`)
	gb := "gb300-0"
	slice.Name = "sim-gb300"
	slice.Endpoints = []discoveryv1.Endpoint{{Addresses: []string{"10.244.9.10"}, NodeName: &gb, Conditions: discoveryv1.EndpointConditions{Ready: &ready}}}
	_, err = cluster.AdminCS.DiscoveryV1().EndpointSlices(e.ns).Create(ctx, slice, metav1.CreateOptions{})
	require.NoError(t, err)
	_, stderr, code = e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion", "--node-selector", "type=kwok",
		"--service", "sim:http", "--model", "sim-llm", "--per-gpu", "4", "--out", filepath.Join(t.TempDir(), "y"))
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, "--node-selector: the nodes are not identical: gb300-0 has 4 × NVIDIA-GB300, l40s-a has 4 × NVIDIA-L40S; select one kind of node")
	require.Empty(t, e.leftovers(t))
}
