//go:build !unix

package boundedio

// openNonBlock: no such flag here; the mode check before opening stands.
const openNonBlock = 0
