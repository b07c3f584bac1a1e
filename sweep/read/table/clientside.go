package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A benchmark client may print one latency twice: as the server reports it
// ("server_ttft_s_mean") and as the client saw it ("client_ttft_s_mean").
// The two name one quantity measured at two ends; what users wait, and what
// a floor is set on, is the client's (it adds the network and the
// queueing before the server logs the request). Of two such columns the
// client's is read, with a note; nothing else is decided here.

// sideWord is the side a header names, as a word of its own.
var sideWord = regexp.MustCompile(`(?i)(^|[\s_./-])(client|server)([\s_./-]|$)`)

// keepClientSide leaves the client's column read and the server's unread
// when the candidates are one header written with each side; false
// otherwise.
func (r *resolved) keepClientSide(idx []int) bool {
	if len(idx) != 2 {
		return false
	}
	a, b := r.cols[idx[0]].header, r.cols[idx[1]].header
	sa, ra := sideOf(a)
	sb, rb := sideOf(b)
	if sa == "" || sb == "" || sa == sb || ra != rb {
		return false
	}
	client, server := idx[0], idx[1]
	if sa == "server" {
		client, server = server, client
	}
	r.cols[server].kind, r.cols[server].why = colIgnore, fmt.Sprintf("the server's own measure of the latency %q gives as the client saw it; the client's, what users wait, is read", r.cols[client].header)
	return true
}

// sideOf is the side a header names and the header without it.
func sideOf(h string) (string, string) {
	ms := sideWord.FindAllStringSubmatchIndex(h, -1)
	if len(ms) != 1 {
		return "", ""
	}
	m := ms[0]
	return strings.ToLower(h[m[4]:m[5]]), strings.ToLower(h[:m[4]] + h[m[5]:])
}
