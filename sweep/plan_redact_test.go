package sweep

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRedactURLHidesEveryCredential(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:8000":                       "http://127.0.0.1:8000",
		"http://user:PASSWORD@host:8000/v1":           "http://user:xxxxx@host:8000/v1",
		"https://sk-token-as-user@gateway/v1":         "https://xxxxx@gateway/v1",
		"http://user:@host":                           "http://user:xxxxx@host",
		"http://u:pass word%zz@127.0.0.1:1":           "http://xxxxx@127.0.0.1:1",
		"user:secret@host:80":                         "xxxxx@host:80",
		" http://a:b@h ":                              "http://a:xxxxx@h",
		"http://host/path?token=not-userinfo":         "http://host/path?token=not-userinfo",
		"http://user:p%40ss@host/v1/chat/completions": "http://user:xxxxx@host/v1/chat/completions",
	} {
		require.Equal(t, want, RedactURL(in), in)
		require.NotContains(t, RedactURL(in), "PASSWORD")
		require.NotContains(t, RedactURL(in), "secret")
		require.NotContains(t, RedactURL(in), "p%40ss")
	}
	require.True(t, HasCredentials("http://a:b@h"))
	require.True(t, HasCredentials("http://u:pass word%zz@127.0.0.1:1"))
	require.False(t, HasCredentials("http://h/x@y"))
}

// Whatever the endpoint string, the password of a URL that parses never
// survives redaction.
func FuzzRedactURL(f *testing.F) {
	for _, s := range []string{"http://u:p@h", "https://x@h:1/v1", "u:p@h", "http://u:pa ss@h", "http://h/a@b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := RedactURL(s)
		if u, err := url.Parse(strings.TrimSpace(s)); err == nil && u.User != nil {
			if pw, ok := u.User.Password(); ok && len(pw) >= 4 && strings.Contains(r, pw) && !strings.Contains(strings.Replace(s, pw, "", 1), pw) {
				t.Fatalf("%q → %q keeps the password %q", s, r, pw)
			}
		}
	})
}
