// Package local runs the Python harnesses (inference-perf, AIPerf) as local
// processes, one process per level (each harness's harness.Process says
// what to run and how to read it), so that stop-past-knee and resume work
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

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Options configure the runner.
type Options struct {
	// Harness names a harness that runs as a local process
	// (harness.ForProcess: inference-perf or aiperf).
	Harness string
	// Bin is the harness executable; "" looks up its usual name on PATH.
	Bin string
	// WorkDir is where each level's scratch folder is made ("" = the system
	// temp dir). Everything worth keeping is returned as raw output; the
	// scratch folder is removed.
	WorkDir string
	// Settings are the flags the harness reads (--workers, --request-timeout).
	Settings harness.Settings
	// Output, when set, also receives the tool's output as it runs.
	Output io.Writer
	// KillGrace is how long a cancelled tool gets to exit after SIGTERM
	// before it is killed (default 10 s).
	KillGrace time.Duration
}

// Executor runs one level as one harness process.
type Executor struct {
	opts    Options
	harness harness.Process
	bin     string
}

// New finds the harness executable. A missing one is a usage error (exit 2)
// with the ways out.
func New(opts Options) (*Executor, error) {
	h, err := harness.ForProcess(opts.Harness, opts.Settings)
	if err != nil {
		return nil, err
	}
	if opts.KillGrace <= 0 {
		opts.KillGrace = 10 * time.Second
	}
	name := opts.Bin
	if name == "" {
		name = h.Bin()
	}
	bin, err := exec.LookPath(name)
	if err != nil {
		return nil, inputerr.Errorf("flag", "--harness-bin", 0,
			"%s not found (%v); install it (pip install %s), pass its path with --harness-bin, or use --harness builtin, which needs no Python",
			name, unwrapExec(err), h.Bin())
	}
	return &Executor{opts: opts, harness: h, bin: bin}, nil
}

// Bin is the resolved executable.
func (e *Executor) Bin() string { return e.bin }

// RunLevel implements sweep.Executor: the harness's command in a scratch
// folder, its files, output and reports kept as raw output, its points
// parsed from them.
func (e *Executor) RunLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	work, err := os.MkdirTemp(e.opts.WorkDir, fmt.Sprintf("knee-level-%03d-", lvl.Index))
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	args, files, err := e.harness.Command(plan, lvl, work)
	if err != nil {
		return nil, err
	}
	res := &sweep.LevelResult{Harness: e.harness.Name(), Raw: map[string][]byte{}}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(work, name), b, 0o644); err != nil {
			return nil, err
		}
		res.Raw[name] = b
	}
	out, runErr := e.run(ctx, work, args...)
	res.Raw["stdout.log"] = out
	for _, sub := range e.harness.Outputs() {
		if err := collect(res.Raw, work, sub); err != nil {
			return res, err
		}
	}
	if runErr != nil {
		return res, runErr
	}
	if res.Points, res.HarnessVersion, err = e.harness.Parse(out, work, res.Raw, plan, lvl); err != nil {
		return res, err
	}
	return res, nil
}

// Staged implements sweep.StagedExecutor: a harness that runs this plan's
// levels as the stages of one process (inference-perf on a rate ladder).
func (e *Executor) Staged(plan sweep.Plan) bool {
	sp, ok := e.harness.(harness.StagedProcess)
	return ok && sp.Staged(plan)
}

// RunStages implements sweep.StagedExecutor: one process for the levels,
// one stage each, its points read back per stage. Every level keeps the
// run's raw output (the one config, log and report): each level folder
// shows the run it came from.
func (e *Executor) RunStages(ctx context.Context, plan sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error) {
	sp, ok := e.harness.(harness.StagedProcess)
	if !ok || !sp.Staged(plan) {
		return nil, fmt.Errorf("%s does not run these levels as stages of one run", e.harness.Name())
	}
	work, err := os.MkdirTemp(e.opts.WorkDir, fmt.Sprintf("knee-levels-%03d-", levels[0].Index))
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	args, files, err := sp.CommandStages(plan, levels, work)
	if err != nil {
		return nil, err
	}
	raw, out, runErr := e.runIn(ctx, work, args, files)
	results := make([]*sweep.LevelResult, len(levels))
	for i := range results {
		results[i] = &sweep.LevelResult{Harness: e.harness.Name(), Raw: raw}
	}
	if runErr != nil {
		return results, runErr
	}
	pts, version, err := sp.ParseStages(out, work, raw, plan, levels)
	if err != nil {
		return results, err
	}
	for i := range results {
		results[i].Points, results[i].HarnessVersion = pts[i:i+1], version
	}
	return results, nil
}

// runIn writes files into work, runs the tool there and collects its raw
// output: the files, stdout.log and its output folders.
func (e *Executor) runIn(ctx context.Context, work string, args []string, files map[string][]byte) (raw map[string][]byte, out []byte, err error) {
	raw = map[string][]byte{}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(work, name), b, 0o644); err != nil {
			return raw, nil, err
		}
		raw[name] = b
	}
	out, runErr := e.run(ctx, work, args...)
	raw["stdout.log"] = out
	for _, sub := range e.harness.Outputs() {
		if err := collect(raw, work, sub); err != nil {
			return raw, out, err
		}
	}
	return raw, out, runErr
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

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}
