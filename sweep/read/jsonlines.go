package read

import (
	"bufio"
	"bytes"

	"github.com/kneetool/knee/internal/inputerr"
)

// jsonLines calls each with every non-blank line of a JSON-lines input
// (vLLM's appended results, SGLang's --output-file), counted from 1 and
// trimmed, until each returns an error. A line is at most 64 MB; a longer
// one, or a read error, is an input error naming the line.
func jsonLines(path string, data []byte, each func(line int, text []byte) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if err := each(line, text); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return inputerr.Errorf(path, "", line, "cannot read: %w", err)
	}
	return nil
}
