package table

import "strings"

// A rate is a count over a time, and benchmark tools and people write both
// halves in many ways: "tokens/secs" (TGI's benchmark), "token per
// second", "tok/seg", "токенов/сек", "토큰/초", "requêtes/s". Rather than
// list every pairing, a unit the spellings table lacks is read as its two
// halves: a count of tokens or of requests (a leading k is thousands), then
// "/" or "per", then a time. A half knee does not know leaves the unit
// unknown, as before.

// unitTokenWords are a token count's names, lower case.
var unitTokenWords = map[string]bool{
	"t": true, "tk": true, "tok": true, "toks": true, "token": true, "tokens": true,
	"tokeny": true, "tokenów": true, "tokenow": true, "jeton": true, "jetons": true,
	"токен": true, "токена": true, "токенов": true, "токены": true,
	"토큰": true, "トークン": true, "词元": true, "令牌": true,
}

// unitRequestWords are a request count's names, lower case.
var unitRequestWords = map[string]bool{
	"req": true, "reqs": true, "request": true, "requests": true, "query": true, "queries": true,
	"请求": true, "요청": true, "リクエスト": true, "запрос": true, "запросов": true, "запроса": true,
	"requisições": true, "requisicoes": true, "solicitudes": true, "peticiones": true,
	"anfragen": true, "requêtes": true, "requetes": true, "richieste": true, "istek": true, "żądań": true,
}

// unitTimeWords are the seconds a time word holds, lower case.
var unitTimeWords = map[string]float64{
	"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "seg": 1, "segs": 1, "segundo": 1, "segundos": 1,
	"sek": 1, "sekunde": 1, "sekunden": 1, "seconde": 1, "secondes": 1, "secondo": 1, "secondi": 1,
	"秒": 1, "с": 1, "сек": 1, "секунду": 1, "секунда": 1, "giây": 1, "sn": 1, "saniye": 1, "초": 1,
	"min": 60, "mins": 60, "minute": 60, "minutes": 60, "分": 60, "分钟": 60, "分鐘": 60,
}

// composedUnit reads k (lower case, no spaces) as a count over a time; ok
// is false unless both halves are known.
func composedUnit(k string) (unit, bool) {
	num, den, ok := strings.Cut(k, "/")
	if !ok {
		num, den, ok = strings.Cut(k, "per")
	}
	if !ok || strings.Contains(den, "/") {
		return unit{}, false
	}
	sec, ok := unitTimeWords[den]
	if !ok {
		return unit{}, false
	}
	// "108.84 output tok/s": the rate of the output tokens, which knee
	// reads; an input rate stays unknown.
	for _, w := range []string{"output", "generated", "generation", "gen", "out"} {
		if rest, found := strings.CutPrefix(num, w); found && unitTokenWords[strings.TrimLeft(rest, "_-")] {
			num = strings.TrimLeft(rest, "_-")
			break
		}
	}
	scale := 1.0
	if rest, found := strings.CutPrefix(num, "k"); found && (unitTokenWords[rest] || unitRequestWords[rest]) {
		num, scale = rest, 1000
	}
	switch {
	case unitTokenWords[num]:
		return unit{dimTokRate, scale / sec, composedName("tok", scale, sec)}, true
	case unitRequestWords[num]:
		return unit{dimReqRate, scale / sec, composedName("req", scale, sec)}, true
	}
	return unit{}, false
}

// composedName is the unit's name in knee's words ("tok/s", "ktok/min").
func composedName(count string, scale, sec float64) string {
	name := count
	if scale == 1000 {
		name = "k" + name
	}
	if sec == 60 {
		return name + "/min"
	}
	return name + "/s"
}
