package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// plan.json records every setting that changes what a resumed sweep does;
// --resume takes each one it is not given from there, overrides one given
// again with another value (events.log says so, plan.json records it), and
// refuses another --seed.
func TestSweepResumeKeepsTheSettingsOfPlanJSON(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--per-gpu", "2", "--stop-past-knee=false", "--seed", "7", "--request-timeout", "9s")...)
	require.Equal(t, 0, code, errs)
	p, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, sweep.PlanVersion, p.Version)
	for k, v := range map[string]string{"stop-past-knee": "false", "keep-going": "false", "seed": "7", "request-timeout": "9s", "workers": "4", "requests-jsonl": "false", "api-key-env": ""} {
		require.Equal(t, v, p.Settings[k], k)
	}

	// The settings come back from plan.json into the flags.
	root := newRootCmd(nil, nil)
	c, _, err := root.Find([]string{"sweep"})
	require.NoError(t, err)
	require.NoError(t, c.ParseFlags([]string{"--resume", dir}))
	rp := p
	require.NoError(t, restoreSettings(c.Flags(), &rp, true))
	v, _ := c.Flags().GetBool("stop-past-knee")
	require.False(t, v, "--stop-past-knee=false is not forgotten")
	d, _ := c.Flags().GetDuration("request-timeout")
	require.Equal(t, "9s", d.String())
	require.False(t, c.Flags().Changed("stop-past-knee"), "restored, not given")

	// Given again with another value: overrides, logged and recorded.
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--keep-going")
	require.Equal(t, 0, code, errs)
	ev, _ := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.Contains(t, string(ev), " settings resumed with --keep-going=true (plan.json had false); plan.json now records it\n")
	p, _ = store.ReadPlan(dir)
	require.Equal(t, "true", p.Settings["keep-going"])
	require.Equal(t, "false", p.Settings["stop-past-knee"])

	// Another seed is another measurement: refused.
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--seed", "8")
	require.Equal(t, 2, code)
	require.Contains(t, errs, dir+"/plan.json: seed: this folder was made by another plan: seed is 7 there but 8 now")
}

// Exit codes and messages of the faults this file's items cover.
func TestSweepFileAndSecretMessages(t *testing.T) {
	url := sweepTestServer(t)
	made := func(t *testing.T) string {
		dir := filepath.Join(t.TempDir(), "run")
		code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--per-gpu", "2")...)
		require.Equal(t, 0, code, errs)
		return dir
	}
	bump := func(t *testing.T, path string, version int) {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m))
		m["version"] = version
		b, _ = json.Marshal(m)
		require.NoError(t, os.WriteFile(path, b, 0o644))
	}
	for _, c := range []struct {
		name  string
		setup func(t *testing.T) []string
		code  int
		msg   string
	}{
		{"newer plan.json", func(t *testing.T) []string {
			dir := made(t)
			bump(t, filepath.Join(dir, store.PlanFile), 4)
			return []string{"sweep", "--resume", dir}
		}, 2, "/plan.json: version: plan schema version 4 is newer than this knee understands (3); continue the sweep with a newer knee"},
		{"newer sweep.json", func(t *testing.T) []string {
			dir := made(t)
			bump(t, filepath.Join(dir, store.SweepFile), 2)
			return []string{"sweep", "--resume", dir}
		}, 2, "/sweep.json: version: sweep schema version 2 is newer than this knee understands (1); continue the sweep with a newer knee"},
		{"api key variable unset", func(t *testing.T) []string {
			return sweepTestArgs(url, filepath.Join(t.TempDir(), "run"), "--api-key-env", "KNEE_TEST_UNSET_VAR")
		}, 2, "flag: --api-key-env: KNEE_TEST_UNSET_VAR is not set or empty in the environment"},
		{"userinfo and api key", func(t *testing.T) []string {
			t.Setenv("KNEE_TEST_KEY", "sk-x")
			return sweepTestArgs(strings.Replace(url, "http://", "http://u:p@", 1), filepath.Join(t.TempDir(), "run"), "--api-key-env", "KNEE_TEST_KEY")
		}, 2, "give credentials in --endpoint's userinfo or through --api-key-env, not both"},
		{"userinfo to inference-perf", func(t *testing.T) []string {
			return sweepTestArgs("http://u:secret@127.0.0.1:1", filepath.Join(t.TempDir(), "run"), "--harness", "inference-perf")
		}, 2, "flag: --endpoint: inference-perf echoes its configuration, URL included, into the report knee keeps"},
		{"api key to aiperf", func(t *testing.T) []string {
			t.Setenv("KNEE_TEST_KEY", "sk-x")
			return sweepTestArgs(url, filepath.Join(t.TempDir(), "run"), "--harness", "aiperf", "--api-key-env", "KNEE_TEST_KEY")
		}, 2, "flag: --api-key-env: aiperf echoes its configuration, API key included, into the report knee keeps"},
		{"api key to the kube runner, refused before any cluster is asked", func(t *testing.T) []string {
			t.Setenv("KNEE_TEST_KEY", "sk-x")
			return sweepTestArgs(url, filepath.Join(t.TempDir(), "run"), "--runner", "kube", "--harness", "inference-perf", "--kubeconfig", "/nonexistent", "--api-key-env", "KNEE_TEST_KEY")
		}, 2, "flag: --api-key-env: inference-perf echoes its configuration, API key included, into the report knee keeps"},
		{"malformed endpoint with a password", func(t *testing.T) []string {
			return sweepTestArgs("http://u:pass word%zz@127.0.0.1:1", filepath.Join(t.TempDir(), "run"))
		}, 2, `flag: --endpoint: "http://xxxxx@127.0.0.1:1" does not parse as a URL (what it carries before the @ is not shown)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := c.setup(t)
			code, _, errs := sweepCLI(t, args...)
			require.Equal(t, c.code, code, errs)
			require.Contains(t, errs, c.msg)
			require.NotContains(t, errs, "secret")
			require.NotContains(t, errs, "pass word")
		})
	}
}
