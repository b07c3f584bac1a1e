package kube

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// retryWindow is how long a call to the API server is retried while the
// server is away (restarted, etcd restarting, a dropped connection): long
// enough for a control-plane restart, short enough that a cluster that is
// really gone fails the level within a minute.
const retryWindow = 45 * time.Second

// permanent errors are answers, not outages: retrying them cannot help.
func permanent(err error) bool {
	return apierrors.IsForbidden(err) || apierrors.IsUnauthorized(err) || apierrors.IsNotFound(err) ||
		apierrors.IsBadRequest(err) || apierrors.IsInvalid(err) || apierrors.IsAlreadyExists(err) ||
		apierrors.IsMethodNotSupported(err) || apierrors.IsConflict(err) || apierrors.IsGone(err)
}

// retry calls f until it succeeds, fails permanently, ctx ends or the
// window passes; it reports whether an earlier attempt failed (a create
// that then answers AlreadyExists went through the first time).
func retry(ctx context.Context, f func(ctx context.Context) error) (retried bool, err error) {
	deadline := time.Now().Add(retryWindow)
	wait := 250 * time.Millisecond
	for {
		err = f(ctx)
		if err == nil || permanent(err) || ctx.Err() != nil || time.Now().After(deadline) {
			return retried, err
		}
		retried = true
		select {
		case <-ctx.Done():
			return retried, err
		case <-time.After(wait):
		}
		if wait < 2*time.Second {
			wait *= 2
		}
	}
}
