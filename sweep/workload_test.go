package sweep

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

func TestParseLengthDist(t *testing.T) {
	for spec, want := range map[string]LengthDist{
		"fixed:128":           {Kind: DistFixed, Value: 128},
		"uniform:64-512":      {Kind: DistUniform, Min: 64, Max: 512},
		"normal:512,128":      {Kind: DistNormal, Mean: 512, SD: 128, Max: 1024},
		"normal:512.5,0":      {Kind: DistNormal, Mean: 512.5, SD: 0, Max: 513},
		"normal:100,80,150":   {Kind: DistNormal, Mean: 100, SD: 80, Max: 150},
		"file:lens/a b.txt":   {Kind: DistFile, File: "lens/a b.txt"},
		" uniform:1-1 ":       {Kind: DistUniform, Min: 1, Max: 1},
		"normal:1048000,1000": {Kind: DistNormal, Mean: 1048000, SD: 1000, Max: MaxTokens},
	} {
		got, err := ParseLengthDist("--input-dist", spec)
		require.NoError(t, err, spec)
		require.Equal(t, want, got, spec)
	}
	for spec, msg := range map[string]string{
		"128":              "want fixed:N",
		"fixed:":           "want fixed:N",
		"fixed:0":          `"0" is not a token count in [1, 1048576]`,
		"fixed:2000000":    "is not a token count",
		"uniform:512-64":   "MIN 512 is more than MAX 64",
		"uniform:64":       "uniform takes MIN-MAX",
		"normal:512":       "normal takes MEAN,SD",
		"normal:-1,3":      "MEAN must be in [1, 1048576]",
		"normal:NaN,3":     "MEAN must be in",
		"normal:5,-1":      "SD in [0, 1048576]",
		"poisson:3":        `unknown distribution "poisson"`,
		"normal:10,2,zero": `"zero" is not a token count`,
	} {
		_, err := ParseLengthDist("--output-dist", spec)
		var ie *inputerr.Error
		require.True(t, errors.As(err, &ie), spec)
		require.Equal(t, "--output-dist", ie.Field, spec)
		require.Contains(t, ie.Msg, msg, spec)
	}
}

func TestParseSharedPrefix(t *testing.T) {
	sp, err := ParseSharedPrefix("8:512")
	require.NoError(t, err)
	require.Equal(t, &SharedPrefix{Count: 8, Tokens: 512}, sp)
	for _, bad := range []string{"8", "0:10", "8:x", "10001:1", "1:1048577", "4096:4097"} {
		_, err := ParseSharedPrefix(bad)
		require.ErrorContains(t, err, "--shared-prefix", bad)
	}
}

// Two workloads differ by the first field that tells them apart; a
// dataset is its content, whatever its file is called now.
func TestDiffWorkload(t *testing.T) {
	a := &Workload{Input: LengthDist{Kind: DistUniform, Min: 64, Max: 512}, Output: LengthDist{Kind: DistFixed, Value: 128},
		Dataset: &DataFile{File: "a.json", SHA256: "aa", Format: "sharegpt", Entries: 5}, IgnoreEOS: true}
	b := *a
	b.Dataset = &DataFile{File: "moved/a.json", SHA256: "aa", Format: "sharegpt", Entries: 5}
	f, _, _ := DiffWorkload(a, &b)
	require.Empty(t, f, "a moved dataset is the same dataset")

	b.Dataset = &DataFile{File: "a.json", SHA256: "bb", Format: "sharegpt", Entries: 5}
	f, was, now := DiffWorkload(a, &b)
	require.Equal(t, []string{"workload.dataset", "sharegpt sha256 aa", "sharegpt sha256 bb"}, []string{f, was, now})

	c := *a
	c.IgnoreEOS = false
	f, was, now = DiffWorkload(a, &c)
	require.Equal(t, []string{"workload.ignore_eos", "true", "false"}, []string{f, was, now})

	c = *a
	c.Input = LengthDist{Kind: DistNormal, Mean: 512, SD: 128, Max: 1024}
	f, was, now = DiffWorkload(a, &c)
	require.Equal(t, []string{"workload.input", "uniform:64-512", "normal:512,128,1024"}, []string{f, was, now})

	f, was, now = DiffWorkload(nil, a)
	require.Equal(t, "workload", f)
	require.Equal(t, "default (fixed lengths, ignore_eos)", was)
	require.Equal(t, "input uniform:64-512, output fixed:128, dataset a.json (sharegpt, 5 prompts, sha256 aa), ignore_eos true", now)
	f, _, _ = DiffWorkload(nil, nil)
	require.Empty(t, f)
	require.True(t, (*Workload)(nil).Default())
	require.True(t, (&Workload{Input: LengthDist{Kind: DistFixed, Value: 3}, Output: LengthDist{Kind: DistFixed, Value: 4}, IgnoreEOS: true}).Default())
	require.False(t, a.Default())
}

// The default workload is no key at all: plan.json and sweep.json are what
// they were before workloads; an older file without the key reads as it.
func TestDefaultWorkloadIsNotWritten(t *testing.T) {
	b, err := json.Marshal(Plan{ID: "x"})
	require.NoError(t, err)
	require.NotContains(t, string(b), "workload")
	b, err = json.Marshal(Sweep{Version: 1, Points: []Point{}})
	require.NoError(t, err)
	require.Equal(t, `{"version":1,"accelerator":"","gpus":0,"leaf":"","model":"","harness":"","points":[]}`, string(b))

	w := &Workload{Input: LengthDist{Kind: DistFile, File: "l.txt", SHA256: "ab", Paired: true}, Output: LengthDist{Kind: DistFile, File: "l.txt", SHA256: "ab", Paired: true},
		SharedPrefix: &SharedPrefix{Count: 4, Tokens: 256}}
	b, err = json.Marshal(Sweep{Version: 1, Workload: w, Points: []Point{}})
	require.NoError(t, err)
	require.Equal(t, `{"version":1,"accelerator":"","gpus":0,"leaf":"","model":"","harness":"","workload":{"input":{"kind":"file","file":"l.txt","sha256":"ab","paired":true},"output":{"kind":"file","file":"l.txt","sha256":"ab","paired":true},"shared_prefix":{"count":4,"tokens":256},"ignore_eos":false},"points":[]}`, string(b))
	var back Sweep
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, w, back.Workload)
}
