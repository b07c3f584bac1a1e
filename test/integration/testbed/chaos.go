package testbed

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"k8s.io/client-go/tools/clientcmd"
)

// Restart stops one component of the control plane (SIGKILL: a crash, not
// a graceful shutdown) and starts it again with the same flags and data;
// for etcd and kube-apiserver it waits until the API server is ready again.
// down is how long the component stays dead.
func (c *Cluster) Restart(ctx context.Context, name string, down time.Duration) error {
	idx := -1
	for i, p := range c.procs {
		if p.name == name {
			idx = i
		}
	}
	if idx < 0 {
		return fmt.Errorf("no component %q", name)
	}
	p := c.procs[idx]
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-p.done
	p.log.Close()
	time.Sleep(down)
	f, err := os.OpenFile(filepath.Join(c.Dir, name+".log"), os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	cmd := exec.Command(p.cmd.Path, p.cmd.Args[1:]...)
	cmd.Stdout, cmd.Stderr = f, f
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		f.Close()
		return fmt.Errorf("restart %s: %w", name, err)
	}
	np := &proc{name: name, cmd: cmd, log: f, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(np.done) }()
	c.procs[idx] = np
	if name != "etcd" && name != "kube-apiserver" {
		return nil
	}
	if err := c.waitReady(ctx, 90*time.Second); err != nil {
		return err
	}
	// kwok stands in for the kubelets; it does not pick its pods/log rules
	// up again after its watches broke (a real kubelet reads logs from
	// disk), so it is restarted as well and its log server probed.
	if err := c.Restart(ctx, "kwok", 0); err != nil {
		return err
	}
	return c.WaitLogServer(ctx, "cpu-0")
}

// Proxy is a TCP proxy on 127.0.0.1 in front of the API server whose
// connections a test can cut at once (a dropped watch, a load balancer
// that resets idle streams). TLS passes through untouched: the API
// server's certificate names 127.0.0.1.
type Proxy struct {
	Addr string
	l    net.Listener
	to   string
	mu   sync.Mutex
	conn map[net.Conn]bool
	cuts int
}

// StartProxy listens on a free loopback port and forwards to the API server.
func (c *Cluster) StartProxy() (*Proxy, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	u := c.Host[len("https://"):]
	p := &Proxy{Addr: l.Addr().String(), l: l, to: u, conn: map[net.Conn]bool{}}
	go p.serve()
	return p, nil
}

func (p *Proxy) serve() {
	for {
		in, err := p.l.Accept()
		if err != nil {
			return
		}
		out, err := net.Dial("tcp", p.to)
		if err != nil {
			in.Close()
			continue
		}
		p.mu.Lock()
		p.conn[in], p.conn[out] = true, true
		p.mu.Unlock()
		pipe := func(a, b net.Conn) {
			_, _ = io.Copy(a, b)
			a.Close()
			b.Close()
			p.mu.Lock()
			delete(p.conn, a)
			delete(p.conn, b)
			p.mu.Unlock()
		}
		go pipe(in, out)
		go pipe(out, in)
	}
}

// Cut closes every open connection (clients reconnect through the proxy)
// and returns how many there were.
func (p *Proxy) Cut() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for c := range p.conn {
		c.Close()
		n++
	}
	p.cuts += n
	return n / 2
}

// Close stops the proxy and cuts what is open.
func (p *Proxy) Close() {
	p.l.Close()
	p.Cut()
}

// Kubeconfig writes a copy of kubeconfig whose server is the proxy.
func (p *Proxy) Kubeconfig(kubeconfig string) (string, error) {
	cfg, err := clientcmd.LoadFromFile(kubeconfig)
	if err != nil {
		return "", err
	}
	for _, cl := range cfg.Clusters {
		cl.Server = "https://" + p.Addr
	}
	out := kubeconfig + ".proxy"
	return out, clientcmd.WriteToFile(*cfg, out)
}
