package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// knee's requests are the requests that succeeded. Beside a count of the
// requests sent ("Total Requests"), the count a header calls successful or
// completed ("Successful Requests", "完成请求") is that one, whichever
// comes first: the two are no lookalikes to choose between, and the total
// is left unread (the failures, where a table counts them, are their own
// column).

// successWords name the requests that completed.
var successWords = []string{"successful", "success", "succeeded", "completed", "complete", "ok", "done", "finished", "served"}

// keepSuccessfulCount reads the one candidate column of requests that
// names its requests successful and leaves the others unread; false when
// none or several do.
func (r *resolved) keepSuccessfulCount(idx []int) bool {
	return r.keepTheOne(idx, func(i int) bool { return namesSuccess(r.cols[i].header) }, func(kept string) string {
		return fmt.Sprintf("the requests sent; %q counts those that succeeded, knee's requests", kept)
	})
}

// keepTheOne leaves read the one candidate of idx that holds, and the
// others unread with why (given the kept column's header); false, changing
// nothing, when none or several hold.
func (r *resolved) keepTheOne(idx []int, holds func(int) bool, why func(kept string) string) bool {
	kept := -1
	for _, i := range idx {
		if holds(i) {
			if kept >= 0 {
				return false
			}
			kept = i
		}
	}
	if kept < 0 {
		return false
	}
	for _, i := range idx {
		if i != kept {
			r.cols[i].kind, r.cols[i].why = colIgnore, why(r.cols[kept].header)
		}
	}
	return true
}

// namesSuccess: header h calls its requests successful or completed.
func namesSuccess(h string) bool {
	return anyWord(headerTokens(vocab.Translate(strings.ToLower(stripMarkup(h)))), successWords)
}
