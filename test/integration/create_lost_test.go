//go:build integration

package integration

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/kneetool/knee/internal/drivers/kube"
)

// loseJobCreate passes a Job create to the real API server, then cancels
// the level (Ctrl-C) and drops the answer: the Job exists, but knee only
// sees context.Canceled. CI met this race once: the interrupted level's
// Job stayed in the cluster, running.
type loseJobCreate struct {
	next   http.RoundTripper
	cancel context.CancelFunc
}

func (l *loseJobCreate) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.next.RoundTrip(r)
	if err == nil && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/jobs") {
		resp.Body.Close()
		l.cancel()
		return nil, context.Canceled
	}
	return resp, err
}

func TestKubeLevelCreateAnswerLostIsCleanedUp(t *testing.T) {
	e := newEnv(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := rest.CopyConfig(e.id.Config)
	cfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper { return &loseJobCreate{next: rt, cancel: cancel} }
	cs, err := kubernetes.NewForConfig(cfg)
	require.NoError(t, err)
	ex := e.executor(kube.JobOptions{})
	ex.Client = cs
	plan := aiperfPlan("lost", 8)
	_, err = ex.RunLevel(ctx, plan, plan.Levels()[0])
	require.ErrorIs(t, err, context.Canceled)
	require.Contains(t, err.Error(), "create Job")
	require.Empty(t, e.leftovers(t), "a Job whose create answer was lost is deleted all the same")
}
