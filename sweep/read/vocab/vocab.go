// Package vocab rewrites the words people write in table headers in other
// languages as the English words the table reader's role table matches
// (sweep/read/roles.go). It is the first part of the table reader in a
// package of its own (issue 26, item 4): it knows nothing of columns.
package vocab

import "strings"

// vocabulary maps the words people write in other languages to the English
// words the role table matches. A header is read through it before it is
// split into words, so "并发数" is "concurrency" and "首字延迟(ms)" is
// "ttft (ms)". Longer phrases come first: "首token时延" before "时延".
// Chinese and Japanese have no spaces between words, so each entry is a
// substring; the replacement is padded with spaces to become words.
var vocabulary = []struct{ from, to string }{
	// Turkish İ lower-cases to i and a combining dot ("i̇stek"): one i.
	{"i\u0307", "i"},
	// Rates per second first, in every language, and phrases that hold the
	// words that alone name requests or tokens ("每秒请求数" before "请求数",
	// "parallele Anfragen" before "Anfragen").
	{"每秒请求数", "req/s"}, {"每秒请求", "req/s"}, {"每秒token数", "tok/s"}, {"每秒 token 数", "tok/s"}, {"每秒令牌数", "tok/s"},
	{"トークン/秒", "tok/s"}, {"リクエスト/秒", "req/s"}, {"초당 요청", "req/s"},
	{"anfragen pro sekunde", "req/s"}, {"parallele anfragen", "concurrency"}, {"token pro sekunde", "tok/s"}, {"tokens pro sekunde", "tok/s"},
	{"requêtes par seconde", "req/s"}, {"requêtes/s", "req/s"}, {"tokens par seconde", "tok/s"},
	{"solicitudes por segundo", "req/s"}, {"peticiones por segundo", "req/s"},
	{"requisições por segundo", "req/s"}, {"solicitações por segundo", "req/s"}, {"richieste al secondo", "req/s"},
	{"yêu cầu/giây", "req/s"}, {"yêu cầu mỗi giây", "req/s"}, {"saniyede istek", "req/s"}, {"istek/sn", "req/s"},
	{"żądań na sekundę", "req/s"}, {"zapytań na sekundę", "req/s"}, {"tokeny na sekundę", "tok/s"}, {"tokenów na sekundę", "tok/s"},
	// Chinese: TTFT before latency, concurrency before parallel; "非首token"
	// (every token but the first) before "首token" (the first).
	{"非首token时延", "tpot"}, {"非首token", "tpot"},
	{"首token时延", "ttft"}, {"首token延迟", "ttft"}, {"首 token 时延", "ttft"}, {"首 token 延迟", "ttft"},
	{"首token耗时", "ttft"}, {"首字延迟", "ttft"}, {"首字时延", "ttft"}, {"首字耗时", "ttft"}, {"首包延迟", "ttft"},
	{"首包时延", "ttft"}, {"首词延迟", "ttft"}, {"首令牌延迟", "ttft"},
	// "首token" alone (first token) heads a time as "first token (ms)" does.
	{"首token", "first token"}, {"首 token", "first token"},
	{"每token时延", "tpot"}, {"每token延迟", "tpot"}, {"单token时延", "tpot"}, {"token间延迟", "itl"},
	{"并发数", "concurrency"}, {"并发度", "concurrency"}, {"并发量", "concurrency"}, {"并发", "concurrency"},
	{"并行数", "parallel"}, {"并行", "parallel"}, {"用户数", "users"},
	// 实际 (actual): "实际并发" is the concurrency measured beside the one
	// set, as "actual concurrency" is; 實際 and 実際 are its traditional
	// Chinese and Japanese spellings.
	{"实际", "actual"}, {"實際", "actual"}, {"実際", "actual"},
	{"单流", "per stream"}, {"单路", "per stream"}, {"每路", "per stream"}, {"单用户", "per user"}, {"每用户", "per user"}, {"单请求", "per request"}, {"每请求", "per request"},
	{"吞吐量", "throughput"}, {"吞吐率", "throughput"}, {"吞吐", "throughput"},
	{"输出", "output"}, {"输入", "input"}, {"生成", "generated"}, {"总", "total"}, {"聚合", "aggregate"},
	{"端到端", "e2e"}, {"时延", "latency"}, {"延迟", "latency"}, {"耗时", "duration"}, {"用时", "duration"},
	{"平均值", "mean"}, {"均值", "mean"}, {"平均", "mean"}, {"中位数", "median"}, {"中位", "median"}, {"最大", "max"}, {"最小", "min"}, {"标准差", "std"}, {"范围", "range"}, {"波动", "spread"},
	{"请求数", "requests"}, {"成功率", "success rate"}, {"失败率", "failure rate"}, {"成功", "successful"}, {"失败", "failed"}, {"请求速率", "request rate"}, {"请求率", "request rate"},
	{"模型", "model"}, {"引擎", "engine"}, {"框架", "framework"}, {"策略", "strategy"}, {"配置", "config"},
	{"显存", "memory"}, {"内存", "memory"}, {"功耗", "power"}, {"温度", "temperature"}, {"成本", "cost"},
	{"加速比", "speedup"}, {"效率", "efficiency"}, {"同比", "change"}, {"提升", "improvement"},
	// 差值/差异 (difference) and 百分比 (percentage) head the comparison
	// columns a chip-against-chip table puts beside its curves.
	{"差值", "diff"}, {"差异", "diff"}, {"百分比", "percent"}, {"增幅", "change"}, {"降幅", "change"},
	// Japanese.
	{"最初のトークンまでの時間", "ttft"}, {"初回トークン", "ttft"}, {"同時実行数", "concurrency"}, {"同時接続数", "concurrency"},
	{"同時リクエスト数", "concurrency"}, {"並列数", "parallel"},
	// One request's or one stream's rate: "1本あたり tok/s" (per one
	// stream), "1 リクエスト tok/s", "リクエストあたり", before リクエスト
	// alone becomes requests.
	{"1本あたり", "per stream"}, {"1 本あたり", "per stream"}, {"本あたり", "per stream"}, {"1リクエストあたり", "per request"},
	{"1 リクエストあたり", "per request"}, {"リクエストあたり", "per request"}, {"1 リクエスト", "per request"}, {"1リクエスト", "per request"},
	{"ユーザーあたり", "per user"}, {"1ユーザー", "per user"},
	// 同時 / 同时 (simultaneous) alone heads a load column ("同時 | 總輸出"), after
	// the longer words above; 並發 / 併發 are traditional spellings of 并发.
	{"同時", "concurrent"}, {"同时", "concurrent"}, {"並發", "concurrency"}, {"併發", "concurrency"}, {"スループット", "throughput"}, {"レイテンシ", "latency"},
	{"ユーザー数", "users"}, {"トークン", "tokens"},
	// 並列 alone (parallel, as 並列数 above and the Chinese 并行): the
	// requests a load generator runs at once.
	{"並列", "parallel"},
	{"差分", "diff"}, {"割合", "percent"},
	// 単発 (one request alone: one stream's speed) beside 合計 (the sum
	// over the parallel streams), as llama.cpp --parallel write-ups do.
	{"単発", "single"}, {"合計", "total"}, {"中央値", "median"},
	// 集約 (aggregated), the word an Ollama write-up heads the sum over the
	// parallel requests with; 生成速度/出力速度 (generation/output speed).
	{"集約", "aggregate"}, {"集計", "aggregate"}, {"速度", "speed"},
	// 出力 / 入力 (output / input) alone, after 出力速度 is read as a speed:
	// "出力スループット" is the output throughput.
	{"出力", "output"}, {"入力", "input"},
	// Korean.
	{"첫 토큰", "ttft"}, {"첫토큰", "ttft"}, {"동시 요청", "concurrency"}, {"동시성", "concurrency"}, {"동시 사용자", "users"},
	// 총 처리량 (total throughput) names the sum over the requests, the
	// node's rate, beside 요청당 (per request), one request's; 토큰/s is
	// tok/s with the unit half in English.
	{"총 처리량", "aggregate throughput"}, {"총합", "total"}, {"총", "total"}, {"요청당", "per request"}, {"토큰/s", "tok/s"},
	// 피크 (ピーク in Japanese, 峰值 in Chinese) is a peak: the fastest
	// moment of a run, not its rate over the run.
	{"피크", "peak"}, {"ピーク", "peak"}, {"峰值", "peak"},
	// 집계 (aggregated) heads the node's sum beside 스트림당 / 사용자당 (per
	// stream / per user), one stream's rate.
	{"집계", "aggregate"}, {"스트림당", "per stream"}, {"사용자당", "per user"}, {"스트림", "stream"},
	{"처리량", "throughput"}, {"지연 시간", "latency"}, {"지연시간", "latency"}, {"출력", "output"}, {"입력", "input"},
	// German, French, Spanish, Portuguese, Russian: whole words, lower case.
	{"durchsatz", "throughput"}, {"nebenläufigkeit", "concurrency"}, {"parallelität", "concurrency"}, {"gleichzeitige", "concurrent"},
	{"benutzer", "users"}, {"nutzer", "users"}, {"latenz", "latency"}, {"ausgabe", "output"}, {"eingabe", "input"},
	// Ströme (streams), also written Stroeme without the umlaut. Strom
	// alone is not here: it is also electric power ("Stromverbrauch"), and
	// words match inside words; "1 Strom" reads as a level by its plural
	// (table/namedlevelheaders.go).
	{"ströme", "streams"}, {"stroeme", "streams"}, {"strömen", "streams"}, {"stroemen", "streams"},
	// French TTFT written with "token" rather than "jeton", before
	// "latence" and "temps" take their words.
	{"latence du premier token", "ttft"}, {"temps jusqu'au premier token", "ttft"}, {"temps avant le premier token", "ttft"}, {"premier token", "ttft"},
	{"temps de réponse", "latency"}, {"temps", "time"},
	{"débit", "throughput"}, {"utilisateurs", "users"}, {"simultanées", "concurrent"}, {"latence", "latency"}, {"sortie", "output"},
	{"rendimiento", "throughput"}, {"usuarios", "users"}, {"agentes", "agents"}, {"por agente", "per agent"}, {"concurrencia", "concurrency"}, {"latencia", "latency"}, {"salida", "output"},
	{"vazão", "throughput"}, {"usuários", "users"}, {"concorrência", "concurrency"}, {"latência", "latency"},
	{"пропускная способность", "throughput"}, {"пропускная", "throughput"}, {"пользователей", "users"}, {"пользователи", "users"},
	{"параллельность", "concurrency"}, {"конкурентность", "concurrency"}, {"задержка", "latency"}, {"вывод", "output"},
	// Russian, more: a rate's words before a count's, the Cyrillic "с"
	// (seconds) in parentheses, one request at a time before a request.
	{"время до первого токена", "ttft"}, {"первого токена", "ttft"}, {"токенов в секунду", "tok/s"}, {"токены в секунду", "tok/s"},
	{"токенов/с", "tok/s"}, {"токены/с", "tok/s"}, {"токенов/сек", "tok/s"}, {"токены/сек", "tok/s"}, {"ток/с", "tok/s"}, {"выходных", "output"}, {"выходные", "output"}, {"выходная", "output"}, {"выходной", "output"}, {"входных", "input"}, {"входные", "input"}, {"входная", "input"}, {"входной", "input"}, {"запросов в секунду", "req/s"}, {"параллельных запросов", "parallel"}, {"одновременных запросов", "concurrency"},
	{"(с)", "(s)"}, {"(мс)", "(ms)"}, {", мс", ", ms"}, {", с", ", s"}, {"среднее", "mean"}, {"медиана", "median"}, {"общее", "total"}, {"время", "time"},
	{"на запрос", "per request"}, {"запросов", "requests"}, {"токенов", "tokens"}, {"токены", "tokens"}, {"сумма", "sum"},
	// Swedish, Norwegian, Danish, Dutch: one user's rate before users, the
	// first token before "token".
	{"per användare", "per user"}, {"per bruker", "per user"}, {"per bruger", "per user"}, {"per gebruiker", "per user"},
	{"första token", "ttft"}, {"første token", "ttft"}, {"eerste token", "ttft"},
	{"användare", "users"}, {"brukere", "users"}, {"brugere", "users"}, {"gebruikers", "users"},
	{"samtidighet", "concurrency"}, {"samtidighed", "concurrency"}, {"gelijktijdigheid", "concurrency"},
	{"samtidiga", "concurrent"}, {"samtidige", "concurrent"}, {"gelijktijdige", "concurrent"},
	{"genomströmning", "throughput"}, {"gjennomstrømning", "throughput"}, {"gennemløb", "throughput"}, {"doorvoer", "throughput"},
	{"förfrågningar", "requests"}, {"forespørsler", "requests"}, {"forespørgsler", "requests"}, {"verzoeken", "requests"},
	{"totalt", "total"}, {"totaal", "total"},
	// German, French, Spanish, Portuguese, Italian: phrases first.
	{"zeit bis zum ersten token", "ttft"}, {"gleichzeitigkeit", "concurrency"}, {"anfragen/s", "req/s"}, {"anfragen", "requests"}, {"mittelwert", "mean"},
	{"temps jusqu'au premier jeton", "ttft"}, {"premier jeton", "ttft"}, {"jetons par seconde", "tok/s"}, {"jetons/s", "tok/s"},
	{"requêtes simultanées", "concurrency"}, {"requêtes", "requests"}, {"moyenne", "mean"}, {"médiane", "median"}, {"médian", "median"},
	// The run's duration: a count over it is a rate (runduration.go).
	{"duración", "duration"}, {"duração", "duration"}, {"durata", "duration"}, {"durée", "duration"}, {"dauer", "duration"}, {"длительность", "duration"},
	{"tokens/seg", "tok/s"}, {"tokens por seg", "tok/s"}, {"токен/с", "tok/s"},
	{"tiempo hasta el primer token", "ttft"}, {"primer token", "ttft"}, {"tokens por segundo", "tok/s"}, {"solicitudes concurrentes", "concurrency"},
	{"solicitudes", "requests"}, {"promedio", "mean"},
	{"tempo até o primeiro token", "ttft"}, {"primeiro token", "ttft"}, {"requisições simultâneas", "concurrency"}, {"requisições", "requests"},
	{"média", "mean"}, {"saída", "output"}, {"entrada", "input"},
	{"tempo al primo token", "ttft"}, {"primo token", "ttft"}, {"token al secondo", "tok/s"}, {"richieste simultanee", "concurrency"},
	{"richieste", "requests"}, {"concorrenza", "concurrency"}, {"latenza", "latency"}, {"utenti", "users"}, {"uscita", "output"}, {"mediana", "median"},
	// The sum over the streams in more languages: "aggregate" rather than
	// "total", which beside a token rate reads as input + output tokens
	// (vLLM's "Total token throughput"), while these words, as written,
	// name the node's rate ("Token/s gesamt").
	{"insgesamt", "aggregate"}, {"gesamt", "aggregate"}, {"aggregiert", "aggregate"}, {"agrégé", "aggregate"}, {"cumulé", "aggregate"},
	{"agregado", "aggregate"}, {"aggregato", "aggregate"}, {"complessivo", "aggregate"}, {"toplam", "aggregate"},
	{"łącznie", "aggregate"}, {"łączna", "aggregate"}, {"tổng", "aggregate"}, {"집계", "aggregate"}, {"합계", "aggregate"},
	// Korean, more.
	{"초당 토큰", "tok/s"}, {"토큰/초", "tok/s"}, {"동시 접속", "concurrency"}, {"평균", "mean"}, {"중앙값", "median"}, {"요청", "requests"},
	// 동시 (at once) alone heads the level column of a Korean load test
	// ("| 동시 | tok/s |"), after the longer phrases that hold it.
	{"동시", "concurrency"},
	// The extremes a statistics pair names beside its median or mean ("TTFT
	// 중앙값 / 최대", "TTFT медиана / максимум", "TTFT Mittel / Max",
	// "TTFT mediana / máx"): median / max is one quantity's two statistics
	// in any language, and the pair is split only once both read as
	// statistics. The longer spelling before the shorter it holds; the
	// Russian "мин" alone is left out, as it is also minutes.
	{"최대", "max"}, {"최소", "min"}, {"максимум", "max"}, {"минимум", "min"}, {"макс", "max"},
	{"mittel", "mean"}, {"máximo", "max"}, {"mínimo", "min"}, {"máx", "max"}, {"mín", "min"},
	// "Load" alone in other languages: a column so named is told the
	// concurrency or the offered rate by its physics (loadword.go).
	{"carga", "load"}, {"carico", "load"}, {"нагрузка", "load"}, {"负载", "load"}, {"負荷", "load"}, {"부하", "load"}, {"obciążenie", "load"}, {"belastung", "load"},
	// English load words written as one ("batchsize", "BatchSize",
	// "maxConcurrency", "numUsers"): a header lower-cased reads them as one
	// word no role knows; written apart they are the words the roles match.
	{"maxbatchsize", "max batch size"}, {"batchsize", "batch size"}, {"maxconcurrency", "max concurrency"},
	{"concurrencylevel", "concurrency level"}, {"numusers", "num users"}, {"numclients", "num clients"}, {"concurrentusers", "concurrent users"},
	// Vietnamese.
	{"thời gian đến token đầu tiên", "ttft"}, {"token đầu tiên", "ttft"}, {"token/giây", "tok/s"}, {"thông lượng", "throughput"},
	{"đồng thời", "concurrency"}, {"độ trễ", "latency"}, {"người dùng", "users"}, {"trung bình", "mean"}, {"yêu cầu", "requests"},
	// Turkish.
	{"saniyede token", "tok/s"}, {"token / saniye", "tok/s"}, {"token/saniye", "tok/s"}, {"token/saniyede", "tok/s"}, {"üretilen", "generated"}, {"token/sn", "tok/s"}, {"ilk token", "ttft"}, {"eşzamanlılık", "concurrency"}, {"eşzamanlı", "concurrent"},
	{"işlem hacmi", "throughput"}, {"verim", "throughput"}, {"gecikme", "latency"}, {"kullanıcı", "users"}, {"ortalama", "mean"}, {"medyan", "median"},
	// Polish.
	{"czas do pierwszego tokenu", "ttft"}, {"pierwszego tokenu", "ttft"}, {"tokeny/s", "tok/s"}, {"współbieżność", "concurrency"},
	{"równoległe żądania", "concurrency"}, {"równoległych żądań", "concurrency"}, {"jednoczesne żądania", "concurrency"}, {"jednoczesnych żądań", "concurrency"},
	{"równoległe", "concurrent"}, {"jednoczesne", "concurrent"}, {"równoległość", "concurrency"}, {"przepustowość", "throughput"}, {"opóźnienie", "latency"}, {"użytkownicy", "users"}, {"średnia", "mean"},
	{"żądania", "requests"}, {"klienci", "clients"}, {"klientów", "clients"}, {"łącznie", "total"}, {"śr.", "mean"},
	// More of each language's words for the load, TTFT, latency and
	// requests, after the phrases above that hold them.
	{"erstes token", "ttft"}, {"ersten token", "ttft"}, {"antwort komplett", "e2e latency"}, {"antwortzeit", "latency"},
	// English: "At once" heads the requests sent at once, as "concurrent"
	// does; "in parallel" likewise ("Requests in parallel").
	{"at once", "concurrent"}, {"in parallel", "concurrent"},
	// English writes a rate's "per" as "a" too ("tokens a second").
	{"tokens a second", "tokens per second"}, {"token a second", "token per second"},
	{"concurrence", "concurrency"}, {"temps de réponse", "latency"}, {"peticiones", "requests"}, {"solicitações", "requests"},
	// "Concurrent"/"simultaneous" after a plural noun, as Romance
	// languages write it ("Peticiones concurrentes", "Richieste
	// concorrenti", "Requisições simultâneas"): the noun before it is a
	// count of requests or users, the adjective makes it the load.
	{"concurrentes", "concurrent"}, {"concurrente", "concurrent"}, {"simultáneas", "concurrent"}, {"simultáneos", "concurrent"},
	{"concorrentes", "concurrent"}, {"simultâneos", "concurrent"}, {"concorrenti", "concurrent"}, {"simultanei", "concurrent"},
	{"simultanés", "concurrent"}, {"paralelas", "concurrent"}, {"paralelos", "concurrent"}, {"parallèles", "concurrent"}, {"paralleli", "concurrent"}, {"parallele", "concurrent"},
	{"paralelismo", "concurrency"}, {"parallélisme", "concurrency"}, {"parallelismo", "concurrency"}, {"одновременных", "concurrent"}, {"одновременные", "concurrent"}, {"одновременно", "concurrent"},
	{"사용자", "users"}, {"지연", "latency"}, {"użytkowników", "users"}, {"zapytania", "requests"}, {"zapytań", "requests"},
	{"żądań", "requests"}, {"потоков", "threads"}, {"потоки", "threads"}, {"запросы", "requests"}, {"istekler", "requests"},
	{"istek", "requests"}, {"リクエスト", "requests"}, {"遅延", "latency"},
	// "per second" written the local way after any unit ("tokens/秒",
	// "Token/Sek", "토큰/초"), and 每秒 before any noun, once the phrases
	// above have taken theirs.
	{"/秒", " /s"}, {"每秒", "per second"}, {"/sek.", " /s"}, {"/sek", " /s"}, {"/초", " /s"},
	// A time unit in brackets ("平均首字延迟 (秒)", "（毫秒）", "(초)"), once
	// the rates above have taken "/秒".
	{"(毫秒)", "(ms)"}, {"（毫秒）", "(ms)"}, {"(秒)", "(s)"}, {"（秒）", "(s)"}, {"(초)", "(s)"}, {"(밀리초)", "(ms)"},
	// The unit as a word of its own ("Latency 秒：1／2", "TTFT 毫秒"), once
	// every phrase above has taken the 秒 it holds.
	{"毫秒", " ms "}, {"秒", " s "},
	// 比 after a metric ("tok/s比", "req/s比": the ratio of two chips'
	// rates, cells "1.41×"), once the words that hold it (百分比, 加速比,
	// 同比) are taken; 比较/对比/比較 (comparison) head a remark.
	{"比较", "comparison"}, {"对比", "comparison"}, {"對比", "comparison"}, {"比較", "comparison"}, {"比率", "ratio"}, {"比", "ratio"},
}

// asciiVocabulary are the entries a header of ASCII letters only can hold
// (German, French, Spanish words without accents): the common header is
// checked against these few, not the whole vocabulary.
var asciiVocabulary = func() (out []struct{ from, to string }) {
	for _, v := range vocabulary {
		if IsASCII(v.from) {
			out = append(out, v)
		}
	}
	return out
}()

// IsASCII: s is written in ASCII alone.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Translate rewrites a lower-cased header's non-English words as the
// English words of the role table; a header that has none is unchanged.
func Translate(h string) string {
	if IsASCII(h) {
		return apply(asciiVocabulary, h)
	}
	// Japanese kanji phrases first, as written ("同時実行数"); what is left
	// of a traditional Chinese header then reads in simplified characters.
	h = apply(vocabulary, h)
	if f := toSimplified(h); f != h {
		h = apply(vocabulary, f)
	}
	return h
}

// apply rewrites each vocabulary word of h.
func apply(voc []struct{ from, to string }, h string) string {
	for _, v := range voc {
		if strings.Contains(h, v.from) {
			h = replaceWord(h, v.from, " "+v.to+" ")
		}
	}
	return h
}

// replaceWord replaces from in h, except inside an English word that
// holds it (englishHolders): the Italian "paralleli" is no part of the
// English "parallelism", a tensor-parallel degree, which read as
// "concurrent" made a load. Inflected forms of the vocabulary's words
// ("gleichzeitigen", "Gesamtdurchsatz") are still read.
func replaceWord(h, from, to string) string {
	var b strings.Builder
	for {
		i := strings.Index(h, from)
		if i < 0 {
			b.WriteString(h)
			return b.String()
		}
		end := i + len(from)
		if englishHolders[asciiWordAround(h, i, end)] {
			b.WriteString(h[:end])
		} else {
			b.WriteString(h[:i])
			b.WriteString(to)
		}
		h = h[end:]
	}
}

// englishHolders are English header words that hold a word of another
// language's vocabulary.
var englishHolders = map[string]bool{"parallelism": true, "parallelisms": true, "parallelization": true, "parallelize": true, "parallelized": true}

// asciiWordAround is the word of ASCII letters that h[i:end] lies in.
func asciiWordAround(h string, i, end int) string {
	letter := func(c byte) bool { return c >= 'a' && c <= 'z' }
	for i > 0 && letter(h[i-1]) {
		i--
	}
	for end < len(h) && letter(h[end]) {
		end++
	}
	return h[i:end]
}
