package catalog

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Leaves of one cluster never overlap; leaves of different clusters do; a
// failed leaf does not stop the next one of its cluster; results come back
// in catalog order.
func TestRunSchedulesByCluster(t *testing.T) {
	jobs := []Job{
		{Leaf: Leaf{Name: "a1"}, Cluster: "A"}, {Leaf: Leaf{Name: "b1"}, Cluster: "B"},
		{Leaf: Leaf{Name: "a2"}, Cluster: "A"}, {Leaf: Leaf{Name: "b2"}, Cluster: "B"},
		{Leaf: Leaf{Name: "c1"}, Cluster: "C"},
	}
	var mu sync.Mutex
	running := map[string]int{}
	maxPerCluster, maxTotal, total := map[string]int{}, 0, 0
	var order []string
	// Every cluster's first leaf waits until all three clusters run: a
	// scheduler that ran clusters one after another would never get there.
	allStarted := make(chan struct{})
	var once sync.Once
	started := 0
	res := Run(context.Background(), jobs, func(ctx context.Context, j Job) (Status, error) {
		mu.Lock()
		running[j.Cluster]++
		total++
		order = append(order, j.Leaf.Name)
		maxPerCluster[j.Cluster] = max(maxPerCluster[j.Cluster], running[j.Cluster])
		maxTotal = max(maxTotal, total)
		started++
		if started == 3 {
			once.Do(func() { close(allStarted) })
		}
		mu.Unlock()
		if j.Leaf.Name == "a1" || j.Leaf.Name == "b1" || j.Leaf.Name == "c1" {
			select {
			case <-allStarted:
			case <-time.After(10 * time.Second):
				t.Errorf("%s: the clusters did not run side by side", j.Leaf.Name)
			}
		}
		mu.Lock()
		running[j.Cluster]--
		total--
		mu.Unlock()
		if j.Leaf.Name == "a1" {
			return Failed, errors.New("image missing")
		}
		return Done, nil
	})
	require.Equal(t, map[string]int{"A": 1, "B": 1, "C": 1}, maxPerCluster)
	require.Equal(t, 3, maxTotal)
	var names []string
	var st []Status
	for _, r := range res {
		names = append(names, r.Job.Leaf.Name)
		st = append(st, r.Status)
	}
	require.Equal(t, []string{"a1", "b1", "a2", "b2", "c1"}, names)
	require.Equal(t, []Status{Failed, Done, Done, Done, Done}, st)
	require.EqualError(t, res[0].Err, "image missing")
	// Within a cluster, catalog order.
	pos := map[string]int{}
	for i, n := range order {
		pos[n] = i
	}
	require.Less(t, pos["a1"], pos["a2"])
	require.Less(t, pos["b1"], pos["b2"])
}

// After Ctrl-C no leaf starts; those not run are reported interrupted.
func TestRunStopsStartingOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := []Job{{Leaf: Leaf{Name: "a1"}, Cluster: "A"}, {Leaf: Leaf{Name: "a2"}, Cluster: "A"}}
	var ran []string
	res := Run(ctx, jobs, func(ctx context.Context, j Job) (Status, error) {
		ran = append(ran, j.Leaf.Name)
		cancel()
		return Interrupted, ctx.Err()
	})
	require.Equal(t, []string{"a1"}, ran)
	require.Equal(t, Interrupted, res[1].Status)
	require.ErrorIs(t, res[1].Err, context.Canceled)
}

func TestStateRecordsFinishedLeaves(t *testing.T) {
	dir := t.TempDir()
	s, err := LoadState(dir)
	require.NoError(t, err)
	d := FlagsDigest([]string{"--context=a", "--per-gpu=8"})
	require.False(t, s.Finished("x", d))
	require.NoError(t, s.Record("x", d, Done, nil))
	require.NoError(t, s.Record("y", d, Failed, errors.New("boom")))
	s, err = LoadState(dir)
	require.NoError(t, err)
	require.True(t, s.Finished("x", d))
	require.False(t, s.Finished("x", FlagsDigest([]string{"--context=a", "--per-gpu=8,16"})), "new flags: resumed, not skipped")
	require.False(t, s.Finished("y", d))
	require.Equal(t, "boom", s.Leaves["y"].Error)
}

// An endpoint's password does not reach catalog.json, not even hashed.
func TestFlagsDigestLeavesOutCredentials(t *testing.T) {
	require.Equal(t, FlagsDigest([]string{"--endpoint=http://u:one@h:8000"}), FlagsDigest([]string{"--endpoint=http://u:two@h:8000"}))
	require.NotEqual(t, FlagsDigest([]string{"--endpoint=http://h:8000"}), FlagsDigest([]string{"--endpoint=http://h:9000"}))
}
