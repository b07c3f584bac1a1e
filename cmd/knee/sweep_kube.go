package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/cli-runtime/pkg/genericclioptions"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
)

// kubeOptions are the flags of `knee sweep --runner kube`.
type kubeOptions struct {
	config *genericclioptions.ConfigFlags

	Node, Service, Image    string
	NodeSelector, PodLabels []string
	Tolerations             []string
	CPU, Memory             string
	LoadgenGPUs             int
	HFTokenSecret           string
	DatasetPVC              string
	Deadline, TTL, Pending  time.Duration
	Keep                    bool
	// --nodes / --node-selector: levels run at once on several identical
	// nodes, each at its own serving endpoint (sweep_kube_nodes.go).
	Nodes    int
	NodesSel string
	slots    []run.Slot
}

// bindKubeFlags registers the Kubernetes runner's flags on c and returns
// the options they fill.
func bindKubeFlags(c *cobra.Command) *kubeOptions {
	o := &kubeOptions{}
	// Only the flags knee uses: ConfigFlags' own --request-timeout would
	// clash with the harness's.
	kc, ctxName, ns := "", "", ""
	o.config = &genericclioptions.ConfigFlags{KubeConfig: &kc, Context: &ctxName, Namespace: &ns}
	fl := c.Flags()
	o.config.AddFlags(fl)
	fl.StringVar(&o.Node, "node", "", "kube: GPU node under test (default: the node with the most free nvidia.com/gpu)")
	fl.StringVar(&o.Service, "service", "", "kube: endpoint as a Service in the namespace, NAME[:PORT] (instead of --endpoint)")
	fl.StringVar(&o.Image, "image", "", fmt.Sprintf("kube: harness image (default %s, or %s for aiperf)", kube.DefaultInferencePerfImage, kube.DefaultAIPerfImage))
	fl.StringSliceVar(&o.NodeSelector, "loadgen-node-selector", []string{corev1.LabelArchStable + "=amd64"}, "kube: nodeSelector of the load-generator pod, KEY=VALUE,… (inference-perf's image is amd64-only)")
	fl.StringArrayVar(&o.Tolerations, "loadgen-toleration", nil, "kube: toleration of the load-generator pod, KEY[=VALUE]:EFFECT or KEY:Exists (repeatable)")
	fl.StringSliceVar(&o.PodLabels, "loadgen-labels", nil, "kube: extra labels on the load-generator pod, KEY=VALUE,…")
	fl.StringVar(&o.CPU, "loadgen-cpu", "", "kube: CPU request and limit of the load generator (default: --workers for inference-perf, 4 for aiperf)")
	fl.StringVar(&o.Memory, "loadgen-memory", "4Gi", "kube: memory request and limit of the load generator")
	fl.IntVar(&o.LoadgenGPUs, "loadgen-gpus", 0, "kube: nvidia.com/gpu the load-generator pod requests (normally 0)")
	fl.StringVar(&o.HFTokenSecret, "hf-token-secret", "", "kube: Secret holding a Hugging Face token, NAME[:KEY] (key default HF_TOKEN); passed to the pod as HF_TOKEN, never read by knee")
	fl.StringVar(&o.DatasetPVC, "dataset-pvc", "", "kube: read --dataset from this PersistentVolumeClaim, CLAIM[:PATH] (PATH on the volume, default the file's name), instead of the level's ConfigMap (1 MiB at most); the pod checks its SHA-256 (inference-perf)")
	fl.DurationVar(&o.Deadline, "job-deadline", time.Hour, "kube: activeDeadlineSeconds of each level's Job")
	fl.DurationVar(&o.TTL, "job-ttl", time.Hour, "kube: ttlSecondsAfterFinished of each level's Job (a safety net if knee is killed)")
	fl.DurationVar(&o.Pending, "pending-timeout", 5*time.Minute, "kube: fail a level whose pod stays unschedulable this long")
	fl.BoolVar(&o.Keep, "keep", false, "kube: keep each level's Job and ConfigMap after it finished")
	fl.IntVar(&o.Nodes, "nodes", 0, "kube: run levels at the same time on this many identical GPU nodes, each at its own backend of --service (0: one node)")
	fl.StringVar(&o.NodesSel, "node-selector", "", "kube: label selector of the identical GPU nodes to run levels on at the same time (every match, or --nodes of them)")
	return o
}

// executor builds the Kubernetes executor of a sweep; it may fill what it
// discovers (GPUs, accelerator, endpoint) into the plan before the plan is
// checked and stored.
func (o *kubeOptions) executor(ctx context.Context, c *cobra.Command, plan *sweep.Plan, progress io.Writer) (sweep.Executor, error) {
	fl := c.Flags()
	// Flags first: a wrong harness is bad input even without a cluster.
	workers, _ := fl.GetInt("workers")
	timeout, _ := fl.GetDuration("request-timeout")
	var claim harness.DatasetClaim
	if o.DatasetPVC != "" {
		c, err := kube.ParseDatasetClaim(o.DatasetPVC)
		if err != nil {
			return nil, err
		}
		claim = c
	}
	h, err := harness.ForKube(plan.Harness, harness.Settings{Workers: workers, Timeout: timeout, DatasetClaim: claim})
	if err != nil {
		return nil, err
	}
	if err := checkKubeconfigs(*o.config.KubeConfig); err != nil {
		return nil, err
	}
	rc, err := o.config.ToRESTConfig()
	if err != nil {
		return nil, kubeconfigError(err)
	}
	ns, _, err := o.config.ToRawKubeConfigLoader().Namespace()
	if err != nil {
		return nil, kubeconfigError(err)
	}
	cs, err := kubernetes.NewForConfig(rc)
	if err != nil {
		return nil, err
	}
	endpoint := plan.Endpoint
	if o.Service != "" {
		if fl.Changed("endpoint") {
			return nil, usagef("give one of --endpoint and --service, not both")
		}
		endpoint = ""
	}
	nodes, err := o.discoverNodes(ctx, cs, ns, plan)
	if err != nil {
		return nil, err
	}
	node := o.Node
	if len(nodes) > 0 {
		node = nodes[0].Node
	}
	prep, err := kube.Prepare(ctx, cs, kube.PrepareOptions{
		Namespace: ns, Node: node, Endpoint: endpoint, Service: o.Service,
		GPUs: plan.GPUs, Accelerator: plan.Accelerator,
	})
	if err != nil {
		return nil, err
	}
	prep.Apply(plan)
	fmt.Fprintf(progress, "target: %s\n", prep)
	// The first level's pod, built before a results folder exists, refuses
	// what the harness cannot run (a workload it cannot express, a dataset
	// over the ConfigMap bound) as bad input.
	if lv := plan.Levels(); len(lv) > 0 {
		if _, err := h.Pod(*plan, lv[0]); err != nil {
			return nil, err
		}
	}

	jo, err := o.jobOptions(ns, plan.Harness, workers)
	if err != nil {
		return nil, err
	}
	ex := &kube.Executor{Client: cs, Harness: h, Job: jo, Keep: o.Keep, PendingTimeout: o.Pending, Progress: progress, Node: prep.Target.Node}
	o.slots = nodeSlots(ex, nodes, progress)
	return ex, nil
}

func (o *kubeOptions) jobOptions(ns, harness string, workers int) (kube.JobOptions, error) {
	jo := kube.JobOptions{Namespace: ns, Image: o.Image, LoadgenGPUs: o.LoadgenGPUs, Deadline: o.Deadline, TTL: o.TTL}
	var err error
	if jo.NodeSelector, err = keyValues("--loadgen-node-selector", o.NodeSelector); err != nil {
		return jo, err
	}
	if jo.PodLabels, err = keyValues("--loadgen-labels", o.PodLabels); err != nil {
		return jo, err
	}
	for _, t := range o.Tolerations {
		tol, err := parseToleration(t)
		if err != nil {
			return jo, err
		}
		jo.Tolerations = append(jo.Tolerations, tol)
	}
	cpu := o.CPU
	if cpu == "" {
		// One inference-perf worker is one process that keeps a core busy.
		cpu = "4"
		if harness == inferenceperf.Harness && workers > 0 {
			cpu = fmt.Sprint(workers)
		}
	}
	if jo.CPU, err = resource.ParseQuantity(cpu); err != nil {
		return jo, inputerr.Errorf("flag", "--loadgen-cpu", 0, "%q is not a quantity: %w", cpu, err)
	}
	if jo.Memory, err = resource.ParseQuantity(o.Memory); err != nil {
		return jo, inputerr.Errorf("flag", "--loadgen-memory", 0, "%q is not a quantity: %w", o.Memory, err)
	}
	if o.HFTokenSecret != "" {
		jo.HFTokenSecret, jo.HFTokenKey, _ = strings.Cut(o.HFTokenSecret, ":")
	}
	if o.LoadgenGPUs < 0 {
		return jo, inputerr.Errorf("flag", "--loadgen-gpus", 0, "must not be negative")
	}
	return jo.WithDefaults(harness), nil
}

// keyValues parses KEY=VALUE pairs; an empty list gives an empty (not nil) map
// so that --loadgen-node-selector "" really means "no selector".
func keyValues(flag string, kvs []string) (map[string]string, error) {
	m := map[string]string{}
	for _, kv := range kvs {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, inputerr.Errorf("flag", flag, 0, "%q is not KEY=VALUE", kv)
		}
		m[k] = v
	}
	return m, nil
}

// parseToleration reads KEY[=VALUE]:EFFECT or KEY:Exists (kubectl taint's syntax).
func parseToleration(s string) (corev1.Toleration, error) {
	kv, effect, ok := strings.Cut(s, ":")
	if !ok || kv == "" {
		return corev1.Toleration{}, inputerr.Errorf("flag", "--loadgen-toleration", 0, "%q is not KEY[=VALUE]:EFFECT", s)
	}
	k, v, hasValue := strings.Cut(kv, "=")
	t := corev1.Toleration{Key: k, Operator: corev1.TolerationOpExists}
	if hasValue {
		t.Operator, t.Value = corev1.TolerationOpEqual, v
	}
	switch corev1.TaintEffect(effect) {
	case corev1.TaintEffectNoSchedule, corev1.TaintEffectPreferNoSchedule, corev1.TaintEffectNoExecute:
		t.Effect = corev1.TaintEffect(effect)
	case "Exists", "":
	default:
		return corev1.Toleration{}, inputerr.Errorf("flag", "--loadgen-toleration", 0, "effect %q is not NoSchedule, PreferNoSchedule or NoExecute", effect)
	}
	return t, nil
}
