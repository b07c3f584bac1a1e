package builtin

import (
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/boundedio"
)

// DatasetEntry is one usable prompt of a --dataset file as knee reads it:
// the prompt text, and the output length the entry asks for (0: none of
// its own, the workload's output distribution applies).
type DatasetEntry struct {
	Prompt       string
	OutputTokens int
}

// ReadDataset reads a plan's dataset file for another harness to send: its
// bytes and entries, read by the same rules as the built-in client's. A
// file whose content is not the one recorded (its SHA-256) is refused, as
// on --resume, so that every harness sends the dataset the plan names.
func ReadDataset(d sweep.DataFile) (raw []byte, entries []DatasetEntry, err error) {
	raw, err = boundedio.ReadFile(d.File, maxDatasetBytes)
	if err != nil {
		return nil, nil, err
	}
	if err := checkSHA(d.File, "--dataset", d.SHA256, raw); err != nil {
		return nil, nil, err
	}
	prompts, _, err := parseDataset(d.File, raw)
	if err != nil {
		return nil, nil, err
	}
	entries = make([]DatasetEntry, len(prompts))
	for i, p := range prompts {
		entries[i] = DatasetEntry{Prompt: p.text, OutputTokens: p.output}
	}
	return raw, entries, nil
}
