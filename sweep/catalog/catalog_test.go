package catalog

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

const good = `leaves:
  - leaf: gb300-eks-ubuntu-inference-dynamo
    kubeconfig: ~/.kube/config
    context: gb300-eks
    namespace: dynamo
    service: dynamo-frontend:8000
    gpus: 4
    model: Qwen/Qwen3-8B
    per_gpu: [64, 128, 256]
    harness: aiperf
  - leaf: h100-gke-cos-inference-dynamo
    kubeconfig: kc/gke.yaml
    context: h100-gke
    endpoint: http://frontend.dynamo:8000
    ladder: "16:1024:x2"
    harness: inference-perf
    image: registry.example/ip:v0.6.1
    flags: ["--min-requests=500", "--keep"]
  - leaf: b200-gke
    service: fe
    search: true
`

func TestParseCatalog(t *testing.T) {
	p, err := Parse("/plans/plan.yaml", []byte(good), "/home/me")
	require.NoError(t, err)
	require.Len(t, p.Leaves, 3)
	require.Equal(t, []string{
		"--kubeconfig=/home/me/.kube/config", "--context=gb300-eks", "--namespace=dynamo", "--service=dynamo-frontend:8000",
		"--gpus=4", "--model=Qwen/Qwen3-8B", "--harness=aiperf", "--per-gpu=64,128,256",
	}, p.Leaves[0].Args())
	require.Equal(t, 2, p.Leaves[0].Line)
	require.Equal(t, []string{
		"--kubeconfig=/plans/kc/gke.yaml", "--context=h100-gke", "--endpoint=http://frontend.dynamo:8000",
		"--harness=inference-perf", "--image=registry.example/ip:v0.6.1", "--ladder=16:1024:x2", "--min-requests=500", "--keep",
	}, p.Leaves[1].Args())
	require.Equal(t, []string{"--service=fe", "--search=true"}, p.Leaves[2].Args())
	require.Equal(t, "min-requests", FlagName("--min-requests=500"))
	require.Equal(t, "keep", FlagName("--keep"))
}

// Every bad catalog names the file, the line, the leaf and the key.
func TestParseCatalogErrors(t *testing.T) {
	for _, tc := range []struct{ name, yaml, want string }{
		{"not yaml", "leaves: [unclosed\n", "p.yaml: not YAML"},
		{"empty", "", "p.yaml: leaves: the catalog is empty"},
		{"not a mapping", "- leaf: a\n", "p.yaml:1: must be a mapping with a leaves: list"},
		{"unknown top key", "leaves: []\ndefaults: {}\n", "p.yaml:2: defaults: unknown key (the catalog has only leaves:)"},
		{"unknown top key first", "defaults: {}\nleaves: []\n", "p.yaml:1: defaults: unknown key"},
		{"empty list", "leaves: []\n", "p.yaml:1: leaves: must be a non-empty list of leaves"},
		{"leaf not a mapping", "leaves:\n  - a\n", "p.yaml:2: leaves[0]: must be a mapping"},
		{"no leaf name", "leaves:\n  - context: x\n", "p.yaml:2: leaves[0].leaf: every entry needs leaf: NAME"},
		{"unknown keys", "leaves:\n  - leaf: a\n    sevice: s\n    gpu: 4\n", "p.yaml:2: a: unknown key(s) sevice, gpu; a leaf has leaf, kubeconfig"},
		{"duplicate leaf", "leaves:\n  - leaf: a\n  - leaf: b\n  - leaf: A\n", "p.yaml:4: A.leaf: duplicate leaf (first at line 2)"},
		{"key twice", "leaves:\n  - leaf: a\n    context: x\n    context: y\n", "p.yaml:4: leaves[0].context: given twice"},
		{"leaves twice", "leaves:\n  - leaf: a\nleaves:\n  - leaf: b\n", "p.yaml:3: leaves: given twice (first at line 1); put every leaf in one leaves: list"},
		{"leaf with slash", "leaves:\n  - leaf: ../etc\n", `p.yaml:2: ../etc.leaf: "../etc" cannot name a folder`},
		{"leaf hidden", "leaves:\n  - leaf: .x\n", `p.yaml:2: .x.leaf: ".x" cannot name a folder`},
		{"gpus not a number", "leaves:\n  - leaf: a\n    gpus: four\n", `p.yaml:3: a.gpus: must be a positive integer (leave it out to discover the node's GPUs), got "four"`},
		{"gpus zero", "leaves:\n  - leaf: a\n    gpus: 0\n", `p.yaml:3: a.gpus: must be a positive integer`},
		{"context a list", "leaves:\n  - leaf: a\n    context: [x]\n", "p.yaml:3: a.context: must be a string"},
		{"search not bool", "leaves:\n  - leaf: a\n    search: yes please\n", `p.yaml:3: a.search: must be true or false, got "yes please"`},
		{"per_gpu decreasing", "leaves:\n  - leaf: a\n    per_gpu: [64, 32]\n", "p.yaml:3: a.per_gpu: levels must increase: 32 after 64"},
		{"per_gpu not ints", "leaves:\n  - leaf: a\n    per_gpu: [64, x]\n", `p.yaml:3: a.per_gpu: "x" is not an integer`},
		{"per_gpu empty", "leaves:\n  - leaf: a\n    per_gpu: []\n", "p.yaml:3: a.per_gpu: an empty list"},
		{"per_gpu string bad", "leaves:\n  - leaf: a\n    per_gpu: \"64,-1\"\n", `p.yaml:3: a.per_gpu: "-1" is not a positive integer`},
		{"ladder bad", "leaves:\n  - leaf: a\n    ladder: 16-1024\n", `p.yaml:3: a.ladder: "16-1024" is not START:END:STEP`},
		{"per_gpu and ladder", "leaves:\n  - leaf: a\n    per_gpu: [8]\n    ladder: 8:64:x2\n", "p.yaml:4: a.ladder: give per_gpu or ladder, not both"},
		{"service and endpoint", "leaves:\n  - leaf: a\n    service: s\n    endpoint: http://x\n", "p.yaml:4: a.endpoint: give service or endpoint, not both"},
		{"flags not a list", "leaves:\n  - leaf: a\n    flags: --keep\n", "p.yaml:3: a.flags: must be a list of knee sweep flags"},
		{"flag not a flag", "leaves:\n  - leaf: a\n    flags: [keep]\n", `p.yaml:3: a.flags: "keep" is not --name=value`},
		{"flag reserved", "leaves:\n  - leaf: a\n    flags: [\"--out=x\"]\n", "p.yaml:3: a.flags: --out cannot be given here: the catalog puts each leaf in DIR/<leaf>"},
		{"flag runner", "leaves:\n  - leaf: a\n    flags: [\"--runner=local\"]\n", "p.yaml:3: a.flags: --runner cannot be given here"},
		{"flag and key", "leaves:\n  - leaf: a\n    image: x\n    flags: [\"--image=y\"]\n", "p.yaml:4: a.flags: --image and the key image say the same thing: give one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("p.yaml", []byte(tc.yaml), "/home/me")
			require.Error(t, err)
			var in *inputerr.Error
			require.True(t, errors.As(err, &in), "%v is bad input (exit 2)", err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestParseCatalogBounds(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadFile(filepath.Join(dir, "missing.yaml"))
	require.ErrorContains(t, err, "missing.yaml: --catalog: cannot read")
	b := []byte("leaves:\n")
	for i := 0; i <= MaxLeaves; i++ {
		b = append(b, []byte("  - leaf: l"+itoa(i)+"\n")...)
	}
	_, err = Parse("p.yaml", b, "")
	require.ErrorContains(t, err, "p.yaml:2: leaves: 1001 leaves; at most 1000")
	_, err = Parse("p.yaml", []byte("leaves:\n  - leaf: a\n    kubeconfig: ~/kc\n"), "")
	require.ErrorContains(t, err, `a.kubeconfig: "~/kc": no home folder`)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

// FuzzParse: any input is a plan or bad input (never a panic), and every
// leaf of a plan can name a folder.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("leaves:\n  - leaf: a\n    per_gpu: [1, 2]\n    flags: [\"--x=1\"]\n"))
	f.Add([]byte("leaves: [{leaf: a, gpus: 1, search: true}]"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := Parse("f.yaml", b, "/h")
		if err != nil {
			var in *inputerr.Error
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %v", err)
			}
			return
		}
		for _, l := range p.Leaves {
			if !leafName.MatchString(l.Name) || filepath.Base(l.Name) != l.Name {
				t.Fatalf("leaf %q cannot name a folder", l.Name)
			}
			_ = l.Args()
		}
	})
}

// runBounded fails the test when f does not return within 20 s: the reads
// below hung (a FIFO) or grew without end (/dev/zero) before.
func runBounded(t *testing.T, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatal("the read did not end: it waited on a FIFO or read a device without end")
		return nil
	}
}

// Every file a catalog makes knee read goes through the bounded reader:
// --catalog FIFO hung in os.Open; a leaf's kubeconfig: /dev/zero grew
// without end in client-go and a FIFO waited for a writer; catalog.json
// replaced by /dev/zero or a FIFO on resume did the same. Each is refused
// at once as bad input naming the file (and the leaf's field).
func TestCatalogReadsAreBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))

	err := runBounded(t, func() error { _, err := ReadFile(fifo); return err })
	require.ErrorContains(t, err, fifo+": --catalog: is a FIFO (named pipe), not a regular file")

	for _, k := range []string{"/dev/zero", fifo} {
		plan := filepath.Join(dir, "plan.yaml")
		require.NoError(t, os.WriteFile(plan, []byte("leaves:\n  - leaf: a\n    kubeconfig: "+k+"\n    gpus: 1\n    per_gpu: [8]\n"), 0o644))
		err := runBounded(t, func() error { _, err := ReadFile(plan); return err })
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), "%v", err)
		require.ErrorContains(t, err, "plan.yaml:3: a.kubeconfig: "+k+": is a ")
		require.ErrorContains(t, err, "not a regular file")
	}

	for _, k := range []string{"/dev/zero", fifo} {
		out := filepath.Join(t.TempDir(), "out")
		require.NoError(t, os.MkdirAll(out, 0o755))
		require.NoError(t, os.Symlink(k, filepath.Join(out, StateFile)))
		err := runBounded(t, func() error { _, err := LoadState(out); return err })
		require.ErrorContains(t, err, "not a regular file")
	}
}
