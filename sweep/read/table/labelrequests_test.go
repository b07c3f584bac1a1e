package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: conditions named in words, the requests in flight counted
// beside a load word, and one request written "Single user".
func TestLabelRequestsBesideLoadWord(t *testing.T) {
	doc := `| Condition | System tok/s |
|---|---|
| Single user | 150 |
| Mid concurrency (8 reqs) | 1,100 |
| Max concurrency (32 reqs) | 2,600 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 8, 32}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
}

// Synthetic: a count of requests with no load word is the run's size, not
// the load: no concurrency is read from it.
func TestLabelRequestsWithoutLoadWordNoLoad(t *testing.T) {
	doc := `| Run | System tok/s |
|---|---|
| short (100 requests) | 150 |
| medium (200 requests) | 1,100 |
| long (400 requests) | 2,600 |
`
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "no concurrency column")
}

// Synthetic: Korean scenario labels, the first one user in words (단일
// 사용자), the others the load in "c=N".
func TestLabelOneUserInKorean(t *testing.T) {
	doc := `| 시나리오 | 출력 tok/s |
|---|---|
| S1. 단일 사용자 | 105 |
| S2. 일반 대화 (c=8) | 446 |
| S3. 부하 (c=32) | 1,210 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 32}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
}

// Synthetic: runs named apart, two of them at c=8 (a chat and a summary
// workload): not one curve's levels, so the labels give no load.
func TestLabelRunsSharingALevelGiveNoLoad(t *testing.T) {
	doc := `| Scenario | Output tok/s |
|---|---|
| S1. single user | 105 |
| S2. chat (c=8) | 446 |
| S3. heavy (c=32) | 700 |
| S4. summaries (c=8) | 170 |
`
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "no concurrency column")
}
