package table

// Meta is what the user states about inputs that do not carry it
// (--gpus --accelerator --leaf --model). Zero values mean "not given".
type Meta struct {
	GPUs        int
	Accelerator string
	Leaf        string
	Model       string
	// Units states the unit of a table column the table leaves unstated
	// (--unit COLUMN=UNIT), keyed by the header as HeaderKey spells it or by
	// the column's kind (ttft_p99); see ParseUnitFlags.
	Units map[string]string
	// Columns picks the column that holds a value when several could
	// (--column KIND=HEADER), keyed by kind; see ParseColumnFlags.
	Columns map[string]string
	// Series picks one curve of a table that holds several (--series): the
	// value of its engine, strategy, model … column, or the prefix its
	// columns share ("k8s" of "k8s TTFT mean").
	Series string
}
