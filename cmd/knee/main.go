// Command knee finds the concurrency knee of an LLM serving stack and turns a
// sweep into per-accelerator settings and regression floors.
package main

import "os"

func main() { os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr)) }
