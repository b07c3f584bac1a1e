package builtin

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/boundedio"
)

// Bounds of a --dataset file. ShareGPT_V3's unfiltered split is 670 MB:
// trim it (jq '.[:20000]') rather than hold it all; a sweep samples a few
// thousand prompts.
const (
	maxDatasetBytes   = 256 << 20
	maxDatasetEntries = 200_000
	// maxPromptBytes bounds one prompt (the simulated server's request
	// limit is 8 MiB; a million-token prompt is about 5 MB of text).
	maxPromptBytes = 6 << 20
)

// Dataset formats.
const (
	formatShareGPT = "sharegpt"
	formatJSONL    = "jsonl"
)

// datasetPrompt is one usable dataset entry: the prompt text, its length in
// words (what the request records as input tokens until the server's usage
// says), and the output length it asks for (0: the output distribution's).
type datasetPrompt struct {
	text   string
	words  int
	output int
}

// parseDataset reads a ShareGPT-style JSON array ([{"conversations":
// [{"from":"human","value":…},{"from":"gpt","value":…}]}, …]) or JSONL
// ({"prompt":…, "output_tokens" or "max_tokens": N} per line). A malformed
// entry is exit 2 naming the file and the entry (its index in the array,
// its line in JSONL). ShareGPT entries without a human turn are skipped, as
// vLLM's benchmark skips them; a file with no usable entry is refused.
func parseDataset(path string, data []byte) ([]datasetPrompt, string, error) {
	return parseDatasetFrom(path, bytes.NewReader(data))
}

// parseDatasetFrom is parseDataset on a stream: a dataset is decoded as it
// is read, never held whole beside its prompts (a 240 MB dataset took
// 977 MB: issue 27 item 10).
func parseDatasetFrom(path string, r io.Reader) ([]datasetPrompt, string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte("\xef\xbb\xbf")) {
		_, _ = br.Discard(3)
	}
	first, err := firstByte(br)
	if err != nil {
		return nil, "", inputerr.Errorf(path, "--dataset", 0, "cannot read: %v", err)
	}
	var (
		out    []datasetPrompt
		format string
	)
	switch first {
	case '[':
		format = formatShareGPT
		out, err = parseShareGPT(path, br)
	case '{':
		format = formatJSONL
		out, err = parseJSONL(path, br)
	default:
		return nil, "", inputerr.Errorf(path, "--dataset", 0, "not a dataset: want a ShareGPT JSON array or JSONL of {\"prompt\": …}")
	}
	if err != nil {
		return nil, "", err
	}
	if len(out) == 0 {
		return nil, "", inputerr.Errorf(path, "--dataset", 0, "no usable prompt in the file")
	}
	return out, format, nil
}

// firstByte is the first byte past leading white space, left unread (0
// at the end of the stream).
func firstByte(br *bufio.Reader) (byte, error) {
	for {
		b, err := br.ReadByte()
		if errors.Is(err, io.EOF) {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			return b, br.UnreadByte()
		}
	}
}

type shareGPTEntry struct {
	Conversations *[]struct {
		From  *string `json:"from"`
		Value *string `json:"value"`
	} `json:"conversations"`
}

func parseShareGPT(path string, r io.Reader) ([]datasetPrompt, error) {
	dec := json.NewDecoder(r)
	if _, err := dec.Token(); err != nil { // the opening [
		return nil, inputerr.Errorf(path, "", 0, "not JSON: %v", err)
	}
	var out []datasetPrompt
	for i := 0; dec.More(); i++ {
		field := fmt.Sprintf("[%d]", i)
		if i == maxDatasetEntries {
			return nil, inputerr.Errorf(path, field, 0, "more than %d entries: trim the file (jq '.[:%d]')", maxDatasetEntries, maxDatasetEntries)
		}
		var e shareGPTEntry
		if err := dec.Decode(&e); err != nil {
			return nil, inputerr.Errorf(path, field, 0, "entry %d is malformed: %s", i, jsonMessage(err))
		}
		p, ok, err := shareGPTPrompt(path, field, i, e)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		out = append(out, p)
	}
	if _, err := dec.Token(); err != nil { // the closing ]
		return nil, inputerr.Errorf(path, "", 0, "after entry %d: %s", len(out), jsonMessage(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, inputerr.Errorf(path, "", 0, "data after the closing ] of the array")
	}
	return out, nil
}

// shareGPTPrompt is entry i's prompt: its first non-empty human turn, with
// the reply's length as the output wanted; ok is false when it has none.
func shareGPTPrompt(path, field string, i int, e shareGPTEntry) (p datasetPrompt, ok bool, err error) {
	if e.Conversations == nil {
		return p, false, inputerr.Errorf(path, field+".conversations", 0, "entry %d has no conversations array", i)
	}
	turns := *e.Conversations
	prompt := -1
	for t, turn := range turns {
		if turn.From == nil || turn.Value == nil {
			return p, false, inputerr.Errorf(path, fmt.Sprintf("%s.conversations[%d]", field, t), 0, "entry %d: a turn needs \"from\" and \"value\" strings", i)
		}
		if prompt < 0 && (*turn.From == "human" || *turn.From == "user") && strings.TrimSpace(*turn.Value) != "" {
			prompt = t
		}
	}
	if prompt < 0 {
		return p, false, nil
	}
	if p, err = newPrompt(path, field, i, *turns[prompt].Value); err != nil {
		return p, false, err
	}
	// The reply's length is the output the conversation had: the
	// output length vLLM's ShareGPT benchmark asks for (in words here,
	// the server's usage counts the real tokens).
	if r := prompt + 1; r < len(turns) && (*turns[r].From == "gpt" || *turns[r].From == "assistant") {
		p.output = min(max(1, countWords(*turns[r].Value)), sweep.MaxTokens)
	}
	return p, true, nil
}

type jsonlEntry struct {
	Prompt       *string `json:"prompt"`
	OutputTokens *int    `json:"output_tokens"`
	MaxTokens    *int    `json:"max_tokens"`
}

func parseJSONL(path string, r io.Reader) ([]datasetPrompt, error) {
	var out []datasetPrompt
	entry := 0
	sc := bufio.NewScanner(r)
	// A line holds one prompt (at most maxPromptBytes, JSON-escaped up to
	// twice that) and its fields.
	sc.Buffer(make([]byte, 0, 64<<10), 2*maxPromptBytes+64<<10)
	for n := 0; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		field := fmt.Sprintf("[%d]", entry)
		if entry == maxDatasetEntries {
			return nil, inputerr.Errorf(path, field, n+1, "more than %d entries: trim the file (head -n %d)", maxDatasetEntries, maxDatasetEntries)
		}
		var e jsonlEntry
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, jsonlLineError(path, field, n+1, entry, line)
		}
		if e.Prompt == nil || strings.TrimSpace(*e.Prompt) == "" {
			return nil, inputerr.Errorf(path, field+".prompt", n+1, "entry %d has no prompt string", entry)
		}
		p, err := newPrompt(path, field, entry, *e.Prompt)
		if err != nil {
			return nil, err
		}
		for _, o := range []struct {
			name string
			v    *int
		}{{"output_tokens", e.OutputTokens}, {"max_tokens", e.MaxTokens}} {
			if o.v == nil || p.output > 0 {
				continue
			}
			if *o.v < 1 || *o.v > sweep.MaxTokens {
				return nil, inputerr.Errorf(path, field+"."+o.name, n+1, "entry %d: %d is not a token count in [1, %d]", entry, *o.v, sweep.MaxTokens)
			}
			p.output = *o.v
		}
		out = append(out, p)
		entry++
	}
	if err := sc.Err(); err != nil {
		return nil, inputerr.Errorf(path, fmt.Sprintf("[%d]", entry), 0, "cannot read entry %d: %v", entry, err)
	}
	return out, nil
}

// jsonlLineError says why a line is not one entry, in the words of a
// decoder that reads it: malformed, or more than one JSON value.
func jsonlLineError(path, field string, line, entry int, text []byte) error {
	var e jsonlEntry
	dec := json.NewDecoder(bytes.NewReader(text))
	if err := dec.Decode(&e); err != nil {
		return inputerr.Errorf(path, field, line, "entry %d is malformed: %s", entry, jsonMessage(err))
	}
	return inputerr.Errorf(path, field, line, "entry %d: more than one JSON value on the line", entry)
}

func newPrompt(path, field string, i int, text string) (datasetPrompt, error) {
	if len(text) > maxPromptBytes {
		return datasetPrompt{}, inputerr.Errorf(path, field, 0, "entry %d: the prompt is %s, more than %s", i, boundedio.SizeText(int64(len(text))), boundedio.SizeText(maxPromptBytes))
	}
	words := countWords(text)
	if words > sweep.MaxTokens {
		return datasetPrompt{}, inputerr.Errorf(path, field, 0, "entry %d: the prompt has %d words, more than knee's bound of %d tokens", i, words, sweep.MaxTokens)
	}
	return datasetPrompt{text: text, words: max(words, 1)}, nil
}

// jsonMessage is a decoding error in JSON's words (the field and type a
// value should have had), without Go's type names.
func jsonMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s is a JSON %s, want %s", te.Field, te.Value, jsonKind(te.Type.Kind().String()))
	}
	return err.Error()
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "int", "int64":
		return "an integer"
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return goKind
}

// countWords is len(strings.Fields(s)) without the slice of words: a
// dataset's every prompt is counted, and that slice was most of what
// loading one allocated.
func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
			continue
		}
		if !in {
			n++
		}
		in = true
	}
	return n
}
