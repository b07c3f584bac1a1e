package catalog

import (
	"bytes"
	"io"
	"sync"
)

// lockedWriter lets leaves running side by side share stderr line by line.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// prefixWriter writes each complete line with the leaf's name in front, so
// the progress of leaves on different clusters stays readable when mixed.
type prefixWriter struct {
	w      io.Writer
	prefix string
	buf    bytes.Buffer
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.buf.Write(b)
	for {
		i := bytes.IndexByte(p.buf.Bytes(), '\n')
		if i < 0 {
			break
		}
		line := p.buf.Next(i + 1)
		if _, err := io.WriteString(p.w, p.prefix+string(line)); err != nil {
			return len(b), err
		}
	}
	return len(b), nil
}

// Flush writes a last line without its newline.
func (p *prefixWriter) Flush() {
	if p.buf.Len() > 0 {
		_, _ = io.WriteString(p.w, p.prefix+p.buf.String()+"\n")
		p.buf.Reset()
	}
}
