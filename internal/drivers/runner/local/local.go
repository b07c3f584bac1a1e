// Package local runs the Python harnesses (inference-perf, AIPerf) as local
// processes, one process per level, so that stop-past-knee and resume work
// level by level. The tool's stdout and stderr are kept verbatim as the
// level's raw output, with the config or command and the report files.
package local

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/sweep"
)

// Options configure the runner.
type Options struct {
	// Harness is inferenceperf.Harness or aiperf.Harness.
	Harness string
	// Bin is the harness executable; "" looks up its usual name on PATH.
	Bin string
	// WorkDir is where each level's scratch folder is made ("" = the system
	// temp dir). Everything worth keeping is returned as raw output; the
	// scratch folder is removed.
	WorkDir string
	// InferencePerf tunes the inference-perf config.
	InferencePerf inferenceperf.Options
	// Output, when set, also receives the tool's output as it runs.
	Output io.Writer
	// KillGrace is how long a cancelled tool gets to exit after SIGTERM
	// before it is killed (default 10 s).
	KillGrace time.Duration
}

// Executor runs one level as one harness process.
type Executor struct {
	opts Options
	bin  string
}

// defaultBin is the executable name each harness installs.
func defaultBin(harness string) string {
	if harness == aiperf.Harness {
		return "aiperf"
	}
	return "inference-perf"
}

// New finds the harness executable. A missing one is a usage error (exit 2)
// with the ways out.
func New(opts Options) (*Executor, error) {
	if opts.Harness != inferenceperf.Harness && opts.Harness != aiperf.Harness {
		return nil, sweep.Inputf("flag", "--harness", 0, "the local runner runs inference-perf or aiperf, not %q", opts.Harness)
	}
	if opts.KillGrace <= 0 {
		opts.KillGrace = 10 * time.Second
	}
	name := opts.Bin
	if name == "" {
		name = defaultBin(opts.Harness)
	}
	bin, err := exec.LookPath(name)
	if err != nil {
		return nil, sweep.Inputf("flag", "--harness-bin", 0,
			"%s not found (%v); install it (pip install %s), pass its path with --harness-bin, or use --harness builtin, which needs no Python",
			name, unwrapExec(err), defaultBin(opts.Harness))
	}
	return &Executor{opts: opts, bin: bin}, nil
}

// Bin is the resolved executable.
func (e *Executor) Bin() string { return e.bin }

// RunLevel implements sweep.Executor.
func (e *Executor) RunLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	work, err := os.MkdirTemp(e.opts.WorkDir, fmt.Sprintf("knee-level-%03d-", lvl.Index))
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	if e.opts.Harness == aiperf.Harness {
		return e.runAIPerf(ctx, plan, lvl, work)
	}
	return e.runInferencePerf(ctx, plan, lvl, work)
}

func (e *Executor) runInferencePerf(ctx context.Context, plan sweep.Plan, lvl sweep.Level, work string) (*sweep.LevelResult, error) {
	ipo := e.opts.InferencePerf
	ipo.StoragePath = "report"
	cfg, err := inferenceperf.Config(plan, []sweep.Level{lvl}, ipo)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(work, "config.yaml"), cfg, 0o644); err != nil {
		return nil, err
	}
	res := &sweep.LevelResult{Harness: inferenceperf.Harness, Raw: map[string][]byte{"config.yaml": cfg}}
	out, runErr := e.run(ctx, work, "--config_file", "config.yaml")
	res.Raw["stdout.log"] = out
	if err := collect(res.Raw, work, "report"); err != nil {
		return res, err
	}
	if runErr != nil {
		return res, runErr
	}
	var pts []sweep.Point
	if bytes.Contains(out, []byte("=== START_STAGE_")) {
		pts, err = inferenceperf.Parse(out, "stdout.log", plan, []sweep.Level{lvl})
	} else {
		// Before v0.6 the stages are only in the report folder.
		pts, err = inferenceperf.ParseFile(filepath.Join(work, "report"), plan, []sweep.Level{lvl})
	}
	if err != nil {
		return res, fmt.Errorf("reading inference-perf's results: %w", err)
	}
	res.Points = pts
	res.HarnessVersion = versionIn(pts)
	return res, nil
}

func (e *Executor) runAIPerf(ctx context.Context, plan sweep.Plan, lvl sweep.Level, work string) (*sweep.LevelResult, error) {
	if err := aiperf.Check(plan); err != nil {
		return nil, err
	}
	artifacts := filepath.Join(work, "artifacts")
	args := aiperf.Args(plan, lvl, artifacts)
	res := &sweep.LevelResult{Harness: aiperf.Harness, Raw: map[string][]byte{
		"command.txt": []byte(defaultBin(aiperf.Harness) + " " + strings.Join(args, " ") + "\n"),
	}}
	out, runErr := e.run(ctx, work, args...)
	res.Raw["stdout.log"] = out
	if err := collect(res.Raw, work, "artifacts"); err != nil {
		return res, err
	}
	if runErr != nil {
		return res, runErr
	}
	export, ok := res.Raw["artifacts/"+aiperf.ExportFile]
	if !ok {
		return res, fmt.Errorf("aiperf exited 0 but wrote no %s; last output:\n%s", aiperf.ExportFile, tail(out, 10))
	}
	pt, err := aiperf.Parse(export, aiperf.ExportFile, plan, lvl)
	if err != nil {
		return res, fmt.Errorf("reading aiperf's export: %w", err)
	}
	if pt.Cancelled {
		return res, errors.New("aiperf reports the run as cancelled (was_cancelled): its numbers are partial")
	}
	res.Points = []sweep.Point{pt}
	return res, nil
}

// run starts the tool in its own process group (the Python harnesses fork
// workers) and returns stdout and stderr interleaved as written. On ctx
// cancellation the whole group gets SIGTERM, then SIGKILL after KillGrace.
func (e *Executor) run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	var buf bytes.Buffer
	var w io.Writer = &buf
	if e.opts.Output != nil {
		w = io.MultiWriter(&buf, e.opts.Output)
	}
	cmd := exec.CommandContext(ctx, e.bin, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = w, w // one writer: Go serialises the two streams
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = e.opts.KillGrace
	err := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // leftover workers
	}
	if ctx.Err() != nil {
		return buf.Bytes(), ctx.Err()
	}
	if err != nil {
		return buf.Bytes(), fmt.Errorf("%s failed: %v; last output:\n%s", filepath.Base(e.bin), err, tail(buf.Bytes(), 10))
	}
	return buf.Bytes(), nil
}

// collect adds every file under work/sub to raw as "sub/…".
func collect(raw map[string][]byte, work, sub string) error {
	root := filepath.Join(work, sub)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(work, p)
		raw[filepath.ToSlash(rel)] = b
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func tail(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// versionIn takes the harness version Parse put into the point sources.
func versionIn(pts []sweep.Point) string {
	for _, p := range pts {
		if i := strings.Index(p.Source, "("+inferenceperf.Harness+" "); i >= 0 {
			v := strings.TrimSuffix(p.Source[i+len(inferenceperf.Harness)+2:], ")")
			return v
		}
	}
	return ""
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}
