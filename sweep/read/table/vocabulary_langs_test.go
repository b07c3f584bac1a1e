package table

import "testing"

// The five things a sweep's headers name (the load, the throughput, time
// to first token, latency, requests), as people write them in each
// language of issue 26; each reads as the English header does.
func TestVocabularyPerLanguage(t *testing.T) {
	for lang, cases := range map[string][][2]string{
		"ru": {{"Параллельность", "concurrency"}, {"Пользователи", "concurrency"}, {"Число потоков", "concurrency"},
			{"Пропускная способность (ток/с)", "throughput"}, {"Токенов в секунду", "throughput"},
			{"Время до первого токена (мс)", "ttft_mean"}, {"Задержка (мс)", "e2e_mean"}, {"Запросы", "requests"},
			{"Запросов в секунду", "request_rate"}},
		"de": {{"Gleichzeitige Anfragen", "concurrency"}, {"Benutzer", "concurrency"}, {"Parallele Anfragen", "concurrency"},
			{"Durchsatz (Token/s)", "throughput"}, {"Token pro Sekunde", "throughput"},
			{"Zeit bis zum ersten Token (ms)", "ttft_mean"}, {"Erstes Token (ms)", "ttft_mean"}, {"Latenz (ms)", "e2e_mean"},
			{"Antwortzeit (ms)", "e2e_mean"}, {"Anfragen", "requests"}, {"Anfragen pro Sekunde", "request_rate"}},
		"fr": {{"Concurrence", "concurrency"}, {"Utilisateurs simultanés", "concurrency"}, {"Débit (jetons/s)", "throughput"},
			{"Tokens par seconde", "throughput"}, {"Latence du premier jeton (ms)", "ttft_mean"}, {"Latence (ms)", "e2e_mean"},
			{"Temps de réponse (ms)", "e2e_mean"}, {"Requêtes", "requests"}, {"Requêtes par seconde", "request_rate"}},
		"es": {{"Concurrencia", "concurrency"}, {"Usuarios concurrentes", "concurrency"}, {"Rendimiento (tokens/s)", "throughput"},
			{"Tokens por segundo", "throughput"}, {"Tiempo hasta el primer token (ms)", "ttft_mean"}, {"Latencia (ms)", "e2e_mean"},
			{"Peticiones", "requests"}, {"Solicitudes por segundo", "request_rate"},
			{"Peticiones concurrentes", "concurrency"}, {"Solicitudes simultáneas", "concurrency"}},
		"pt": {{"Concorrência", "concurrency"}, {"Usuários simultâneos", "concurrency"}, {"Vazão (tokens/s)", "throughput"},
			{"Taxa de transferência (tokens/s)", "throughput"}, {"Tempo até o primeiro token (ms)", "ttft_mean"},
			{"Latência (ms)", "e2e_mean"}, {"Solicitações", "requests"}, {"Requisições por segundo", "request_rate"},
			{"Requisições concorrentes", "concurrency"}},
		"it": {{"Concorrenza", "concurrency"}, {"Utenti simultanei", "concurrency"}, {"Token al secondo", "throughput"},
			{"Tempo al primo token (ms)", "ttft_mean"}, {"Latenza (ms)", "e2e_mean"}, {"Richieste", "requests"},
			{"Richieste al secondo", "request_rate"}, {"Richieste concorrenti", "concurrency"}},
		"ko": {{"동시성", "concurrency"}, {"사용자 수", "concurrency"}, {"처리량 (토큰/초)", "throughput"}, {"초당 토큰", "throughput"},
			{"첫 토큰 지연 (ms)", "ttft_mean"}, {"지연 (ms)", "e2e_mean"}, {"요청 수", "requests"}, {"초당 요청", "request_rate"},
			{"집계 tok/s", "throughput"}},
		"vi": {{"Đồng thời", "concurrency"}, {"Số người dùng", "concurrency"}, {"Thông lượng (token/s)", "throughput"},
			{"Token/giây", "throughput"}, {"Thời gian đến token đầu tiên (ms)", "ttft_mean"}, {"Độ trễ (ms)", "e2e_mean"},
			{"Số yêu cầu", "requests"}, {"Yêu cầu/giây", "request_rate"}},
		"tr": {{"Eşzamanlılık", "concurrency"}, {"Kullanıcı sayısı", "concurrency"}, {"Verim (token/sn)", "throughput"},
			{"Saniyede token", "throughput"}, {"İlk token süresi (ms)", "ttft_mean"}, {"Gecikme (ms)", "e2e_mean"},
			{"İstek sayısı", "requests"}, {"Saniyede istek", "request_rate"}},
		"pl": {{"Współbieżność", "concurrency"}, {"Liczba użytkowników", "concurrency"}, {"Przepustowość (tokeny/s)", "throughput"},
			{"Tokeny na sekundę", "throughput"}, {"Czas do pierwszego tokenu (ms)", "ttft_mean"}, {"Opóźnienie (ms)", "e2e_mean"},
			{"Żądania", "requests"}, {"Zapytania", "requests"}, {"Żądań na sekundę", "request_rate"}},
		"zh": {{"并发数", "concurrency"}, {"用户数", "concurrency"}, {"吞吐量 (tokens/s)", "throughput"}, {"每秒token数", "throughput"},
			{"首token时延(ms)", "ttft_mean"}, {"时延(ms)", "e2e_mean"}, {"请求数", "requests"}, {"每秒请求数", "request_rate"}},
		"ja": {{"同時実行数", "concurrency"}, {"ユーザー数", "concurrency"}, {"スループット (tokens/s)", "throughput"},
			{"トークン/秒", "throughput"}, {"最初のトークンまでの時間 (ms)", "ttft_mean"}, {"遅延 (ms)", "e2e_mean"},
			{"リクエスト数", "requests"}, {"リクエスト/秒", "request_rate"}},
	} {
		t.Run(lang, func(t *testing.T) {
			for _, tc := range cases {
				if got := classify(tc[0]).key(); got != tc[1] {
					t.Errorf("%q read as %q, want %q", tc[0], got, tc[1])
				}
			}
		})
	}
}
