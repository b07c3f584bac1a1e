package main

import (
	"testing"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
)

func TestParseToleration(t *testing.T) {
	for in, want := range map[string]corev1.Toleration{
		"nvidia.com/gpu:NoSchedule":   {Key: "nvidia.com/gpu", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule},
		"dedicated=loadgen:NoExecute": {Key: "dedicated", Operator: corev1.TolerationOpEqual, Value: "loadgen", Effect: corev1.TaintEffectNoExecute},
		"spot:Exists":                 {Key: "spot", Operator: corev1.TolerationOpExists},
		"pool=cpu:PreferNoSchedule":   {Key: "pool", Operator: corev1.TolerationOpEqual, Value: "cpu", Effect: corev1.TaintEffectPreferNoSchedule},
	} {
		got, err := parseToleration(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, bad := range []string{"nokey", ":NoSchedule", "k=v:Sometimes"} {
		_, err := parseToleration(bad)
		require.Error(t, err, bad)
		require.Equal(t, exitUsage, exitCode(err), bad)
		require.Contains(t, err.Error(), "--loadgen-toleration")
	}
}

func TestKeyValues(t *testing.T) {
	m, err := keyValues("--loadgen-node-selector", []string{"kubernetes.io/arch=amd64", "", "pool=cpu"})
	require.NoError(t, err)
	require.Equal(t, map[string]string{"kubernetes.io/arch": "amd64", "pool": "cpu"}, m)
	m, err = keyValues("--loadgen-node-selector", []string{""})
	require.NoError(t, err)
	require.NotNil(t, m, `--loadgen-node-selector "" means no selector, not the default`)
	require.Empty(t, m)
	_, err = keyValues("--loadgen-labels", []string{"novalue"})
	require.Equal(t, exitUsage, exitCode(err))
	require.Contains(t, err.Error(), "--loadgen-labels")
}
