package catalog

import (
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// Row is one leaf in the catalog's report: where it ran, how it ended, and
// what the analysis says of the levels its folder holds. Its JSON is the
// report's -o json.
type Row struct {
	Leaf        string   `json:"leaf"`
	Context     string   `json:"context"`
	Namespace   string   `json:"namespace"`
	Status      string   `json:"status"`
	Results     string   `json:"results"`
	Levels      int      `json:"levels"`
	GPUs        int      `json:"gpus,omitempty"`
	Accelerator string   `json:"accelerator,omitempty"`
	Knee        string   `json:"knee,omitempty"`
	Recommended *float64 `json:"recommended_per_gpu"`
	Error       string   `json:"error,omitempty"`
}

// leafRow is one result's row; Results is empty when dir holds no sweep.
func leafRow(r Result, lo LeafOptions, dir string, judge func(*sweep.Sweep) (string, *float64)) Row {
	row := Row{Leaf: r.Job.Leaf.Name, Context: lo.Context, Namespace: lo.Namespace, Status: string(r.Status), Results: dir}
	if r.Err != nil {
		row.Error = r.Err.Error()
	}
	s, err := store.Load(dir)
	if err != nil {
		row.Results = ""
		return row
	}
	row.Levels, row.GPUs, row.Accelerator = len(s.Points), s.GPUs, s.Accelerator
	if judge != nil {
		row.Knee, row.Recommended = judge(s)
	}
	return row
}
