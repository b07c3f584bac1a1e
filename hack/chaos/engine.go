package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// ladder is every engine scenario's sweep: five levels, no early stop, so
// "complete" means five stored levels whatever the simulated numbers are.
var ladder = []string{"8", "16", "32", "64", "128"}

// documented are the exit codes docs/DESIGN.md gives a sweep: 0 ok,
// 1 runtime error (a failed level, a full disk), 130/143 interrupted.
var documented = map[int]bool{0: true, 1: true, 130: true, 143: true}

// engine runs the sweep-engine faults against `knee simserver`.
type engine struct {
	knee string
	work string
	rng  *rand.Rand
	log  func(format string, args ...any)
	// as runs knee as another user (nil: as the campaign itself).
	as *syscall.Credential
}

// sim is one simulated server process.
type sim struct {
	cmd  *exec.Cmd
	addr string
	done chan struct{}
}

func (e *engine) startSim(addr string, faults ...string) (*sim, error) {
	if addr == "" {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		addr = l.Addr().String()
		l.Close()
	}
	// time-scale 0.2: a level takes a few hundred ms, so random kills land
	// inside levels as well as between them.
	args := []string{"simserver", "--addr", addr, "--time-scale", "0.2", "--seed", "7"}
	for _, f := range faults {
		args = append(args, "--fault", f)
	}
	cmd := exec.Command(e.knee, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &sim{cmd: cmd, addr: addr, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(s.done) }()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return s, nil
		}
		select {
		case <-s.done:
			return nil, fmt.Errorf("simserver %v exited at start", faults)
		case <-time.After(50 * time.Millisecond):
		}
	}
	s.kill()
	return nil, fmt.Errorf("simserver did not listen on %s", addr)
}

func (s *sim) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGCONT)
	_ = s.cmd.Process.Kill()
	<-s.done
}

func (e *engine) sweepArgs(s *sim, out string, extra ...string) []string {
	return append([]string{"sweep", "--endpoint", "http://" + s.addr, "--gpus", "4", "--model", "sim-llm",
		"--per-gpu", strings.Join(ladder, ","), "--output-tokens", "16", "--min-requests", "100",
		"--requests-per-concurrency", "2", "--stop-past-knee=false", "--request-timeout", "3s", "--out", out}, extra...)
}

// run is one knee process; it is killed at the context's end.
type run struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	done   chan struct{}
	code   int
}

func (e *engine) start(ctx context.Context, args ...string) (*run, error) {
	r := &run{done: make(chan struct{})}
	r.cmd = exec.CommandContext(ctx, e.knee, args...)
	r.cmd.Stderr = &r.stderr
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Credential: e.as}
	if err := r.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		err := r.cmd.Wait()
		r.code = exitCode(err)
		close(r.done)
	}()
	return r, nil
}

// exitCode is the process's code; -N when signal N ended it.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return -int(ws.Signal())
		}
		return ee.ExitCode()
	}
	if err != nil {
		return -1000
	}
	return 0
}

func (e *engine) runKnee(timeout time.Duration, args ...string) (int, string) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	r, err := e.start(ctx, args...)
	if err != nil {
		return -1000, err.Error()
	}
	<-r.done
	return r.code, r.stderr.String()
}

// finished are the levels stored as measured: folder → hash of point.json.
func finished(dir string) map[string][32]byte {
	out := map[string][32]byte{}
	files, _ := filepath.Glob(filepath.Join(dir, "levels", "*", "point.json"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var p struct {
			Status string `json:"status"`
		}
		if json.Unmarshal(b, &p) == nil && p.Status == "ok" {
			out[filepath.Base(filepath.Dir(f))] = sha256.Sum256(b)
		}
	}
	return out
}

// lost counts levels finished before a fault whose point.json is gone or changed after it.
func lost(before, after map[string][32]byte) int {
	n := 0
	for k, h := range before {
		if a, ok := after[k]; !ok || a != h {
			n++
		}
	}
	return n
}

// resume runs --resume until the sweep has every level (at most three
// tries: a resumed level can meet the same fault again).
func (e *engine) resume(dir string) (bool, string) {
	var last string
	for i := 0; i < 3; i++ {
		code, stderr := e.runKnee(2*time.Minute, "sweep", "--resume", dir)
		last = fmt.Sprintf("resume exit %d: %s", code, tail(stderr, 3))
		if code == 0 && len(finished(dir)) == len(ladder) {
			return true, ""
		}
		if code == 2 {
			break
		}
	}
	return false, last
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// waitLevels blocks until n levels are finished in dir or the run ends.
func waitLevels(r *run, dir string, n int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if len(finished(dir)) >= n {
			return true
		}
		select {
		case <-r.done:
			return len(finished(dir)) >= n
		case <-time.After(20 * time.Millisecond):
		}
	}
	return false
}

// outcome of one run of a scenario.
type outcome struct {
	survived bool
	lost     int
	note     string
	// done is how many levels were finished when the fault struck.
	done int
}

// judge: survived when knee's exit is documented (or is our own kill),
// the folder resumes to the full ladder, and no finished level was lost.
func (e *engine) judge(dir string, code int, killed bool, before map[string][32]byte) outcome {
	o := outcome{}
	if !documented[code] && !(killed && code == -int(syscall.SIGKILL)) {
		o.note = fmt.Sprintf("undocumented exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "plan.json")); err != nil && len(before) == 0 {
		// Killed before the plan was stored: nothing was measured, and a
		// fresh sweep into a new folder is the way on.
		o.survived = o.note == ""
		o.note = strings.TrimSpace(o.note + " killed before plan.json; nothing to resume")
		return o
	}
	ok, why := e.resume(dir)
	o.lost = lost(before, finished(dir))
	o.survived = ok && o.note == "" && o.lost == 0
	if !ok {
		o.note = strings.TrimSpace(o.note + " " + why)
	}
	return o
}

// killNine: SIGKILL knee at a random moment of a sweep, then --resume.
func (e *engine) killNine(runs int) ([]outcome, error) {
	s, err := e.startSim("")
	if err != nil {
		return nil, err
	}
	defer s.kill()
	// How long an undisturbed sweep takes bounds the kill points.
	ref := filepath.Join(e.work, "kill-ref")
	t0 := time.Now()
	if code, stderr := e.runKnee(2*time.Minute, e.sweepArgs(s, ref)...); code != 0 {
		return nil, fmt.Errorf("reference sweep: exit %d: %s", code, tail(stderr, 5))
	}
	full := time.Since(t0)
	e.log("kill -9: an undisturbed sweep takes %s", full.Round(time.Millisecond))
	var outs []outcome
	for i := 0; i < runs; i++ {
		dir := filepath.Join(e.work, fmt.Sprintf("kill-%d", i))
		at := time.Duration(e.rng.Int64N(int64(full)))
		r, err := e.start(context.Background(), e.sweepArgs(s, dir)...)
		if err != nil {
			return nil, err
		}
		killed := false
		select {
		case <-r.done:
		case <-time.After(at):
			_ = r.cmd.Process.Kill()
			killed = true
			<-r.done
		}
		before := finished(dir)
		o := e.judge(dir, r.code, killed, before)
		o.done = len(before)
		e.log("kill -9 #%d at %s: %d level(s) done, exit %d, survived %v %s", i, at.Round(time.Millisecond), len(before), r.code, o.survived, o.note)
		outs = append(outs, o)
	}
	return outs, nil
}

// midLevel starts a sweep, waits for two finished levels, applies the
// fault, lets knee end (or kills it after 60 s), heals, and resumes.
func (e *engine) midLevel(name string, s *sim, dir string, fault, heal func() error, extra ...string) (outcome, error) {
	r, err := e.start(context.Background(), e.sweepArgs(s, dir, extra...)...)
	if err != nil {
		return outcome{}, err
	}
	if !waitLevels(r, dir, 2, time.Minute) {
		_ = r.cmd.Process.Kill()
		<-r.done
		return outcome{note: "two levels never finished: " + tail(r.stderr.String(), 3)}, nil
	}
	if err := fault(); err != nil {
		_ = r.cmd.Process.Kill()
		<-r.done
		return outcome{}, err
	}
	killed := false
	select {
	case <-r.done:
	case <-time.After(60 * time.Second):
		// A sweep that neither ends nor fails is a hang, not a survival.
		_ = r.cmd.Process.Kill()
		<-r.done
		killed = true
	}
	before := finished(dir)
	if err := heal(); err != nil {
		return outcome{}, err
	}
	o := e.judge(dir, r.code, false, before)
	if killed {
		o.survived = false
		o.note = strings.TrimSpace("hung 60 s after the fault " + o.note)
	}
	e.log("%s: exit %d (%s), %d level(s) kept, survived %v %s", name, r.code, tail(r.stderr.String(), 2), len(before), o.survived, o.note)
	return o, nil
}

// serverKilled: kill -9 the server mid-sweep, start it again, --resume.
func (e *engine) serverKilled() (outcome, error) {
	s, err := e.startSim("")
	if err != nil {
		return outcome{}, err
	}
	defer s.kill() // the restarted server: heal replaces *s
	addr := s.addr
	return e.midLevel("server killed", s, filepath.Join(e.work, "server-killed"),
		func() error { s.kill(); return nil },
		func() error {
			ns, err := e.startSim(addr)
			if err == nil {
				*s = *ns
			}
			return err
		})
}

// serverStalled: SIGSTOP the server mid-sweep (it accepts connections and
// answers nothing), SIGCONT it after knee gave up, --resume.
func (e *engine) serverStalled() (outcome, error) {
	s, err := e.startSim("")
	if err != nil {
		return outcome{}, err
	}
	defer s.kill()
	return e.midLevel("server stalled", s, filepath.Join(e.work, "server-stalled"),
		func() error { return s.cmd.Process.Signal(syscall.SIGSTOP) },
		func() error { return s.cmd.Process.Signal(syscall.SIGCONT) })
}

// bursts: a server answering bursts of 503 or 429 for the whole sweep;
// then the same folder resumed against a healthy one on the same address.
func (e *engine) burst(status string) (outcome, error) {
	s, err := e.startSim("", status+":every=40/burst=10")
	if err != nil {
		return outcome{}, err
	}
	dir := filepath.Join(e.work, "burst-"+status)
	code, stderr := e.runKnee(2*time.Minute, e.sweepArgs(s, dir)...)
	before := finished(dir)
	addr := s.addr
	s.kill()
	healthy, err := e.startSim(addr)
	if err != nil {
		return outcome{}, err
	}
	defer healthy.kill()
	o := e.judge(dir, code, false, before)
	e.log("%s bursts: exit %d (%s), %d level(s) kept, survived %v %s", status, code, tail(stderr, 2), len(before), o.survived, o.note)
	return o, nil
}
