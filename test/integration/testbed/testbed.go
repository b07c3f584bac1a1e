// Package testbed starts a real Kubernetes control plane on 127.0.0.1 for
// knee's integration tests: etcd, kube-apiserver (RBAC on),
// kube-controller-manager (the Job and garbage collectors), kube-scheduler
// and kwok, which plays the kubelet of fake GPU nodes (pod lifecycle,
// heartbeats, and a log server for pods/log). The binaries come from
// hack/testbed/build.sh; the test process owns every process it starts.
package testbed

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// Cluster is a running control plane.
type Cluster struct {
	Dir        string // certs, data, logs, kubeconfig
	Kubeconfig string // admin kubeconfig (context "knee-testbed")
	Host       string
	Admin      *rest.Config
	AdminCS    kubernetes.Interface
	CAData     []byte
	// KwokDir holds kwok's stage and CRD YAMLs.
	KwokDir string
	procs   []*proc
	probes  int
}

type proc struct {
	name string
	cmd  *exec.Cmd
	log  *os.File
	done chan struct{}
}

// Start brings the control plane up; binDir is build.sh's output folder
// (with bin/ and kwok/). On error everything already started is stopped.
func Start(ctx context.Context, root string) (c *Cluster, err error) {
	dir, err := os.MkdirTemp("", "knee-testbed-")
	if err != nil {
		return nil, err
	}
	c = &Cluster{Dir: dir, KwokDir: filepath.Join(root, "kwok")}
	defer func() {
		if err != nil {
			c.Stop()
		}
	}()
	bin := func(n string) string { return filepath.Join(root, "bin", n) }
	p, err := writePKI(dir)
	if err != nil {
		return c, err
	}
	c.CAData = p.caPEM
	ports, err := freePorts(4)
	if err != nil {
		return c, err
	}
	etcdURL := fmt.Sprintf("http://127.0.0.1:%d", ports[0])
	peerURL := fmt.Sprintf("http://127.0.0.1:%d", ports[1])
	c.Host = fmt.Sprintf("https://127.0.0.1:%d", ports[2])
	kwokPort := ports[3]

	if err := c.start("etcd", bin("etcd"),
		"--name=default", "--data-dir="+filepath.Join(dir, "etcd"),
		"--listen-client-urls="+etcdURL, "--advertise-client-urls="+etcdURL,
		"--listen-peer-urls="+peerURL, "--initial-advertise-peer-urls="+peerURL,
		"--initial-cluster=default="+peerURL,
		// Test data need not survive a power cut; fsync dominates on shared disks.
		"--unsafe-no-fsync", "--log-level=warn",
	); err != nil {
		return c, err
	}
	if err := c.start("kube-apiserver", bin("kube-apiserver"),
		"--etcd-servers="+etcdURL,
		"--bind-address=127.0.0.1", fmt.Sprintf("--secure-port=%d", ports[2]),
		// 1.37 refuses a loopback advertise address unless the endpoint
		// reconciler is off (KUBE-TESTBED.md pitfall 1).
		"--advertise-address=127.0.0.1", "--endpoint-reconciler-type=none",
		"--cert-dir="+filepath.Join(dir, "apiserver-certs"),
		"--tls-cert-file="+p.serverCert, "--tls-private-key-file="+p.serverKey,
		"--client-ca-file="+p.caFile,
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file="+p.saPub, "--service-account-signing-key-file="+p.saKey,
		"--service-cluster-ip-range=10.0.0.0/24",
		// RBAC on: the tests run as a ServiceAccount bound to deploy/rbac.
		"--authorization-mode=RBAC",
		"--kubelet-preferred-address-types=InternalIP",
		"--enable-priority-and-fairness=false", "--profiling=false", "-v=0",
	); err != nil {
		return c, err
	}
	if err := c.writeKubeconfig(p); err != nil {
		return c, err
	}
	if err := c.waitReady(ctx, 90*time.Second); err != nil {
		return c, err
	}
	if err := c.start("kube-controller-manager", bin("kube-controller-manager"),
		"--kubeconfig="+c.Kubeconfig, "--secure-port=0", "--leader-elect=false",
		"--controllers=*,-node-ipam-controller",
		"--service-account-private-key-file="+p.saKey, "--root-ca-file="+p.caFile,
		"--concurrent-job-syncs=5", "--concurrent-gc-syncs=20", "-v=0",
	); err != nil {
		return c, err
	}
	if err := c.start("kube-scheduler", bin("kube-scheduler"),
		"--kubeconfig="+c.Kubeconfig, "--authentication-kubeconfig="+c.Kubeconfig, "--authorization-kubeconfig="+c.Kubeconfig,
		"--secure-port=0", "--leader-elect=false", "-v=0",
	); err != nil {
		return c, err
	}
	if err := c.applyCRDs(ctx, "logs", "clusterlogs"); err != nil {
		return c, err
	}
	stages, err := c.writeStages()
	if err != nil {
		return c, err
	}
	if err := c.start("kwok", bin("kwok"),
		"--kubeconfig="+c.Kubeconfig, "--config="+stages,
		"--manage-all-nodes=false", "--manage-nodes-with-annotation-selector="+FakeNodeAnnotation+"=fake",
		"--node-ip=127.0.0.1", fmt.Sprintf("--node-port=%d", kwokPort), fmt.Sprintf("--server-address=127.0.0.1:%d", kwokPort),
		"--enable-crds=Logs,ClusterLogs",
	); err != nil {
		return c, err
	}
	return c, nil
}

// FakeNodeAnnotation marks nodes kwok manages.
const FakeNodeAnnotation = "kwok.x-k8s.io/node"

func (c *Cluster) start(name, path string, args ...string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("%s: %w (run hack/testbed/build.sh)", name, err)
	}
	f, err := os.Create(filepath.Join(c.Dir, name+".log"))
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = f, f
	// Own process group: Stop can signal it without touching anything else.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		f.Close()
		return fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, log: f, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(p.done) }()
	c.procs = append(c.procs, p)
	return nil
}

// Exited names a process of the control plane that died, with the tail of its log.
func (c *Cluster) Exited() error {
	for _, p := range c.procs {
		select {
		case <-p.done:
			return fmt.Errorf("%s exited: %s", p.name, c.LogTail(p.name, 20))
		default:
		}
	}
	return nil
}

// LogTail returns the last n lines of a component's log.
func (c *Cluster) LogTail(name string, n int) string {
	b, _ := os.ReadFile(filepath.Join(c.Dir, name+".log"))
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Stop ends every process, newest first, and removes the folder unless
// KNEE_TESTBED_KEEP is set (to read the component logs).
func (c *Cluster) Stop() {
	for i := len(c.procs) - 1; i >= 0; i-- {
		p := c.procs[i]
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-p.done
		}
		p.log.Close()
	}
	c.procs = nil
	if os.Getenv("KNEE_TESTBED_KEEP") == "" {
		os.RemoveAll(c.Dir)
	}
}

func (c *Cluster) writeKubeconfig(p *pki) error {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["knee-testbed"] = &clientcmdapi.Cluster{Server: c.Host, CertificateAuthorityData: p.caPEM}
	cfg.AuthInfos["admin"] = &clientcmdapi.AuthInfo{ClientCertificateData: p.adminCertPEM, ClientKeyData: p.adminKeyPEM}
	cfg.Contexts["knee-testbed"] = &clientcmdapi.Context{Cluster: "knee-testbed", AuthInfo: "admin", Namespace: "default"}
	cfg.CurrentContext = "knee-testbed"
	c.Kubeconfig = filepath.Join(c.Dir, "admin.kubeconfig")
	if err := clientcmd.WriteToFile(*cfg, c.Kubeconfig); err != nil {
		return err
	}
	rc, err := clientcmd.BuildConfigFromFlags("", c.Kubeconfig)
	if err != nil {
		return err
	}
	rc.QPS, rc.Burst = 200, 400
	c.Admin = rc
	c.AdminCS, err = kubernetes.NewForConfig(rc)
	return err
}

func (c *Cluster) waitReady(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		if err := c.Exited(); err != nil {
			return err
		}
		body, err := c.AdminCS.Discovery().RESTClient().Get().AbsPath("/readyz").DoRaw(ctx)
		if err == nil && strings.TrimSpace(string(body)) == "ok" {
			return nil
		}
		last = err
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return fmt.Errorf("kube-apiserver not ready after %s: %v\n%s", timeout, last, c.LogTail("kube-apiserver", 20))
}

// freePorts asks the kernel for n free loopback ports.
func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var ports []int
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
