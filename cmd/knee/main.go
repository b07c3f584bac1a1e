// Command knee finds the concurrency knee of an LLM serving stack and turns a
// sweep into per-accelerator settings and regression floors.
package main

import (
	"os"
	"runtime/debug"
)

// softMemoryLimit asks the garbage collector to return garbage before the
// heap passes it. Inputs are bounded (256 MB a file, 100,000 measurements),
// so what knee keeps stays well below; without it a reader's garbage could
// double the resident size before a collection. GOMEMLIMIT overrides it.
const softMemoryLimit = 768 << 20

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(softMemoryLimit)
	}
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
