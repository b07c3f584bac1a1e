//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/sweep/store"
)

// Issue 21 item 7: a ServiceAccount whose Role lacks list and watch on
// jobs from the start. The level's informer never synced and
// WaitForCacheSync waited for ever: the level stayed "started" and a
// catalog's later leaves on that cluster never ran. The deny rule counts
// from the first attempt: the level fails with the reason (point.json
// "failed"), the sweep exits 1 within seconds, and nothing is left behind.
func TestKubeSweepListRefusedFromTheStartFailsTheLevel(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: aiperfPodLog(t, 32)})
	ctx := context.Background()
	role, err := cluster.AdminCS.RbacV1().Roles(e.ns).Get(ctx, "knee-sweep", metav1.GetOptions{})
	require.NoError(t, err)
	for i, r := range role.Rules {
		if slices.Contains(r.Resources, "jobs") {
			role.Rules[i].Verbs = []string{"create", "delete"}
		}
	}
	_, err = cluster.AdminCS.RbacV1().Roles(e.ns).Update(ctx, role, metav1.UpdateOptions{})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, err := e.sa.BatchV1().Jobs(e.ns).List(ctx, metav1.ListOptions{})
		return apierrors.IsForbidden(err)
	}, 10*time.Second, 50*time.Millisecond)

	out := filepath.Join(t.TempDir(), "run")
	start := time.Now()
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "aiperf", "--node", "gb300-0", "--service", "sim",
		"--model", "sim-llm", "--per-gpu", "8", "--out", out)
	took := time.Since(start)
	require.Equal(t, 1, code, stderr)
	require.Less(t, took, 90*time.Second, stderr)
	require.Contains(t, stderr, "the API server refuses to let knee list and watch jobs in namespace "+e.ns+" (the ServiceAccount needs list and watch on them; see deploy/rbac)")
	require.Contains(t, stderr, "--resume "+out)

	b, err := os.ReadFile(filepath.Join(out, "levels", "000-8", store.PointFile))
	require.NoError(t, err, stderr)
	var rec store.LevelRecord
	require.NoError(t, json.Unmarshal(b, &rec))
	require.Equal(t, store.StatusFailed, rec.Status)
	require.Contains(t, rec.Error, "refuses to let knee list and watch jobs")
	require.Empty(t, e.leftovers(t))

	// A catalog of two leaves on that one cluster: the first fails the
	// same way and the second still runs (it was blocked for ever).
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.yaml")
	require.NoError(t, os.WriteFile(plan, []byte(`leaves:
  - {leaf: leaf-a, node: gb300-0, service: sim, model: sim-llm, harness: aiperf, per_gpu: [8]}
  - {leaf: leaf-b, node: gb300-0, service: sim, model: sim-llm, harness: aiperf, per_gpu: [8]}
`), 0o644))
	start = time.Now()
	rows, stderr, code := kneeCatalog(t, e.id.Kubeconfig, "--catalog", plan, "--out", filepath.Join(dir, "out"), "-o", "json")
	require.Equal(t, 1, code, stderr)
	require.Less(t, time.Since(start), 2*time.Minute, stderr)
	require.Contains(t, stderr, "2 leaves on 1 clusters")
	require.Contains(t, stderr, "2 of 2 leaves failed (leaf-a, leaf-b)")
	for _, l := range []string{"leaf-a", "leaf-b"} {
		require.Equal(t, "failed", rows[l].Status, l)
		require.Contains(t, rows[l].Error, "refuses to let knee list and watch jobs", l)
	}
	require.Empty(t, e.leftovers(t))
}
