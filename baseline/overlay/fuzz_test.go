package overlay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

// FuzzOverlayPatch feeds arbitrary bytes to the overlay reader and writer.
// Whatever comes in: no panic; a file that is refused stays byte for byte
// what it was; a file that is written parses as an overlay carrying the
// proposed values, with no temporary file left behind.
func FuzzOverlayPatch(f *testing.F) {
	addOverlayFixtures(f)
	f.Add([]byte("spec:\n  validation:\n    performance:\n      constraints:\n      - name: inference-throughput\n        value: '>= 1'\n"))
	f.Add([]byte("spec:\n  a: 1\n# knee:begin\n# knee:end\n"))
	f.Add([]byte("kind: RecipeMetadata\nspec: {validation: {performance: {}}}\n"))
	f.Add([]byte("spec:\n  validation:\n    performance:\n      checks: [x]\n      constraints:\n        - name: inference-ttft-p99\n          value: |\n            <= 1\n"))
	rec := gb300()
	f.Fuzz(func(t *testing.T, src []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "overlay.yaml")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		o, err := Read(path)
		if err != nil {
			return
		}
		written, err := Write(o, rec)
		got, rerr := os.ReadFile(path)
		if rerr != nil {
			t.Fatal(rerr)
		}
		if err != nil || !written {
			if !bytes.Equal(got, src) {
				t.Fatalf("file changed although nothing was written (err %v)", err)
			}
		} else {
			o2, err := Parse(path, got)
			if err != nil {
				t.Fatalf("written file does not parse: %v\n%s", err, got)
			}
			for _, c := range rec.Constraints {
				if v, _ := o2.Current(c.Name); v != c.Value {
					t.Fatalf("%s = %q after write, want %q", c.Name, v, c.Value)
				}
			}
		}
		if es, _ := os.ReadDir(dir); len(es) != 1 {
			t.Fatalf("%d files in the folder, want only the overlay", len(es))
		}
	})
}

// FuzzOverlaySplice is FuzzOverlayPatch without the file system (no fsync
// per input, so it explores far more inputs): whenever Patch plans an edit,
// the spliced bytes must pass verification — the original tree with exactly
// the proposed changes. A failure here is a patcher bug that Write
// would have caught and refused to write.
func FuzzOverlaySplice(f *testing.F) {
	addOverlayFixtures(f)
	f.Add([]byte("spec:\n  validation:\n    performance:\n      constraints:\n      - name: inference-throughput\n        value: '>= 1'\n"))
	f.Add([]byte("spec:\n   validation:\n      performance:\n         constraints:\n         -  name: inference-model\n            value: m # c\n"))
	f.Add([]byte("spec:\n  x: 1\n  validation:\n    conformance:\n      checks:\n      - a\n"))
	rec := gb300()
	f.Fuzz(func(t *testing.T, src []byte) {
		o, err := Parse("overlay.yaml", src)
		if err != nil {
			return
		}
		out, err := o.Patch(rec)
		if err != nil {
			return
		}
		if err := o.verify(out, rec); err != nil {
			t.Fatalf("patch does not verify: %v\n--- in\n%s\n--- out\n%s", err, src, out)
		}
	})
}

// addOverlayFixtures seeds a fuzz target with the two real GB300 overlays.
func addOverlayFixtures(f *testing.F) {
	for _, rel := range []string{gb300Overlay, gb300OverlayNoPerf} {
		b, err := os.ReadFile(fixtures.Path(rel))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// BenchmarkPatchGB300 is one --write without the file system: parse, plan
// the splice, and verify the result against the original.
func BenchmarkPatchGB300(b *testing.B) {
	src, err := os.ReadFile(fixtures.Path(gb300Overlay))
	if err != nil {
		b.Fatal(err)
	}
	rec := gb300()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		o, err := Parse("overlay.yaml", src)
		if err != nil {
			b.Fatal(err)
		}
		out, err := o.Patch(rec)
		if err != nil {
			b.Fatal(err)
		}
		if err := o.verify(out, rec); err != nil {
			b.Fatal(err)
		}
	}
}
