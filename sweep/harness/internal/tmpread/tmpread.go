// Package tmpread hands harness output held in memory (a pod log, an
// export) to sweep/read, which reads files: knee has one parser per format,
// in sweep/read, and the harness packages must not grow a second one.
package tmpread

import (
	"os"
	"path/filepath"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// Sweep writes data to a private temp file called name and reads it with
// sweep/read in the given format.
func Sweep(data []byte, name, format string) (*sweep.Sweep, error) {
	dir, err := os.MkdirTemp("", "knee-read-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return nil, err
	}
	return read.File(path, read.Options{Format: format})
}
