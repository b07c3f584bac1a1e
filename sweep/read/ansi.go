package read

import (
	"bytes"
	"regexp"
)

// A console table copied from a terminal or a notebook's output keeps the
// colour codes the tool printed: "\x1b[1m Statistic\x1b[0m", or, where the
// page dropped the escape byte, "[1m Statistic[0m". They are no content:
// left in, they glue to words and numbers and make a rich table pass for
// something else. The codes with their escape byte are always taken out;
// the bare "[1m"/"[0m" only where a text holds three or more of them (one
// alone may be a reference in prose). No newline is removed: line numbers
// in messages stay the file's.

var (
	escapeCode = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)
	bareCode   = regexp.MustCompile(`\[[0-9][0-9;]{0,11}m`)
)

// stripTerminalCodes returns data without terminal colour codes.
func stripTerminalCodes(data []byte) []byte {
	if bytes.IndexByte(data, 0x1b) >= 0 {
		data = escapeCode.ReplaceAll(data, nil)
	}
	if bytes.Contains(data, []byte("m")) && len(bareCode.FindAllIndex(data, 3)) >= 3 {
		data = bareCode.ReplaceAll(data, nil)
	}
	return data
}
