// Package fit is the numeric core of knee: throughput models of a serving
// curve X(N) (concurrency N, throughput X), their least-squares fit, the knee
// of a fitted curve, and a seeded bootstrap of any statistic of the fit.
//
// Every function is pure: no package state is written, nothing is read from
// the environment, and the bootstrap draws from a generator seeded by its
// caller, so the same input gives the same output.
//
// # Units
//
// The API speaks real units (N and X as the caller measured them). Models are
// fitted in scaled units u = N/S_N and y = X/S_X, where S_N is the highest
// level and S_X the highest throughput: unit magnitudes keep Nelder–Mead well
// conditioned, and they make every result independent of the units X and N
// are expressed in (tokens/s or kilotokens/s, per GPU or per node).
//
// # The knee
//
// The knee of a fitted curve is its over-saturation point, defined by the
// throughput elasticity
//
//	e(N) = d ln X / d ln N = N·X'(N) / X(N),
//
// the share of a relative increase of load that still becomes throughput.
// By Little's law N = X_req·R, so 1 − e is the share that becomes waiting
// time instead. Every model here passes through the origin with a positive
// slope (no request in flight serves nothing), so e(0⁺) = 1, and
//
//	knee = min { N > 0 : e(N) ≤ e* }.
//
// For Amdahl's X = λN/(1+σN), e = 1/(1+σN) and the knee is (1/e* − 1)/σ; for
// a soft roofline it lies just past the corner; for the USL it lies before the
// peak N = 1/√κ, where e = 0. With e* = 1/3 an Amdahl curve delivers 2/3 of
// its asymptote at the knee and a k = 8 roofline 95% of its ceiling.
package fit
