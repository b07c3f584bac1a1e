package catalog

import (
	"context"
	"sync"
)

// Status is how a leaf ended in one run of the catalog.
type Status string

const (
	// Done: the leaf's sweep ran to its end in this run.
	Done Status = "done"
	// Skipped: the leaf had finished in an earlier run, with the same flags.
	Skipped Status = "skipped"
	// Failed: the leaf's sweep ended with an error; its finished levels are
	// kept and the next run resumes it.
	Failed Status = "failed"
	// Interrupted: Ctrl-C stopped the leaf (or came before it started).
	Interrupted Status = "interrupted"
)

// Job is a leaf as the scheduler sees it.
type Job struct {
	Leaf Leaf
	// Cluster identifies where the leaf runs (kubeconfig and context): jobs
	// of one cluster run one after another, so two sweeps never load one
	// endpoint or fight for one node's GPUs at the same time.
	Cluster string
}

// Result is what became of one job.
type Result struct {
	Job    Job
	Status Status
	Err    error
}

// Run runs every job with run: the jobs of one cluster one after another,
// in catalog order, and the clusters side by side. A failed job does not
// stop the others; after Ctrl-C (ctx done) no further job starts and each
// is reported Interrupted. Results come back in catalog order.
func Run(ctx context.Context, jobs []Job, run func(context.Context, Job) (Status, error)) []Result {
	results := make([]Result, len(jobs))
	var order []string
	byCluster := map[string][]int{}
	for i, j := range jobs {
		results[i] = Result{Job: j, Status: Interrupted, Err: context.Canceled}
		if _, ok := byCluster[j.Cluster]; !ok {
			order = append(order, j.Cluster)
		}
		byCluster[j.Cluster] = append(byCluster[j.Cluster], i)
	}
	var wg sync.WaitGroup
	for _, c := range order {
		wg.Add(1)
		go func(idx []int) {
			defer wg.Done()
			for _, i := range idx {
				if err := ctx.Err(); err != nil {
					results[i].Err = err
					continue
				}
				st, err := run(ctx, jobs[i])
				results[i].Status, results[i].Err = st, err
			}
		}(byCluster[c])
	}
	wg.Wait()
	return results
}
