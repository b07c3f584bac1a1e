package main

import (
	"path/filepath"
	"strings"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/kneetool/knee/sweep/catalog"
)

// leafTarget is where a leaf runs, resolved as kubectl would (KUBECONFIG,
// ~/.kube/config, the current context and its namespace): its cluster (the
// kubeconfig files and context, the current one when none is given; two
// leaves on one cluster run one after another), and the context and
// namespace its row names (--namespace wins). A kubeconfig that cannot be
// read names itself; the leaf then fails on its own with kubectl's error.
func leafTarget(kubeconfig, context, namespace string) catalog.LeafOptions {
	files, ctx, ns := kubeTarget(kubeconfig, context)
	if namespace != "" {
		ns = namespace
	}
	return catalog.LeafOptions{Cluster: files + "\x00" + ctx, Context: ctx, Namespace: ns}
}

// kubeTarget resolves a leaf's kubeconfig files, context and namespace as
// kubectl would.
func kubeTarget(kubeconfig, context string) (files, ctx, namespace string) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	files = strings.Join(rules.Precedence, string(filepath.ListSeparator))
	if kubeconfig != "" {
		rules.ExplicitPath = kubeconfig
		files = kubeconfig
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: context})
	ctx = context
	if raw, err := cc.RawConfig(); err == nil && ctx == "" {
		ctx = raw.CurrentContext
	}
	namespace, _, _ = cc.Namespace()
	return files, ctx, namespace
}
