//go:build integration

package integration

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/internal/drivers/kube"
)

// jobsLeft lists the Jobs and ConfigMaps of a sweep still in the
// namespace; a finished sweep (without --keep) leaves none. sweepID must
// be a valid label value as it is (the tests' ids are), since kube labels
// its objects with the id reduced to one.
func jobsLeft(ctx context.Context, cs kubernetes.Interface, ns, sweepID string) ([]string, error) {
	sel := labels.SelectorFromSet(labels.Set{kube.LabelManagedBy: kube.ManagedBy, kube.LabelSweepID: sweepID}).String()
	var left []string
	jobs, err := cs.BatchV1().Jobs(ns).List(ctx, metav1.ListOptions{LabelSelector: sel})
	if err != nil {
		return nil, err
	}
	for _, j := range jobs.Items {
		left = append(left, "job/"+j.Name)
	}
	cms, err := cs.CoreV1().ConfigMaps(ns).List(ctx, metav1.ListOptions{LabelSelector: sel})
	if err != nil {
		return nil, err
	}
	for _, c := range cms.Items {
		left = append(left, "configmap/"+c.Name)
	}
	return left, nil
}
