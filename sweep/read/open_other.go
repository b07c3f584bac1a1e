//go:build !unix

package read

// openNonBlock: no such flag here; the mode check before opening stands.
const openNonBlock = 0
