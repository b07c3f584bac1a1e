package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A load written inside a row's label: llama-benchy's "tg4096 (c5)", a
// test named "chat C=8", "run conc 16", a setting "qps = 2". One label per
// row, each holding one load marker whose number changes from row to row,
// is the table's load when no column is: the number becomes a concurrency
// column (a request rate column where the marker names a rate: "qps",
// "rate=4.0"), and what is left of the label stays as the row's name.

// labelLoad finds one load marker in a label: a load word (c, conc,
// concurrency, users, clients, workers, np, parallel, bs, batch) then a
// number, "=" or ":" between them or nothing, standing apart from the
// label's other words; an underscore parts words in a snake_case test
// name ("closed_c32", as "…_qps_16" in vLLM's).
var labelLoad = regexp.MustCompile(`(?i)(^|[\s(\[,;/|_，、·])(c|conc|concurrency|users?|clients?|workers?|np|parallel|bs|batch|并发数?|併發數?|並發數?|并行数?|同时|同時|동시)\s*[=:：]?\s*(\d+)\b`)

// labelRate finds one offered-rate marker in a label: qps or rps then a
// number, whole or not, and the rate's unit after it or none: "qps = 2",
// "run qps 4", "rps: 2.5", and the test names of vLLM's serving benchmarks,
// "serving_llama8B_tp1_sharegpt_qps_16", "tp8_pp1_qps_inf" (inf: every
// request at once).
var labelRate = regexp.MustCompile(`(?i)(^|[\s(\[,;/|_])(qps|rps)\s*[=:_]?\s*(\d+(?:\.\d+)?|inf)(?:\s*(?:req/s|rps|qps))?(?:[\s)\],;|_]|$)`)

// labelRateWord is the marker "rate" or "request rate" with its number
// ("rate=4.0", "request rate 2.5 req/s"), at the label's start or after a
// bracket or a comma: after another word "rate" is that word's ("error
// rate 0.1", "success rate 99"), no load.
var labelRateWord = regexp.MustCompile(`(?i)(^|[(\[,;/|]\s*)((?:request[ _-]?)?rate)\s*[=:]?\s*(\d+(?:\.\d+)?)(?:\s*(?:req/s|rps|qps))?(?:[\s)\],;|]|$)`)

// labelUnitRate is a number with a request rate's unit after it and no
// word before it ("Naive, 4 req/s", "batching / 2.5 rps"): the unit says
// what the number is, as a cell's unit does. An offered rate is what an
// operator writes in a run's name; a measured one lands in a column, so a
// label whose rate changes row to row names the row's load.
var labelUnitRate = regexp.MustCompile(`(?i)(^|[\s(\[,;/|_])()(\d+(?:\.\d+)?)\s*(?:req/s|reqs/s|requests?/s(?:ec)?|rps|qps)(?:[\s)\],;|]|$)`)

// labelCountLoad is a whole number with a load noun after it, the way
// prose counts the load ("4 users", "(16 clients)", "8 concurrent",
// "32 streams"): users, clients and streams running at once are the
// concurrency, whatever the language of the rest of the label.
var labelCountLoad = regexp.MustCompile(`(?i)(^|[\s(\[,;/|_])()(\d+)\s*(?:users?|clients?|streams?|concurrent(?:\s+(?:users|requests|streams))?)(?:[\s)\],;|]|$)`)

// labelLoadRequests is a count of requests in a label that also names the
// load ("Mid concurrency (8 reqs)", "parallel: 16 requests"): beside a load
// word the requests are the ones in flight, not the run's total.
var labelLoadRequests = regexp.MustCompile(`(?i)((?:concurren\w*|parallel\w*|simultaneous)\b[^\d]*?[\s(\[,;/|_:])()(\d+)\s*(?:reqs?|requests?)(?:[\s)\],;|]|$)`)

// oneStreamLabel is a label that names one request at a time in words
// ("Single user", "single stream", "sequential", "단일 사용자", "单用户"): beside labels whose
// markers count the streams, it is the level of one.
var oneStreamLabel = regexp.MustCompile(`(?i)(^|[\s(\[,;/|_.-])(single[\s_-]?(?:user|stream|request|client|session)|one[\s_-](?:user|stream|request|client)|sequential|serial|` +
	// The same in the languages reports are written in: Spanish, French,
	// Portuguese, Italian, German, Russian.
	`usuario[\s_-]único|un[\s_-]usuario|utilisateur[\s_-]unique|un[\s_-]utilisateur|usuário[\s_-]único|um[\s_-]usuário|` +
	`utente[\s_-]singolo|singolo[\s_-]utente|einzel(?:ner)?[\s_-]?(?:nutzer|benutzer|anfrage)|ein[\s_-](?:nutzer|benutzer)|` +
	`один[\s_-]пользователь|одиночный[\s_-]запрос)([\s)\],;|_.-]|$)` +
	// Korean, Chinese and Japanese write no spaces around the words.
	`|단일\s*(?:사용자|요청|스트림)|단일\s*유저|单用户|单并发|单请求|单路|單用戶|單一使用者|シングルユーザー|単一ユーザー|単一リクエスト`)

// labelFlagLoad is a load set by a benchmark's command-line flag written in
// the label ("--runs 3 --concurrency 4", "llama-server -np 8", "k6 --vus
// 16"): the flag is the level the run was given, as a command line above a
// result block is. Flags whose number is not a count of requests in flight
// are left out: llama.cpp's -c (context size) and -b / --batch-size (a
// prompt batch in tokens), guidellm's --rate (a concurrency or a rate by
// --rate-type), and a server's caps, llama-server's -np / --parallel
// (its slots) and an engine's --max-num-seqs: the client may send fewer.
var labelFlagLoad = regexp.MustCompile(`(?i)(^|[\s(\[,;|])(--?(?:max[-_]concurrency|concurrency|num[-_]concurrent(?:[-_]requests)?|concurrent[-_]requests|num[-_]users|users|vus|clients|num[-_]clients))(?:\s+|\s*=\s*)(\d+)(?:[\s)\],;|]|$)`)

// labelFlagRate is an offered rate set by a flag ("--request-rate 4",
// "--qps 2.5"; "inf" sends every request at once).
var labelFlagRate = regexp.MustCompile(`(?i)(^|[\s(\[,;|])(--?(?:request[-_]rate|qps|rps))(?:\s+|\s*=\s*)(\d+(?:\.\d+)?|inf)(?:[\s)\],;|]|$)`)

// markerKind is one kind of load marker, the header of the column its
// numbers become and the unit the note says them in.
type markerKind struct {
	mark   *regexp.Regexp
	header string
	unit   string
}

// loadMarkers are the markers a label may hold.
var loadMarkers = []markerKind{
	{labelLoad, "concurrency", "in flight"},
	{labelRate, "target request rate (req/s)", "req/s"},
	{labelRateWord, "target request rate (req/s)", "req/s"},
	{labelUnitRate, "target request rate (req/s)", "req/s"},
	{labelCountLoad, "concurrency", "in flight"},
	{labelLoadRequests, "concurrency", "in flight"},
	{labelFlagLoad, "concurrency", "in flight"},
	{labelFlagRate, "target request rate (req/s)", "req/s"},
}

// labelLoads adds the concurrency column a label column holds, when the
// table has no load column.
func labelLoads(g *grid) []string {
	textLoad := -1
	if load := loadColumn(classifyAll(g.header)); load >= 0 {
		if !textColumn(*g, load) {
			return nil
		}
		// "Scenario (Concurrency)" over "Text Generation, concurrency=1":
		// the load column holds labels, each with its level.
		textLoad = load
	}
	for i := range g.header {
		if textLoad >= 0 && i != textLoad {
			continue
		}
		label := strings.TrimSpace(stripMarkup(g.header[i]))
		header := g.header
		if i == textLoad {
			g.header = slices.Clone(g.header)
			g.header[i] = "series" // its labels, the level taken out
		}
		loads, rest, m, ok := labelColumnMarkers(g, i)
		if !ok || namedRunsShareLevel(loads, rest) {
			g.header = header
			continue
		}
		rest = dropAggRemarks(rest, loads)
		first := strings.TrimSpace(stripMarkup(cellAt(g.rows[0], i)))
		corner := cornerNamesMetric(*g, i)
		for r, row := range g.rows {
			grown := make([]string, len(g.header)+1)
			copy(grown, row)
			grown[i], grown[len(g.header)] = rest[r], loads[r]
			g.rows[r] = grown
		}
		in := label
		if corner {
			in = "the row labels" // the corner names the cells' metric, not the load
		}
		g.header = append(g.header, fmt.Sprintf("%s (in %s)", m.header, in))
		notes := []string{fmt.Sprintf("%s: the load read from the labels of %q (%q: %s %s, …): one level per row, the number after the load word", g.file, label, first, loads[0], m.unit)}
		if corner {
			notes = append(notes, nameByCorner(g, i, label))
		}
		return append(notes, mergePhaseRows(g, len(g.header)-1, i)...)
	}
	return nil
}

// namedRunsShareLevel: every label names its own run ("S2. 일반 대화 (c=8)",
// "S4. 문서 요약 (c=8)") and two runs share a level. Runs named apart at
// one load are different workloads, not repeats, and not one curve's
// levels: the labels then give no load knee could draw a curve over.
func namedRunsShareLevel(loads, rest []string) bool {
	names, levels := map[string]bool{}, map[string]bool{}
	shared := false
	for r := range loads {
		if names[rest[r]] {
			return false
		}
		names[rest[r]] = true
		shared = shared || levels[loads[r]]
		levels[loads[r]] = true
	}
	return shared
}

// labelColumnMarkers reads column i's labels with the first marker that
// every label holds once.
func labelColumnMarkers(g *grid, i int) (loads, rest []string, m markerKind, ok bool) {
	for _, m := range loadMarkers {
		if loads, rest, ok := labelColumnLoads(g, i, m.mark, m.header == "concurrency"); ok {
			return loads, rest, m, true
		}
	}
	if m, listed, ok := proseLevelMarker(*g); ok {
		if loads, rest, ok := labelColumnLoads(g, i, m.mark, false); ok && proseLevels(loads, rest, listed) {
			return loads, rest, m, true
		}
	}
	return nil, nil, markerKind{}, false
}

// labelColumnLoads reads column i's labels: each non-blank one with
// exactly one load marker, and two levels or more among them. loads and
// rest are per row: the number, and the label without its marker. Where
// the markers count streams (streams), a label naming one stream in words
// is the level 1.
func labelColumnLoads(g *grid, i int, mark *regexp.Regexp, streams bool) (loads, rest []string, ok bool) {
	if classify(g.header[i]).key() != "" && !cornerNamesMetric(*g, i) {
		return nil, nil, false
	}
	levels := map[string]bool{}
	for _, row := range g.rows {
		// Not cleanCell: it drops a bracketed tail, where the load is
		// ("pp256 (c1)").
		cell := strings.TrimSpace(stripMarkup(cellAt(row, i)))
		if _, isNum, _ := parseCell(cleanCell(cell)); isNum {
			return nil, nil, false
		}
		m := mark.FindAllStringSubmatchIndex(slugWords(cell), -1)
		if len(m) == 0 && streams && oneStreamLabel.MatchString(cell) {
			levels["1"] = true
			loads, rest = append(loads, "1"), append(rest, cell)
			continue
		}
		if len(m) != 1 {
			return nil, nil, false
		}
		n := cell[m[0][6]:m[0][7]]
		levels[n] = true
		loads = append(loads, n)
		rest = append(rest, labelWithoutLoad(cell, m[0]))
	}
	return loads, rest, len(levels) >= 2
}

// A run's id is often a slug, its settings joined by hyphens
// ("gguf-hip-udq4kxl-auto-base-c16-ctx131072"): each part is a word, the
// load marker one of them, as in a snake_case test name. A label of two
// parts ("long-c8") is a name with a hyphen, not such an id.

// slugWords is cell with the hyphens of a slug (no space, three parts or
// more) read as spaces between words; the same length, so a match's offsets hold in
// cell.
func slugWords(cell string) string {
	if strings.ContainsAny(cell, " \t") || strings.Count(cell, "-") < 2 {
		return cell
	}
	return strings.ReplaceAll(cell, "-", " ")
}

// labelWithoutLoad is a label with its load marker taken out, and the
// brackets that held only the marker: "tg4096 (c5)" → "tg4096".
func labelWithoutLoad(cell string, m []int) string {
	// The marker ends at its number, or at the unit written after it
	// ("qps 2 req/s"); a bracket or a space that closed it stays.
	end := m[1]
	if end > m[7] && strings.ContainsAny(cell[end-1:end], " \t)],;|_") {
		end--
	}
	s := cell[:m[4]] + cell[end:]
	s = strings.NewReplacer("( )", "", "()", "", "[ ]", "", "[]", "").Replace(s)
	// A test name joined by underscores keeps its words, not the joint
	// the marker left ("tp8_pp1_qps_01" → "tp8_pp1").
	// A separator the marker stood after goes with it ("AISSD5000 · 并发8").
	// So does one it stood before ("C1, sharegpt, real" → "sharegpt, real").
	return strings.Trim(strings.Trim(strings.Join(strings.Fields(s), " "), "_-"), " ·•|/:,;-–—，、")
}
