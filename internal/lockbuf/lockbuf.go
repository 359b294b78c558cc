// Package lockbuf is a buffer that one goroutine writes while another
// reads it: a terminal or a log in tests.
package lockbuf

import (
	"bytes"
	"sync"
)

// Buffer collects what is written to it; safe for concurrent use.
type Buffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes []string
}

// Write appends p.
func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, string(p))
	return l.b.Write(p)
}

// String returns everything written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Writes returns each write so far, in order.
func (l *Buffer) Writes() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.writes...)
}
