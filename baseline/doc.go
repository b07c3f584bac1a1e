// Package baseline turns a knee analysis into what a recipe PR needs:
// the per-accelerator concurrency setting and regression floors in the exact
// form aicr overlays use — or a refusal, with every reason and the next run
// that would fix it, when the measurement cannot support a floor (a level
// past the knee, invalid, or unverified). It also patches aicr overlay files
// byte-exactly (through baseline/overlay) and compares sweeps of different
// accelerators side by side. It computes only: package report words its
// results for people.
//
// It imports sweep and knee, never the other way round, and never report.
// Inside, the files keep to three jobs and the data flows one way, from a
// knee.Result to the bytes written:
//
//   - policy (a Recommendation from a Result): policy.go, propose.go,
//     stats.go, round.go, types.go, with the words of its derivations in
//     kneephrase.go and format.go; the reasons' sentences and next runs are
//     knee's one table (knee/reasons.go).
//   - overlay editing (byte-exact YAML) is its own package, baseline/overlay
//     (read, target, patch, stage and write), which knows only constraints
//     and comment lines. Here, overlay_write.go hands it a proposal's
//     constraints and the comment block's lines (Request.Comment,
//     report.CommentLines); target.go refuses a sweep of another
//     target; overlay_report.go sets the overlay's gates beside the
//     proposal. They read a Recommendation, never make one.
//   - compare, catalog and diff (many sweeps or leaves): compare.go,
//     catalog.go, diff.go, diff_overlay.go; run.go ties one leaf's policy and
//     overlay together.
package baseline
