//go:build integration

// Integration tests of `knee sweep --runner kube` on a real control plane
// (etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok) built
// by hack/testbed/build.sh. Every sweep runs as a ServiceAccount bound to
// exactly deploy/rbac, so a missing permission fails a test. Pod logs are
// real recorded harness output from fixtures/, served by kwok.
//
//	make test-integration
package integration

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/kneetool/knee/test/integration/testbed"
)

var (
	cluster *testbed.Cluster
	kneeBin string
	repo    string
)

// Nodes of the fake cluster: a GB300-like Arm node with 4 GPUs, an
// H100-like amd64 node with 8, and a CPU-only amd64 node for load generators.
var nodes = []testbed.Node{
	{Name: "gb300-0", GPUs: 4, Product: "NVIDIA-GB300", Arch: "arm64"},
	{Name: "h100-0", GPUs: 8, Product: "NVIDIA-H100-80GB-HBM3", Arch: "amd64"},
	{Name: "cpu-0", Arch: "amd64"},
}

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	_, file, _, _ := runtime.Caller(0)
	repo = filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
	dir := os.Getenv("KNEE_TESTBED_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		root := os.Getenv("KNEE_TESTBED_CACHE")
		if root == "" {
			root = filepath.Join(home, ".cache", "knee-testbed")
		}
		dir = filepath.Join(root, "v1.37.2")
	}
	if _, err := os.Stat(filepath.Join(dir, "bin", "kwok")); err != nil {
		if os.Getenv("KNEE_SKIP_INTEGRATION") == "1" {
			fmt.Println("SKIP: control-plane binaries not built in", dir, "and KNEE_SKIP_INTEGRATION=1 (build them with hack/testbed/build.sh)")
			return 0
		}
		fmt.Fprintln(os.Stderr, "control-plane binaries missing in", dir, "- run hack/testbed/build.sh (or make test-integration); set KNEE_SKIP_INTEGRATION=1 to skip")
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	tmp, err := os.MkdirTemp("", "knee-it-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	kneeBin = filepath.Join(tmp, "knee")
	build := exec.Command("go", "build", "-o", kneeBin, "./cmd/knee")
	build.Dir, build.Stdout, build.Stderr = repo, os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build knee:", err)
		return 1
	}

	start := time.Now()
	cluster, err = testbed.Start(ctx, dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "start control plane:", err)
		return 1
	}
	defer cluster.Stop()
	for _, n := range append(nodes, manualNode) {
		if err := cluster.AddNode(ctx, n); err != nil {
			fmt.Fprintln(os.Stderr, "add node:", err)
			return 1
		}
	}
	if err := cluster.WaitLogServer(ctx, "cpu-0"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "control plane up with %d kwok nodes in %s (%s)\n", len(nodes), time.Since(start).Round(time.Millisecond), cluster.Dir)
	code := m.Run()
	if code != 0 {
		// What the fake kubelet and the API server said last: a failed
		// pods/log read shows its cause here, not only as "unknown".
		fmt.Fprintf(os.Stderr, "kwok log tail:\n%s\nkube-apiserver log tail:\n%s\n", cluster.LogTail("kwok", 30), cluster.LogTail("kube-apiserver", 30))
	}
	return code
}
