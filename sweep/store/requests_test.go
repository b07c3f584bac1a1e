package store

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// savedWithRequests is a results folder of one level whose requests.jsonl
// holds lines.
func savedWithRequests(t *testing.T, lines string) (dir, jsonl string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "out")
	s, err := Create(dir, plan())
	require.NoError(t, err)
	lv := plan().Levels()[0]
	require.NoError(t, s.SaveLevel(okRecord(lv, 1000), map[string][]byte{RequestsFile: []byte(lines)}))
	s.Close()
	return dir, filepath.Join(dir, LevelDir(lv), RequestsFile)
}

// Issue 27 item 10: a FIFO at levels/*/requests.jsonl hung find, diff and
// baseline (it was opened before its type was checked). Refused at once,
// naming the file.
func TestLoadRefusesAFIFORequestsFileAtOnce(t *testing.T) {
	dir, jsonl := savedWithRequests(t, `{"index":0,"e2e_ms":100,"ttft_ms":10,"output_tokens":5}`+"\n")
	require.NoError(t, os.Remove(jsonl))
	require.NoError(t, syscall.Mkfifo(jsonl, 0o644))
	start := time.Now()
	err := within(t, func() error { _, err := Load(dir); return err })
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, jsonl, in.File)
	require.ErrorContains(t, err, "is a FIFO (named pipe), not a regular file")
	require.Less(t, time.Since(start), 20*time.Second)
}

// Issue 27 item 11: one garbage line in the optional requests.jsonl made
// the folder unreadable. It is skipped with a note naming the file and
// line; the good lines still count (warm-up and failures left out).
func TestLoadSkipsAGarbageRequestLineWithANote(t *testing.T) {
	dir, jsonl := savedWithRequests(t, `{"index":0,"warmup":true,"e2e_ms":90,"ttft_ms":9,"output_tokens":5}
{"index":1,"e2e_ms":100,"ttft_ms":10,"output_tokens":5}
garbage {
{"index":3,"e2e_ms":-5,"ttft_ms":10,"output_tokens":5}
{"index":4,"e2e_ms":120,"ttft_ms":12,"output_tokens":6}
{"index":5,"e2e_ms":130,"output_tokens":0,"error":"http_500"}
`)
	s, err := Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	pr := s.Points[0].PerRequest
	require.Len(t, pr, 2)
	require.Equal(t, 100.0, pr[0].E2EMs)
	require.Equal(t, 120.0, pr[1].E2EMs)
	require.Contains(t, s.Notes, jsonl+": 2 line(s) not a request line (the first: line 3), skipped")
}
