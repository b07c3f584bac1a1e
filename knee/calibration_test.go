package knee_test

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// calibrationCase is one entry of fixtures/sweeps/expected.json: what an
// experienced perf engineer accepts for a real public sweep (the files and
// their provenance are in fixtures/sweeps/SOURCES.md).
type calibrationCase struct {
	File                   string      `json:"file"`
	RecommendedIn          [][]float64 `json:"recommended_in"`
	RecommendedMayBeNull   bool        `json:"recommended_may_be_null"`
	NotSubKnee             []float64   `json:"not_sub_knee"`
	StatusIn               []string    `json:"status_in"`
	RateBased              bool        `json:"rate_based"`
	Workload               string      `json:"workload"`
	PastKneeRates          []float64   `json:"past_knee_rates"`
	SubKneeRates           []float64   `json:"sub_knee_rates"`
	WorkloadRefusalMention []string    `json:"workload_refusal_mentions"`
	Why                    string      `json:"why"`
}

func calibrationCases(t *testing.T) []calibrationCase {
	t.Helper()
	b, err := os.ReadFile(fixtures.Path("sweeps/expected.json"))
	require.NoError(t, err)
	var doc struct {
		Cases []calibrationCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	require.Len(t, doc.Cases, 9, "the calibration set has 9 cases")
	return doc.Cases
}

// Every real public sweep of the calibration set, read with no flag but
// --gpus 1 (and the workload where a file holds several), lands where the
// perf engineer's reading does: the recommendation in the accepted range,
// the listed levels never sub_knee, the status among the accepted ones.
func TestFindCalibrationSetAgreesWithPerfEngineers(t *testing.T) {
	for _, c := range calibrationCases(t) {
		t.Run(c.File, func(t *testing.T) {
			path := fixtures.Path("sweeps/" + c.File)
			opts := read.Options{Meta: read.Meta{GPUs: 1}}
			if len(c.WorkloadRefusalMention) > 0 {
				_, err := read.File(path, opts)
				var in *inputerr.Error
				require.True(t, errors.As(err, &in), "a file of several workloads is refused: %v", err)
				for _, w := range c.WorkloadRefusalMention {
					require.Contains(t, err.Error(), w)
				}
			}
			opts.Workload = c.Workload
			s, err := read.File(path, opts)
			require.NoError(t, err)
			r, err := knee.Find(s, knee.DefaultOptions())
			require.NoError(t, err)
			t.Logf("%s: status %s, recommended %v; %s", c.File, r.Knee.Status, deref(r.RecommendedPerGPU), r.Knee.Detail)

			if c.RateBased {
				requireRateVerdicts(t, s, r, c)
				return
			}
			if len(c.StatusIn) > 0 {
				require.Contains(t, c.StatusIn, string(r.Knee.Status))
			}
			if r.RecommendedPerGPU == nil {
				require.True(t, c.RecommendedMayBeNull, "nothing recommended: %s", r.RecommendationReason)
			} else {
				in := false
				for _, rg := range c.RecommendedIn {
					in = in || (*r.RecommendedPerGPU >= rg[0] && *r.RecommendedPerGPU <= rg[1])
				}
				require.True(t, in, "recommended %v, accepted %v: %s", *r.RecommendedPerGPU, c.RecommendedIn, c.Why)
			}
			for _, x := range c.NotSubKnee {
				p := point(t, r, x)
				require.NotEqual(t, knee.VerdictSubKnee, p.Verdict, "%v/GPU: %s", x, c.Why)
				if r.RecommendedPerGPU != nil {
					require.NotEqual(t, x, *r.RecommendedPerGPU)
				}
			}
		})
	}
}

// requireRateVerdicts checks an open-loop sweep by offered rate: the rates
// the server kept up with are sub_knee, the ones it fell behind past_knee,
// and the recommendation is the highest rate it kept up with.
func requireRateVerdicts(t *testing.T, s *sweep.Sweep, r *knee.Result, c calibrationCase) {
	t.Helper()
	verdictAt := map[float64]knee.Verdict{}
	for _, p := range s.Points {
		require.NotNil(t, p.RequestedRate, "open-loop points keep their offered rate")
		verdictAt[*p.RequestedRate] = point(t, r, p.Level()).Verdict
	}
	for _, rate := range c.SubKneeRates {
		require.Equal(t, knee.VerdictSubKnee, verdictAt[rate], "%v req/s: %s", rate, c.Why)
	}
	for _, rate := range c.PastKneeRates {
		require.Equal(t, knee.VerdictPastKnee, verdictAt[rate], "%v req/s: %s", rate, c.Why)
	}
	require.NotNil(t, r.RecommendedPerGPU)
	var top float64
	for _, p := range s.Points {
		if p.Level() == *r.RecommendedPerGPU {
			top = *p.RequestedRate
		}
	}
	require.Equal(t, c.SubKneeRates[len(c.SubKneeRates)-1], top, "the operating point is the last rate served")
}

func deref(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}
