package kube

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// An outage (connection refused, 503, 500) is retried until it passes; an
// answer (forbidden, not found, already exists) is returned at once.
func TestRetryOutagesNotAnswers(t *testing.T) {
	gr := schema.GroupResource{Group: "batch", Resource: "jobs"}
	for _, tc := range []struct {
		name      string
		err       error
		wantCalls int
	}{
		{"connection refused", errors.New("dial tcp 127.0.0.1:6443: connect: connection refused"), 3},
		{"service unavailable", apierrors.NewServiceUnavailable("etcd restarting"), 3},
		{"internal error", apierrors.NewInternalError(errors.New("etcdserver: leader changed")), 3},
		{"forbidden", apierrors.NewForbidden(gr, "x", errors.New("RBAC")), 1},
		{"not found", apierrors.NewNotFound(gr, "x"), 1},
		{"already exists", apierrors.NewAlreadyExists(gr, "x"), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			retried, err := retry(context.Background(), func(context.Context) error {
				calls++
				if calls < 3 {
					return tc.err
				}
				return nil
			})
			require.Equal(t, tc.wantCalls, calls)
			require.Equal(t, tc.wantCalls > 1, retried)
			if tc.wantCalls == 1 {
				require.ErrorIs(t, err, tc.err)
			} else {
				require.NoError(t, err)
			}
		})
	}
}

// A cancelled context ends the retries with the last error.
func TestRetryStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := retry(ctx, func(context.Context) error {
		calls++
		cancel()
		return errors.New("connection refused")
	})
	require.EqualError(t, err, "connection refused")
	require.Equal(t, 1, calls)
}
