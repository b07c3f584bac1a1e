package table

import "strings"

// A table's first column is often a row number ("#", "No.", pandas' index
// written by df.to_csv() with no name): 1, 2, 3 … in row order, which looks
// like a load and, beside engines as columns, like one more curve. Its
// header says what it is; it is never read.

// whyRowNumber is why a row-number column is left unread.
const whyRowNumber = "a row number"

// rowNumberHeaders are the headers of a row number, lower case.
var rowNumberHeaders = map[string]bool{
	"#": true, "no": true, "no.": true, "nr": true, "nr.": true, "№": true, "idx": true, "index": true,
	"row": true, "序号": true, "序號": true, "编号": true, "編號": true, "番号": true, "번호": true,
}

// rowNumberHeader: the header names a row number.
func rowNumberHeader(header string) bool {
	return rowNumberHeaders[strings.ToLower(strings.TrimSpace(stripMarkup(header)))]
}
