package builtin

import (
	"errors"
	"strings"
	"testing"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// FuzzParseDataset feeds arbitrary files to the dataset parser: it must
// never panic, refuse only with an InputError naming the file, and accept
// only prompts that are non-empty text within knee's bounds, no more than
// the entry cap. Seeds: the fixtures' shapes, good and bad.
//
//	go test -run '^$' -fuzz FuzzParseDataset -fuzztime 30s ./internal/drivers/harness/builtin/
func FuzzParseDataset(f *testing.F) {
	for _, seed := range []string{
		`[{"conversations":[{"from":"human","value":"hi there"},{"from":"gpt","value":"hello"}]}]`,
		`[{"conversations":[{"from":"gpt","value":"no prompt"}]},{"conversations":[{"from":"user","value":"x"}]}]`,
		`[{"conversations":[{"from":"human"}]}]`,
		`[{"conversations":3}]`,
		`[{"conversations":[]}] trailing`,
		"\xef\xbb\xbf" + `{"prompt":"a b","output_tokens":4}` + "\n" + `{"prompt":"c","max_tokens":2}` + "\n",
		`{"prompt":3}`,
		`{"prompt":"a","output_tokens":-1}`,
		`{"prompt":"a"} {"prompt":"b"}`,
		"\n\n{\"prompt\":\"\\u0000 \\ud800\"}\n",
		`[` + strings.Repeat(`{"conversations":[{"from":"human","value":"w"}]},`, 50) + `{}]`,
		`[[[[`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		prompts, format, err := parseDataset("fuzz.json", data)
		if err != nil {
			var ie *inputerr.Error
			if !errors.As(err, &ie) || ie.File != "fuzz.json" {
				t.Fatalf("not an InputError naming the file: %v", err)
			}
			return
		}
		if format != formatShareGPT && format != formatJSONL {
			t.Fatalf("format %q", format)
		}
		if len(prompts) == 0 || len(prompts) > maxDatasetEntries {
			t.Fatalf("%d prompts accepted", len(prompts))
		}
		for i, p := range prompts {
			if strings.TrimSpace(p.text) == "" || p.words < 1 || p.words > sweep.MaxTokens || len(p.text) > maxPromptBytes {
				t.Fatalf("prompt %d: %+v", i, p)
			}
			if p.output < 0 || p.output > sweep.MaxTokens {
				t.Fatalf("prompt %d: output %d", i, p.output)
			}
		}
	})
}
