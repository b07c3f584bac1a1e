package builtin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/boundedio"
)

// Bounds of a lengths file (--input-dist file:PATH): a million lengths is
// far more than a sweep samples.
const (
	maxLengthsBytes = 16 << 20
	maxLengthsLines = 1_000_000
)

// Workload is a sweep.Workload with its files read: the lengths and
// prompts the harness samples each level's requests from.
type Workload struct {
	spec sweep.Workload
	// inLens and outLens are a lengths file's columns (outLens only for a
	// two-column file, whose lines pair an input with an output length);
	// outFile is --output-dist's own file.
	inLens, outLens, outFile []int
	prompts                  []datasetPrompt
}

// Spec is the workload as recorded in plan.json and sweep.json: the
// files' SHA-256, format and size filled in.
func (w *Workload) Spec() *sweep.Workload {
	s := w.spec
	if s.Dataset != nil {
		d := *s.Dataset
		s.Dataset = &d
	}
	if s.SharedPrefix != nil {
		p := *s.SharedPrefix
		s.SharedPrefix = &p
	}
	return &s
}

// PrepareWorkload reads the files spec names (bounded; bad content is exit
// 2 naming the file and line or entry) and checks them against the SHA-256
// spec recorded, if any: a resumed sweep whose dataset changed would send
// other requests than its first levels did.
func PrepareWorkload(spec sweep.Workload) (*Workload, error) {
	w := &Workload{spec: spec}
	for _, c := range []error{spec.Input.Check("workload.input"), spec.Output.Check("workload.output"), spec.SharedPrefix.Check()} {
		if c != nil {
			return nil, c
		}
	}
	var err error
	if spec.Input.Kind == sweep.DistFile {
		if w.inLens, w.outLens, err = readLengths(&w.spec.Input, "--input-dist"); err != nil {
			return nil, err
		}
		if w.spec.Input.Paired {
			// The file's second column is the output length: recorded so.
			w.spec.Output = w.spec.Input
		}
	}
	if spec.Output.Kind == sweep.DistFile && !w.spec.Input.Paired {
		if w.outFile, _, err = readLengths(&w.spec.Output, "--output-dist"); err != nil {
			return nil, err
		}
		if w.spec.Output.Paired {
			return nil, inputerr.Errorf(spec.Output.File, "--output-dist", 0, "has two columns (input and output lengths): give it as --input-dist file:%s", spec.Output.File)
		}
	}
	if spec.Dataset != nil {
		prompts, format, digest, err := readDataset(spec.Dataset.File)
		if err != nil {
			return nil, err
		}
		if want := spec.Dataset.SHA256; want != "" && digest != want {
			return nil, inputerr.Errorf(spec.Dataset.File, "--dataset", 0, "the file changed since the sweep started (sha256 %s there, %s now): resume with the file as it was, or start a new --out folder", want, digest)
		}
		w.prompts = prompts
		w.spec.Dataset = &sweep.DataFile{File: spec.Dataset.File, SHA256: digest, Format: format, Entries: len(prompts)}
	}
	return w, nil
}

// readDataset streams a --dataset file through the parser and its digest
// at once: bounded by its size before a byte is read, and never held whole
// beside the prompts it yields.
func readDataset(path string) (prompts []datasetPrompt, format, digest string, err error) {
	f, st, err := boundedio.OpenRegular(path)
	if err != nil {
		return nil, "", "", err
	}
	defer f.Close()
	if st.Size() > maxDatasetBytes {
		return nil, "", "", boundedio.TooLarge(path, maxDatasetBytes)
	}
	h := sha256.New()
	lr := &io.LimitedReader{R: f, N: maxDatasetBytes + 1}
	in := io.TeeReader(lr, h)
	if prompts, format, err = parseDatasetFrom(path, in); err != nil {
		return nil, "", "", err
	}
	// The digest covers the whole file, trailing white space included.
	if _, err := io.Copy(io.Discard, in); err != nil {
		return nil, "", "", boundedio.CannotRead(path, err)
	}
	if lr.N <= 0 {
		return nil, "", "", boundedio.TooLarge(path, maxDatasetBytes) // it grew while read
	}
	return prompts, format, hex.EncodeToString(h.Sum(nil)), nil
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func checkSHA(path, flag, want string, data []byte) error {
	if got := sha(data); want != "" && got != want {
		return inputerr.Errorf(path, flag, 0, "the file changed since the sweep started (sha256 %s there, %s now): resume with the file as it was, or start a new --out folder", want, got)
	}
	return nil
}

// readLengths reads a lengths file: one length per line, or two (input and
// output, separated by spaces, a tab or a comma); blank lines and lines
// starting with # are skipped. It fills d's SHA256 and Paired.
func readLengths(d *sweep.LengthDist, flag string) (in, out []int, err error) {
	data, err := boundedio.ReadFile(d.File, maxLengthsBytes)
	if err != nil {
		return nil, nil, err
	}
	if err := checkSHA(d.File, flag, d.SHA256, data); err != nil {
		return nil, nil, err
	}
	d.SHA256 = sha(data)
	in, out, cols, err := parseLengths(d.File, flag, data)
	if err != nil {
		return nil, nil, err
	}
	d.Paired = cols == 2
	return in, out, nil
}

// parseLengths reads a lengths file's lines; cols is how many lengths
// each line has (1 or 2).
func parseLengths(path, flag string, data []byte) (in, out []int, cols int, err error) {
	for i, line := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(line))
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
		if cols == 0 {
			cols = len(f)
		}
		if len(f) != cols || cols > 2 {
			return nil, nil, 0, inputerr.Errorf(path, flag, i+1, "want one length on every line, or an input and an output length on every line; got %q", s)
		}
		if len(in) == maxLengthsLines {
			return nil, nil, 0, inputerr.Errorf(path, flag, i+1, "more than %d lengths", maxLengthsLines)
		}
		lens, err := tokenCounts(path, flag, i+1, f)
		if err != nil {
			return nil, nil, 0, err
		}
		in = append(in, lens[0])
		if len(lens) == 2 {
			out = append(out, lens[1])
		}
	}
	if len(in) == 0 {
		return nil, nil, 0, inputerr.Errorf(path, flag, 0, "no lengths in the file")
	}
	return in, out, cols, nil
}

// tokenCounts reads one line's lengths, each a token count in [1, MaxTokens].
func tokenCounts(path, flag string, line int, f []string) ([]int, error) {
	lens := make([]int, len(f))
	for c, v := range f {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > sweep.MaxTokens {
			return nil, inputerr.Errorf(path, flag, line, "%q is not a token count in [1, %d]", v, sweep.MaxTokens)
		}
		lens[c] = n
	}
	return lens, nil
}

// sampleLength draws one length from d; file holds a lengths file's values.
func sampleLength(d sweep.LengthDist, rng *rand.Rand, file []int) int {
	switch d.Kind {
	case sweep.DistUniform:
		return d.Min + rng.IntN(d.Max-d.Min+1)
	case sweep.DistNormal:
		v := math.Round(d.Mean + d.SD*rng.NormFloat64())
		return int(math.Max(1, math.Min(float64(d.Max), v)))
	case sweep.DistFile:
		return file[rng.IntN(len(file))]
	}
	return d.Value
}

// maxLength is the longest length d can yield.
func maxLength(d sweep.LengthDist, file []int) int {
	if d.Kind == sweep.DistFile {
		m := 0
		for _, v := range file {
			m = max(m, v)
		}
		return m
	}
	return d.Bound()
}

// MeanLengths are the mean prompt (shared prefix included) and output
// lengths the workload sends, rounded: what the plan's input_tokens and
// output_tokens record for it.
func (w *Workload) MeanLengths() (in, out int) {
	prefix := 0
	if w.spec.SharedPrefix != nil {
		prefix = w.spec.SharedPrefix.Tokens
	}
	mean := func(d sweep.LengthDist, file []int) float64 {
		if d.Kind == sweep.DistFile {
			return meanOf(file)
		}
		return float64(d.MeanLength())
	}
	outMean := mean(w.spec.Output, w.outFile)
	if w.spec.Input.Paired {
		outMean = meanOf(w.outLens)
	}
	if len(w.prompts) == 0 {
		return prefix + int(math.Round(mean(w.spec.Input, w.inLens))), max(1, int(math.Round(outMean)))
	}
	var words, outs float64
	for _, p := range w.prompts {
		words += float64(p.words)
		if p.output > 0 {
			outs += float64(p.output)
		} else {
			outs += outMean
		}
	}
	n := float64(len(w.prompts))
	return prefix + int(math.Round(words/n)), max(1, int(math.Round(outs/n)))
}

func meanOf(v []int) float64 {
	if len(v) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range v {
		s += float64(x)
	}
	return s / float64(len(v))
}

// workloadCache keeps an executor's prepared workload across levels: its
// files are read once per sweep, not once per level.
type workloadCache struct {
	mu   sync.Mutex
	spec *sweep.Workload
	w    *Workload
}

func (c *workloadCache) get(spec *sweep.Workload) (*Workload, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.w != nil && c.spec == spec {
		return c.w, nil
	}
	w, err := PrepareWorkload(*spec)
	if err != nil {
		return nil, err
	}
	c.spec, c.w = spec, w
	return w, nil
}
