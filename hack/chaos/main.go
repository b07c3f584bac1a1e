// Command chaos is knee's fault campaign (`make chaos`): it runs real
// sweeps of the knee binary against the simulated server while it breaks
// things — kill -9 of knee at random moments, the server killed, stalled
// or answering bursts of 503 and 429, the disk full, the results folder
// turned read-only — and then the control-plane faults of
// test/integration/chaos_test.go on the real kube-apiserver, etcd,
// controller-manager, scheduler and kwok. Everything listens on 127.0.0.1.
//
// A run survived when knee exited with a documented code (0, 1, 130, 143,
// or the SIGKILL the campaign sent), `knee sweep --resume` brought the
// folder to the full ladder, and no level finished before the fault was
// lost (its point.json gone or changed). It prints a markdown table and
// exits 1 when any run did not survive, lost a level or left an object.
//
//	go run ./hack/chaos -kills 12
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// row is one line of the table.
type row struct {
	Fault    string `json:"fault"`
	Runs     int    `json:"runs"`
	Survived int    `json:"survived"`
	Lost     int    `json:"lost"`
	Orphans  int    `json:"orphans"`
	Note     string `json:"note,omitempty"`
}

func main() {
	kills := flag.Int("kills", 10, "random kill -9 points of knee during a sweep")
	diskPoints := flag.Int("disk-points", 6, "disk-full points (free space 0, 16 KiB, 32 KiB …)")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the kill points")
	kube := flag.Bool("kube", true, "run the control-plane faults (go test -tags integration -run Chaos ./test/integration/)")
	engineOnly := flag.Bool("engine", true, "run the sweep-engine faults")
	flag.Parse()
	start := time.Now()
	rows, err := campaign(*kills, *diskPoints, *seed, *kube, *engineOnly)
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
	fmt.Printf("\n| fault | runs | survived | levels lost | orphaned objects |\n|---|---:|---:|---:|---:|\n")
	bad := false
	for _, r := range rows {
		fault := r.Fault
		if r.Note != "" {
			fault += " (" + r.Note + ")"
		}
		fmt.Printf("| %s | %d | %d | %d | %d |\n", fault, r.Runs, r.Survived, r.Lost, r.Orphans)
		if r.Lost > 0 || r.Orphans > 0 || r.Survived < r.Runs {
			bad = true
		}
	}
	fmt.Printf("\nseed %d, %s on %s\n", *seed, time.Since(start).Round(time.Second), hostCPUs())
	if bad {
		fmt.Println("FAIL: a run did not survive, lost a level or left an object")
		os.Exit(1)
	}
}

func hostCPUs() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%d CPUs", strings.Count(string(b), "processor\t:"))
}

func campaign(kills, diskPoints int, seed uint64, kube, engineFaults bool) ([]row, error) {
	work, err := os.MkdirTemp("", "knee-chaos-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	knee := filepath.Join(work, "knee")
	build := exec.Command("go", "build", "-o", knee, "./cmd/knee")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("build knee: %w", err)
	}
	logf := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "chaos: "+format+"\n", args...) }
	e := &engine{knee: knee, work: work, rng: rand.New(rand.NewPCG(seed, 1)), log: logf}

	var t table
	if engineFaults {
		if err := t.engineFaults(e, kills, diskPoints); err != nil {
			return nil, err
		}
	}
	if kube {
		kr, err := controlPlane(work)
		if err != nil {
			return nil, err
		}
		t.rows = append(t.rows, kr...)
	}
	return t.rows, nil
}

// table collects the report's rows, one per fault.
type table struct{ rows []row }

// add is the row of one fault's runs: how many survived, how much was lost.
func (t *table) add(fault string, outs []outcome) {
	r := row{Fault: fault, Runs: len(outs)}
	for _, o := range outs {
		if o.survived {
			r.Survived++
		}
		r.Lost += o.lost
	}
	t.rows = append(t.rows, r)
}

// engineFaults runs the faults of knee's own process, its server and its
// disk, each followed by --resume.
func (t *table) engineFaults(e *engine, kills, diskPoints int) error {
	outs, err := e.killNine(kills)
	if err != nil {
		return fmt.Errorf("kill -9: %w", err)
	}
	t.add("kill -9 of knee at a random point, then --resume", outs)
	// How many kills found how many levels finished (count×levels).
	t.rows[len(t.rows)-1].Note = "levels finished at the kill: " + killHistogram(outs)
	for _, sc := range []struct {
		name string
		f    func() (outcome, error)
	}{
		{"server killed mid-sweep (kill -9), restarted, --resume", e.serverKilled},
		{"server stalled mid-sweep (SIGSTOP), --resume", e.serverStalled},
		{"503 bursts (10 of every 40 requests), --resume", func() (outcome, error) { return e.burst("503") }},
		{"429 bursts (10 of every 40 requests), --resume", func() (outcome, error) { return e.burst("429") }},
	} {
		o, err := sc.f()
		if err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
		t.add(sc.name, []outcome{o})
	}
	t.diskFaults(e, diskPoints)
	return nil
}

// killHistogram says how many kills found how many levels finished, as
// count×levels.
func killHistogram(outs []outcome) string {
	hist := make([]int, len(ladder)+1)
	for _, o := range outs {
		hist[o.done]++
	}
	var at []string
	for n, k := range hist {
		if k > 0 {
			at = append(at, fmt.Sprintf("%d×%d", k, n))
		}
	}
	return strings.Join(at, ", ")
}

// diskFaults runs a full disk and a read-only results folder; one the
// machine cannot set up is a skipped row.
func (t *table) diskFaults(e *engine, diskPoints int) {
	var free []int
	for i := 0; i < diskPoints; i++ {
		free = append(free, i*16<<10)
	}
	outs, err := e.diskFull(free)
	if err != nil {
		t.rows = append(t.rows, row{Fault: "disk full (tmpfs), --resume", Note: "skipped: " + err.Error()})
	} else {
		t.add("disk full (tmpfs, 0 to "+fmt.Sprint((diskPoints-1)*16)+" KiB free), --resume", outs)
	}
	o, err := e.readOnly()
	if err != nil {
		t.rows = append(t.rows, row{Fault: "read-only results folder, --resume", Note: "skipped: " + err.Error()})
	} else {
		t.add("results folder turned read-only mid-sweep (chmod a-w, knee as nobody), --resume", []outcome{o})
	}
}

// controlPlane runs the integration tests named Chaos; each appends its
// row to the file in KNEE_CHAOS_REPORT.
func controlPlane(work string) ([]row, error) {
	dir := os.Getenv("KNEE_TESTBED_DIR")
	if dir == "" {
		out, err := exec.Command("hack/testbed/build.sh").Output()
		if err != nil {
			return nil, fmt.Errorf("hack/testbed/build.sh: %w", err)
		}
		dir = strings.TrimSpace(string(out))
	}
	report := filepath.Join(work, "kube-chaos.jsonl")
	cmd := exec.Command("go", "test", "-tags", "integration", "-count=1", "-timeout", "10m", "-run", "Chaos", "-v", "./test/integration/")
	cmd.Env = append(os.Environ(), "KNEE_TESTBED_DIR="+dir, "KNEE_CHAOS_REPORT="+report)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	testErr := cmd.Run()
	f, err := os.Open(report)
	if err != nil {
		return nil, fmt.Errorf("control-plane faults wrote no report (go test: %v)", testErr)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	if testErr != nil && len(rows) == 0 {
		return nil, fmt.Errorf("control-plane faults: %v", testErr)
	}
	if testErr != nil {
		rows = append(rows, row{Fault: "control-plane tests", Runs: 1, Note: "go test failed: " + testErr.Error()})
	}
	return rows, nil
}
