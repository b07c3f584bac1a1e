package sweep

import (
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
