// Package baseline turns a knee analysis into what a recipe PR needs:
// the per-accelerator concurrency setting and regression floors in the exact
// form aicr overlays use — or a refusal, with every reason and the next run
// that would fix it, when the measurement cannot support a floor (a level
// past the knee, invalid, or unverified). It also patches aicr overlay files
// byte-exactly and compares sweeps of different accelerators side by side.
//
// It imports sweep and knee, never the other way round.
package baseline
