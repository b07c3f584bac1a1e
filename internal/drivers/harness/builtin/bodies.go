package builtin

import (
	"encoding/json"
	"math/rand/v2"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// body is one pre-encoded request: bodies are built once per level so the
// hot loop never marshals JSON.
type body struct {
	json        []byte
	inputTokens int
}

// words are common English words that tokenise to about one token each in
// the usual BPE vocabularies, so N words ≈ N prompt tokens on a real server.
var words = strings.Fields(`the of and to in is was for on are with as his they be at one have this from
or had by word but what some we can out other were all there when up use your how said an each she which
do their time if will way about many then them write would like so these her long make thing see him two
has look more day could go come did number sound no most people my over know water than call first who may
down side been now find any new work part take get place made live where after back little only round man
year came show every good me give our under name very through just form sentence great think say help low
line differ turn cause much mean before move right boy old too same tell does set three want air well also
play small end put home read hand port large spell add even land here must big high such follow act why ask`)

type completionBody struct {
	Model         string        `json:"model"`
	Prompt        string        `json:"prompt,omitempty"`
	Messages      []chatMessage `json:"messages,omitempty"`
	MaxTokens     int           `json:"max_tokens"`
	Stream        bool          `json:"stream"`
	StreamOptions streamOptions `json:"stream_options"`
	IgnoreEOS     bool          `json:"ignore_eos"`
	Temperature   float64       `json:"temperature"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

// buildBodies makes n distinct requests (distinct prompts defeat prefix
// caching on real servers) with seeded prompts of inputTokens words, or
// lengths drawn from inputTokens × [1−spread, 1+spread].
func buildBodies(api, model string, inputTokens, outputTokens int, spread float64, seed int64, n int) ([]body, error) {
	if inputTokens <= 0 || outputTokens <= 0 {
		return nil, inputerr.Errorf("plan", "--input-tokens/--output-tokens", 0, "must be positive")
	}
	if spread < 0 || spread >= 1 {
		return nil, inputerr.Errorf("options", "input spread", 0, "must be in [0, 1), got %g", spread)
	}
	n = max(n, 1)
	rng := rand.New(rand.NewPCG(uint64(seed), 0xb0d1e5))
	out := make([]body, n)
	var sb strings.Builder
	for i := range out {
		length := inputTokens
		if spread > 0 {
			lo := float64(inputTokens) * (1 - spread)
			length = max(1, int(lo+rng.Float64()*float64(inputTokens)*2*spread+0.5))
		}
		sb.Reset()
		for w := 0; w < length; w++ {
			if w > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[rng.IntN(len(words))])
		}
		b := completionBody{
			Model:         model,
			MaxTokens:     outputTokens,
			Stream:        true,
			StreamOptions: streamOptions{IncludeUsage: true},
			IgnoreEOS:     true,
		}
		if api == "chat" {
			b.Messages = []chatMessage{{Role: "user", Content: sb.String()}}
		} else {
			b.Prompt = sb.String()
		}
		raw, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		out[i] = body{json: raw, inputTokens: length}
	}
	return out, nil
}
