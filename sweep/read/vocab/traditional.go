package vocab

import (
	"strings"
	"unicode"
)

// Chinese headers come in two scripts: Taiwan's and Hong Kong's
// traditional characters ("平均首字延遲", "總吞吐量") name what the
// simplified ones of the vocabulary do ("平均首字延迟", "总吞吐量"). A
// header with no kana is Chinese, and its traditional characters are
// folded to simplified before the vocabulary reads it; a Japanese header
// (kana beside its kanji: "同時リクエスト数") keeps its characters, which
// the vocabulary knows as written.
var simplified = strings.NewReplacer(
	"遲", "迟", "總", "总", "數", "数", "請", "请", "輸", "输", "時", "时", "間", "间",
	"傳", "传", "處", "处", "單", "单", "應", "应", "發", "发", "個", "个", "詞", "词",
	"測", "测", "試", "试", "實", "实", "際", "际", "計", "计", "統", "统", "標", "标",
	"準", "准", "與", "与", "對", "对", "響", "响", "內", "内", "節", "节", "點", "点",
	"為", "为", "無", "无", "併", "并", "並", "并", "記", "记", "憶", "忆", "顯", "显",
	"體", "体", "線", "线", "程", "程", "週", "周", "轉", "转", "換", "换", "達", "达",
	"階", "阶", "段", "段", "預", "预", "填", "填", "充", "充", "解", "解", "碼", "码",
	"條", "条", "併發", "并发", "吞吐", "吞吐", "總計", "总计", "平均", "平均",
)

// toSimplified folds a Chinese header's traditional characters.
func toSimplified(h string) string {
	for _, r := range h {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return h
		}
	}
	return simplified.Replace(h)
}
