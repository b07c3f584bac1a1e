package table

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/vocab"
)

// grid is a table as read from CSV or markdown, before its columns are
// understood. lines[i] is the 1-based source line of rows[i].
type grid struct {
	file       string
	header     []string
	headerLine int
	rows       [][]string
	lines      []int
	// context is the prose just above and below a pasted table, where
	// people state what the header does not ("TTFT in seconds").
	context string
	// above is all the text between the table before this one (or the
	// file's start) and this one: what describes this table and no other.
	above string
	// below is the text after the document's last table, for that table
	// only: a PR description's closing "Test environment" section that
	// states the hardware its results ran on.
	below string
	// title is the headings above a pasted table, outermost first, since
	// the table before it: what names it among several.
	title []string
	// caption is a line of prose right above a pasted table that names
	// what it holds, as a heading would ("p50 TTFT, ms:").
	caption string
	// notes are what the parser read from the lines around the table (a
	// command line that sets a level), said before the reading's own.
	notes []string
	// settings is the text of a two-column table of the run's settings
	// right above this one ("| Workload | 32 requests per run, 64 output
	// tokens |"), where a results table's facts are often stated.
	settings string
	// engine is the engine's log lines' evidence for a row's level, by
	// the row's source line (enginelog.go).
	engine map[int]*sweep.EngineMetrics
}

// reshaped is an empty grid of the given header that keeps g's source and
// the text around it: a table turned or melted is still the table its
// heading, caption and prose name, and states a GPU count or a unit for.
func (g grid) reshaped(header ...string) grid {
	return grid{file: g.file, headerLine: g.headerLine, header: header, title: g.title, caption: g.caption, context: g.context, above: g.above, below: g.below, notes: g.notes, engine: g.engine, settings: g.settings}
}

// tableToSweep reads a grid (one row per level, or transposed: one row per
// metric) into a sweep. Metadata columns (gpus, leaf, accelerator, model)
// must agree across rows; --gpus supplies the GPU count a table lacks.
func tableToSweep(g grid, meta Meta) (*sweep.Sweep, error) {
	g, unitsRow, unitsLine, normalized := normalizeGrid(g)
	notes := append(slices.Clip(g.notes), normalized...)
	res, err := resolveColumns(g, unitsRow, unitsLine, meta)
	if err != nil {
		return nil, err
	}
	cols := res.cols
	notes = append(notes, res.notes...)
	notes = append(notes, dropFailedRows(&g, cols)...)
	notes = append(notes, dropNamedLoadRows(&g, cols)...)
	notes = append(notes, dropUnservedRows(&g, cols)...)
	rowPick, picked := meta.Series, ""
	if res.seriesPicked {
		rowPick, picked = res.seriesRest, res.seriesName
	}
	more, err := rowSeries(&g, cols, rowPick, picked)
	if err != nil {
		return nil, err
	}
	if meta.Series != "" && !res.seriesPicked && len(more) == 0 {
		return nil, &nothingToPick{inputerr.Errorf(g.file, "--series", g.headerLine, "--series %q: the table holds one curve (no engine, strategy or model column, no column-name series), so there is nothing to pick", meta.Series)}
	}
	notes = append(notes, more...)
	unsure, err := dropUnsureRows(&g, cols)
	if err != nil {
		return nil, err
	}
	notes = append(notes, unsure...)
	notes = append(notes, blankUnsureLatencies(&g, cols)...)
	notes = append(notes, dropOpenEndedTop(&g, cols)...)
	unmeasured, err := dropUnmeasuredRows(&g, cols)
	if err != nil {
		return nil, err
	}
	notes = append(notes, unmeasured...)
	if err := requireColumns(g, cols); err != nil {
		return nil, err
	}
	notes = append(notes, unreadUnusableColumns(g, cols)...)
	notes = append(notes, approximateCellNotes(g, cols)...)
	if err := implausibleUnits(g, cols); err != nil {
		return nil, err
	}
	if err := ambiguousCommas(g, cols); err != nil {
		return nil, err
	}
	notes = append(notes, readingNotes(g.file, cols)...)

	s := &sweep.Sweep{Version: sweep.SchemaVersion, Sources: []string{g.file}, Notes: notes}
	node, gpus, err := tableNode(g, cols, meta)
	if err != nil {
		return nil, err
	}
	if n, note := gpusFromHeading(g, cols, gpus); note != nil {
		gpus, node.gpus = n, n
		s.Notes = append(s.Notes, note...)
	}
	s.GPUs, s.Leaf, s.Accelerator, s.Model = node.gpus, node.leaf, node.accelerator, node.model
	if s.Points, err = tablePoints(g, cols, gpus); err != nil {
		return nil, err
	}
	return s, nil
}

// normalizeGrid brings a grid to one row per level before its columns are
// read: turned when transposed, melted when its headers name the levels
// (widecolumns.go), its units row taken, cells holding several
// values split, rows named by a profile given their level, a rate derived
// from a count over the run and its duration (countrates.go).
func normalizeGrid(g grid) (grid, []string, int, []string) {
	// The rewrites below change cells in place: the caller's grid stays
	// as parsed, since a paste's tables are read more than once (another
	// table's TTFT joined to this one, each candidate of an ambiguity),
	// and a row split twice under a header split once reads each cell
	// under its neighbour's header.
	g = ownCells(g)
	writeToolNotation(&g)
	var notes []string
	notes = append(notes, dropBlankRows(&g)...)
	notes = append(notes, dropUncappedColumns(&g)...)
	notes = append(notes, dropRepeatRows(&g)...)
	notes = append(notes, dropWarmupRows(&g)...)
	// A level's variant row ("64, steady-state") before any cell is read:
	// its load cell is no level of the sweep.
	notes = append(notes, dropVariantLoadRows(&g, classifyAll(g.header))...)
	notes = append(notes, dropProbeRows(&g, classifyAll(g.header))...)
	if merged := mergeGroupHeader(&g); merged != nil {
		notes = append(notes, merged...)
	} else {
		notes = append(notes, mergeCentredGroups(&g)...)
	}
	notes = append(notes, nameRepeatedGroups(&g)...)
	notes = append(notes, readDecimalCommas(&g)...)
	notes = append(notes, readThousandsDots(&g)...)
	notes = append(notes, unpackSweepRow(&g)...)
	notes = append(notes, unpackLevelListRows(&g)...)
	if t, note, ok := nameLevelsOnlyRow(g); ok {
		g = t
		notes = append(notes, note)
	} else if t, note, ok := cornerMetricLevels(g); ok {
		g = t
		notes = append(notes, note)
	}
	if t, note, ok := levelsInRowNames(g); ok {
		g = t
		notes = append(notes, note)
	} else if t, note, ok := pivotMetricRows(g); ok {
		g = t
		notes = append(notes, note)
	} else if t, note, ok := transpose(g); ok {
		g = t
		if note != "" {
			notes = append(notes, note)
		}
	} else if t, note, ok := meltLevelColumns(g); ok {
		g = t
		notes = append(notes, note)
	}
	unitsRow, unitsLine := takeUnitsRow(&g)
	notes = append(notes, leadValueCells(&g)...)
	notes = append(notes, dropSummaryRows(&g)...)
	notes = append(notes, fillDittoMarks(&g)...)
	notes = append(notes, splitArrowColumns(&g)...)
	notes = append(notes, splitCurvePairColumns(&g)...)
	notes = append(notes, splitLabelledCells(&g)...)
	notes = append(notes, splitUnitParts(&g)...)
	notes = append(notes, joinSpaceGroups(&g)...)
	notes = append(notes, nameSidedRateCells(&g)...)
	notes = append(notes, namePerSecondColumns(&g)...)
	notes = append(notes, nameCellRateUnits(&g)...)
	notes = append(notes, nameContextRateUnits(&g)...)
	notes = append(notes, splitCornerHeader(&g)...)
	// Statistics first: a split column that names no metric takes the
	// heading's as its own ("Lane 2 aggregate, median / peak" under a
	// section on tok/s).
	notes = append(notes, splitInlineStats(&g)...)
	notes = append(notes, bracketStatPairs(&g)...)
	notes = append(notes, splitStatPairs(&g)...)
	notes = append(notes, nameStatSiblings(&g)...)
	notes = append(notes, loadNamedByTitle(&g)...)
	notes = append(notes, nameDefinedRates(&g)...)
	notes = append(notes, nameAggStreamPairs(&g)...)
	notes = append(notes, nameColumnsByHeading(&g)...)
	notes = append(notes, splitPerGPUBrackets(&g)...)
	if runs := splitRoundCells(&g); runs != nil {
		// Each run's cell now writes the unit its list wrote once ("39.0,
		// 40.2 tok/s"): the header takes it as for any such column.
		notes = append(notes, runs...)
		notes = append(notes, nameCellRateUnits(&g)...)
	}
	notes = append(notes, meltPackedLevels(&g)...)
	notes = append(notes, sweepInCell(&g)...)
	notes = append(notes, meltCurveCells(&g)...)
	notes = append(notes, levelsByHeading(&g)...)
	notes = append(notes, splitNamedTuples(&g)...)
	notes = append(notes, splitParenValues(&g)...)
	notes = append(notes, splitPackedCells(&g)...)
	notes = append(notes, profileLoads(&g)...)
	notes = append(notes, readLoadTimesSize(&g)...)
	notes = append(notes, dropLoadCountWords(&g)...)
	notes = append(notes, dropLoadPerSecond(&g)...)
	notes = append(notes, signedLoads(&g)...)
	notes = append(notes, labelLoads(&g)...)
	notes = append(notes, curvesInLevelLabels(&g)...)
	notes = append(notes, dropLabelLoads(&g)...)
	// Levels read out of the labels ("c=4 ctx=0") are a load column the
	// heading's metric waited for.
	notes = append(notes, nameColumnsByHeading(&g)...)
	notes = append(notes, phaseRows(&g)...)
	notes = append(notes, nameColumnsByPhysics(&g)...)
	notes = append(notes, expandPackedRows(&g, loadColumn(classifyAll(g.header)))...)
	notes = append(notes, nameStreamRatePairs(&g)...)
	notes = append(notes, loadByStreams(&g)...)
	notes = append(notes, bareRequestRate(&g)...)
	notes = append(notes, countRates(&g)...)
	notes = append(notes, readMislabelledTokenRates(&g)...)
	notes = append(notes, outputRateFromRequests(&g)...)
	notes = append(notes, servedRateFromTokens(&g)...)
	notes = append(notes, outputRateFromBatchLatency(&g)...)
	return g, unitsRow, unitsLine, notes
}

// readingNotes say how the columns were read, and how a rate sweep's E2E
// was derived where the table prints none.
func readingNotes(file string, cols []column) []string {
	var notes []string
	if n := readingNote(file, cols); n != "" {
		notes = append(notes, n)
	}
	if !hasKind(cols, colConcurrency) && !hasKind(cols, colPerGPU) && !centralLatency(cols, "e2e") && e2eDerivable(cols) {
		lacks := "no end-to-end latency column"
		if hasLatency(cols, "e2e") {
			lacks = "no mean or median end-to-end latency (a tail percentile is no time in flight)"
		}
		notes = append(notes, fmt.Sprintf("%s: %s: each stage's is derived as TTFT + TPOT × (output tok/s ÷ served req/s − 1), for its concurrency by Little's law%s", file, lacks, tokenLawCaveats(cols)))
	}
	if n := medianInFlightNote(file, cols); n != "" {
		notes = append(notes, n)
	}
	return notes
}

// tableNode reads what the rows say of the node (tableMeta) and the GPU
// count the rows are read with: the table's, or --gpus where it has none.
func tableNode(g grid, cols []column, meta Meta) (tableMeta, int, error) {
	node := tableMeta{file: g.file}
	for r, row := range g.rows {
		if err := node.row(cols, row, g.lines[r]); err != nil {
			return node, 0, err
		}
	}
	gpus := node.gpus
	if meta.GPUs > 0 && gpus > 0 && meta.GPUs != gpus {
		return node, 0, inputerr.Errorf(g.file, "gpus", node.gpusLine, "the table says %d GPUs but --gpus says %d", gpus, meta.GPUs)
	}
	if gpus == 0 {
		gpus = meta.GPUs
	}
	return node, gpus, nil
}

// tablePoints reads every row into a point; a table without rows is refused.
func tablePoints(g grid, cols []column, gpus int) ([]sweep.Point, error) {
	points := make([]sweep.Point, 0, len(g.rows)) // a Point is large: grow once
	for r, row := range g.rows {
		p, err := tableRow(g.file, g.lines[r], cols, row, gpus)
		if err != nil {
			return nil, err
		}
		p.Engine = g.engine[g.lines[r]]
		points = append(points, *p)
	}
	if len(points) == 0 {
		return nil, inputerr.Errorf(g.file, "", g.headerLine, "the table has a header but no rows")
	}
	if offeredStandsForServed(cols) {
		if err := offeredMayBeServed(g, cols); err != nil {
			return nil, err
		}
		if err := offeredPastSaturation(g, points); err != nil {
			return nil, err
		}
	}
	return points, nil
}

func classifyAll(headers []string) []column {
	out := make([]column, len(headers))
	for i, h := range headers {
		out[i] = classify(h)
	}
	return out
}

// requireColumns refuses a table without a level, an output throughput or a
// TTFT, naming what it has instead when that explains the refusal.
func requireColumns(g grid, cols []column) error {
	have := map[colKind]bool{}
	for _, c := range cols {
		have[c.kind] = true
	}
	switch {
	case !have[colThroughput] && !have[colThroughputPerGPU]:
		msg := "no throughput column (output tok/s: a header such as `throughput`, `tok/s`, `Output tok/s`, `throughput_tok_s`)"
		if c, ok := nearestThroughput(cols); ok {
			msg += otherRateHint(g, cols, c)
		} else if c, ok := firstOf(cols, colPerUser); ok {
			msg += fmt.Sprintf("; %q is %s, and the table has no rate of the whole node", c.header, c.why)
			hint := nodeRateHint(g, cols)
			if hint == "" {
				// Why the served req/s was not multiplied out instead.
				hint = requestRateHint(g, cols)
			}
			msg += hint
		} else {
			msg += requestRateHint(g, cols) + batchLatencyHint(g, cols) + unnamedValuesHint(g, cols)
		}
		return inputerr.Errorf(g.file, "throughput", g.headerLine, "%s", msg)
	case !have[colConcurrency] && !have[colPerGPU] && !have[colRequestedRate]:
		return inputerr.Errorf(g.file, "concurrency", g.headerLine, "no concurrency column (a header such as `concurrency`, `max_concurrency`, `users`, `slots`, `per_gpu`, `conc/GPU`, or an offered `request rate`; or --column concurrency=HEADER)%s", loadHint(g, cols))
	case !have[colConcurrency] && !have[colPerGPU] && !hasLatency(cols, "e2e") && !e2eDerivable(cols):
		return inputerr.Errorf(g.file, "e2e", g.headerLine, "a request-rate sweep: knee places each stage by its concurrency, which Little's law gives as the served request rate × the mean end-to-end latency, and the table has no end-to-end latency column (a header such as `E2E mean (ms)`, `Mean E2EL`, `latency`; or --column e2e_mean=HEADER)")
	}
	return nil
}

// loadHint says which column may be the load a table names none of: an
// offered load knee cannot tell a rate from a concurrency in, else a
// column that steps up as a load does.
func loadHint(g grid, cols []column) string {
	if h := offeredHint(cols); h != "" {
		return h
	}
	if h := labelWrittenHint(g, cols); h != "" {
		return h
	}
	return steppingLoadHint(g, cols)
}

// ownHeader matches the headers knee itself writes (knee import -o csv and
// the aicr fixtures): a table of those needs no reading note.
var ownHeader = regexp.MustCompile(`^((ttft|itl|tpot|e2e)_(p\d+|mean|min|max)_ms|per_gpu|concurrency|throughput_tok_s|throughput_per_gpu|requests|failures|gpus|leaf|accelerator|model|note|simulated|requested_rate|request_rate|duration_s|achieved_concurrency)$`)

// readingNote says what every read column was read as, and from what: the
// one line that lets a reader check knee's reading against the table. A
// table in knee's own column names gets none.
func readingNote(file string, cols []column) string {
	if ownHeaders(cols) {
		return ""
	}
	var parts []string
	for _, c := range cols {
		k := c.key()
		if k == "" || c.header == "" {
			continue
		}
		how := howRead(c)
		if how != "" {
			how = " (" + how + ")"
		}
		parts = append(parts, fmt.Sprintf("%q as %s%s", c.header, k, how))
	}
	return fmt.Sprintf("%s: read %s", file, strings.Join(parts, ", "))
}

// ownHeaders reports whether every read column has one of knee's own names.
func ownHeaders(cols []column) bool {
	for _, c := range cols {
		if c.key() != "" && c.header != "" && !ownHeader.MatchString(HeaderKey(c.header)) {
			return false
		}
	}
	return true
}

// howRead says how a column's values were read: the statistic and the
// unit, and where the unit came from; "" when there is nothing to say.
func howRead(c column) string {
	how := ""
	switch c.kind {
	case colLatency:
		if c.assumed {
			how = "no statistic named: the mean"
		}
		switch {
		case c.stated:
			how = join(how, c.unit.name+" from the "+c.unitFrom)
		case c.cellUnits != "":
			how = join(how, c.cellUnits+" from the cells")
		default:
			how = join(how, "ms assumed")
		}
	case colThroughput, colThroughputPerGPU:
		if c.stated {
			how = c.unit.name + " from the " + c.unitFrom
		}
		if c.stat != "" {
			how = join(how, statName(c.stat))
		}
	case colDuration:
		how = c.unit.name + " from the " + c.unitFrom
	}
	return how
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + ", " + b
}

// takeUnitsRow removes a row of units under the header (| | tok/s | ms |)
// and returns it: a row whose non-blank cells are all units.
func takeUnitsRow(g *grid) ([]string, int) {
	if len(g.rows) < 2 {
		return nil, 0
	}
	n := 0
	for _, cell := range g.rows[0] {
		c := unitCell(cell)
		if isBlank(c) {
			continue
		}
		if u, ok := parseUnit(c); !ok || u.dim == dimPercent || u.dim == dimRatio {
			if l := strings.ToLower(c); l != "unit" && l != "units" {
				return nil, 0
			}
			continue
		}
		n++
	}
	if n == 0 {
		return nil, 0
	}
	row, line := g.rows[0], g.lines[0]
	g.rows, g.lines = g.rows[1:], g.lines[1:]
	return row, line
}

// e2eDerivable: the columns give a request's end-to-end time by its tokens
// (rows.go e2eFromTokens): a served request rate, the output throughput, a
// TTFT and a TPOT, each a mean or a median.
func e2eDerivable(cols []column) bool {
	central := func(metric string) bool { return centralLatency(cols, metric) }
	return (hasKind(cols, colRequestRate) || hasKind(cols, colRequestedRate)) && (hasKind(cols, colThroughput) || hasKind(cols, colThroughputPerGPU)) && central("ttft") && central("itl")
}

func hasLatency(cols []column, metric string) bool {
	for _, c := range cols {
		if c.kind == colLatency && c.metric == metric {
			return true
		}
	}
	return false
}

// tableMeta collects the per-row metadata columns and refuses rows that
// disagree: one table is one node.
type tableMeta struct {
	file                       string
	gpus, gpusLine             int
	leaf, accelerator, model   string
	leafLine, accLine, modLine int
}

func (m *tableMeta) row(cols []column, row []string, line int) error {
	for i, c := range cols {
		if i >= len(row) {
			break
		}
		cell := stripMarkup(row[i])
		if isBlank(cell) {
			continue
		}
		var err error
		switch c.kind {
		case colGPUs:
			err = m.gpuCount(c.header, cell, line)
		case colLeaf:
			// "gb300-eks (p6e-gb300r.36xlarge)" → the leaf is the first word.
			if words := strings.FieldsFunc(cell, func(r rune) bool { return r == ' ' || r == ',' || r == '(' }); len(words) > 0 {
				err = agree(m.file, c.header, line, &m.leaf, &m.leafLine, words[0])
			}
		case colAccelerator:
			err = agree(m.file, c.header, line, &m.accelerator, &m.accLine, strings.ToLower(cell))
		case colModel:
			err = agree(m.file, c.header, line, &m.model, &m.modLine, cell)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// gpuCount reads a gpus cell: a whole positive count, the same on every row;
// a count written with its chip ("2xA10", "H100 × 8") is that count.
func (m *tableMeta) gpuCount(header, cell string, line int) error {
	if n, ok := countWithChip(cell); ok {
		cell = n
	}
	cv, ok, err := parseCell(cleanCell(cell))
	v := cv.v
	if err != nil || !ok || cv.unit != nil || v <= 0 || v != math.Trunc(v) || v > 1e6 {
		return inputerr.Errorf(m.file, header, line, "%q is not a GPU count", cell)
	}
	if m.gpus != 0 && int(v) != m.gpus {
		return inputerr.Errorf(m.file, header, line, "conflicting GPU counts across rows: %d (line %d) and %d", m.gpus, m.gpusLine, int(v))
	}
	m.gpus, m.gpusLine = int(v), line
	return nil
}

func agree(file, field string, line int, dst *string, dstLine *int, v string) error {
	if *dst != "" && *dst != v {
		return inputerr.Errorf(file, field, line, "conflicting values across rows: %q (line %d) and %q", *dst, *dstLine, v)
	}
	if *dst == "" {
		*dst, *dstLine = v, line
	}
	return nil
}

// levelHeader matches a transposed table's level column: "conc=4", "c=16",
// "64/GPU", "per_gpu=128", "concurrency 256", "users=8", "np=4" (llama.cpp's
// slots, each filled by one of N requests sent at once), or a bare number.
var levelHeader = regexp.MustCompile(`^(?i)(conc(?:urrency)?|cc|c|n|s|per[ _]?gpu|conc/gpu|level|users?|clients?|agents?|streams?|sessions?|workers?|threads?|parallel|np|npl|slots?|batch|bsz|bs|max_concurrency|max[ _]concurrency|concurrent|agg|aggregate)?\s*[=:@]?\s*(\d[\d,]*(?:\.\d+)?)\s*(/\s*gpu|per[ _]gpu)?$`)

// rowsNumbered reports whether a row's first cell is a number: rows named
// by a number are levels, not metrics.
func rowsNumbered(g grid) bool {
	for _, row := range g.rows {
		if len(row) == 0 {
			continue
		}
		if _, ok, err := parseCell(cleanCell(row[0])); ok && err == nil {
			return true
		}
	}
	return false
}

// levelHeaders reads a transposed table's level headers: the levels, and
// whether one says it is per GPU; ok is false unless every header names one.
func levelHeaders(headers []string) (levels []string, perGPU, ok bool) {
	levels = make([]string, 0, len(headers))
	named := ""
	for _, h := range headers {
		if level, rest, ok := wordLevel(h); ok && rest == "" {
			levels = append(levels, level) // "单请求", "2x 并发"
			continue
		}
		m := levelHeader.FindStringSubmatch(levelHeaderText(h))
		if m == nil {
			name, level, gpu, ok := namedLevelHeader(h)
			if !ok || named != "" && !sameLoadName(name, named) {
				return nil, false, false
			}
			named, perGPU = name, perGPU || gpu
			levels = append(levels, level) // "客户端并发 4" (namedlevelheaders.go)
			continue
		}
		if strings.Contains(strings.ToLower(m[1]+m[3]), "gpu") {
			perGPU = true
		}
		levels = append(levels, m[2])
	}
	return levels, perGPU, true
}

// transpose turns a table written the other way round (one row per metric,
// one column per level) into the usual one-row-per-level form. It applies
// when every header cell after the first names a level, whatever the corner
// cell says ("metric", "", even "Concurrency"), and the rows are named by
// their first cell rather than numbered.
// A last column that summarises each row (the mean over the levels) is
// set aside first (widelevels.go); note says so. Columns named by level and
// series at once ("C=10 Disagg") turn with a series column (levelseries.go).
func transpose(g grid) (grid, string, bool) {
	if len(g.header) < 2 || len(g.rows) == 0 {
		return g, "", false
	}
	note := ""
	if t, n, ok := joinLeadLabels(g); ok {
		g, note = t, n
	}
	levelName := "concurrency"
	if classify(g.header[0]).kind == colPerGPU {
		levelName = "per_gpu"
	}
	if rowsNumbered(g) && !cornerNamesColumnLoad(g.header[0]) && !levelsInWords(g.header) && !cornerNamesWorkload(g) {
		return g, "", false // a number names no metric: this is a row per level
	}
	levels, perGPU, ok := levelHeaders(levelNames(g.header[1:]))
	if !ok {
		if t, note, ok := transposeLevelSeries(g, levelName); ok {
			return t, note, true // columns named by level and series (levelseries.go)
		}
		var dropped bool
		if g, note, dropped = dropLevelNeighbours(g); !dropped {
			return g, "", false
		}
		levels, perGPU, _ = levelHeaders(g.header[1:])
	}
	if perGPU {
		levelName = "per_gpu"
	}
	if t, ok := seriesRows(g, levelName, levels); ok {
		return t, note, true
	}
	return levelRows(g, levelName, levels), note, true
}

// levelRows turns a table of one row per metric and one column per level
// into one row per level.
func levelRows(g grid, levelName string, levels []string) grid {
	t := g.reshaped(levelName)
	for _, row := range g.rows {
		if len(row) == 0 {
			continue
		}
		t.header = append(t.header, row[0])
	}
	for j, lv := range levels {
		out := []string{lv}
		for _, row := range g.rows {
			if len(row) == 0 {
				continue
			}
			if j+1 < len(row) {
				out = append(out, row[j+1])
			} else {
				out = append(out, "")
			}
		}
		t.rows = append(t.rows, out)
		// A level's values are spread over every row: name the header line.
		t.lines = append(t.lines, g.headerLine)
	}
	return t
}

// cornerParts splits a transposed table's corner cell, which may name the
// row key, the metric and the column key at once: "服务 \ 吞吐(tokens/s) \ 并发".
var cornerParts = regexp.MustCompile(`\s*[\\＼]\s*`)

// cornerNamesColumnLoad: a corner cell naming the rows' axis and then the
// columns' ("ctx \ conc"), the columns' a load: the rows are curves (a
// context length each), numbered or not, and the headers their levels.
func cornerNamesColumnLoad(corner string) bool {
	parts := cornerParts.Split(stripMarkup(corner), -1)
	if len(parts) < 2 {
		return false
	}
	k := classify(parts[len(parts)-1]).kind
	return (k == colConcurrency || k == colPerGPU) && classify(parts[0]).key() != "concurrency"
}

// seriesRows turns a transposed table whose rows are series, not metrics
// (one row per engine, the corner naming the one metric they hold), into
// one row per series and level with a "series" column: rowSeries then names
// the series, and --series picks one. Rows of ratios (同比 +20.65%) are
// derived and left out. false when a row names a metric, or when neither
// the corner nor the table's caption or heading names one.
func seriesRows(g grid, levelName string, levels []string) (grid, bool) {
	metric := seriesRowsMetric(g)
	if metric == "" && speedRows(g, levels) {
		// Nothing states a unit: a word and the rows' physics may (speedcolumns.go).
		metric = "tok/s"
		g.notes = append(slices.Clip(g.notes), fmt.Sprintf("%s:%d: the rows name no metric: read as the node's output tok/s by their physics: the text names %q, and each rises with the load by less at every step, as a node's output rate does", g.file, g.headerLine, speedText(g)))
	}
	if metric == "" {
		return g, false
	}
	labels, metricRows := seriesRowKinds(g, levels)
	if len(labels) == 0 || !curvesOwnMetricRows(g, labels, metricRows) {
		return g, false // a row names a metric: the usual transposed table
	}
	t := g.reshaped(levelName, "series", metric)
	if len(metricRows) > 0 {
		t.notes = append(slices.Clip(t.notes), fmt.Sprintf("%s: rows naming another metric of one curve (%s) are not read: the corner's metric is the one every curve gives", g.file, andQuoted(rowLabels(g, metricRows))))
	}
	for _, r := range labels {
		row := g.rows[r]
		for j, lv := range levels {
			v := ""
			if j+1 < len(row) {
				v = row[j+1]
			}
			t.rows = append(t.rows, []string{lv, row[0], v})
			t.lines = append(t.lines, g.lines[r])
		}
	}
	return t, true
}

// seriesRowKinds splits a transposed table's rows into those labelling a
// curve and those naming a metric; rows of ratios (同比 +20.65%) are
// derived and in neither.
func seriesRowKinds(g grid, levels []string) (labels, metricRows []int) {
	for r, row := range g.rows {
		if len(row) == 0 {
			continue
		}
		c := classify(outsideBrackets(row[0])) // "cohort (after the change)": the bracket remarks, the name names
		if c.key() != "" && !settingLabel(c, row, levels) {
			metricRows = append(metricRows, r)
			continue
		}
		if c.kind == colRatio || allRatios(row[1:]) || otherDimensionLabel(row[0]) {
			continue
		}
		labels = append(labels, r)
	}
	return labels, metricRows
}

// curvesOwnMetricRows: every row that names a metric also names one of the
// curves the other rows label ("TTFT, Lane A" under "baseline" and "Lane
// A" rows of aggregate tok/s): that curve's other metric, beside the one
// the corner names for all. None is true too.
func curvesOwnMetricRows(g grid, labels, metricRows []int) bool {
	for _, m := range metricRows {
		text := strings.ToLower(stripMarkup(cellAt(g.rows[m], 0)))
		if !slices.ContainsFunc(labels, func(l int) bool {
			name := strings.ToLower(strings.TrimSpace(stripMarkup(cellAt(g.rows[l], 0))))
			return name != "" && strings.Contains(text, name)
		}) {
			return false
		}
	}
	return true
}

func rowLabels(g grid, rows []int) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.TrimSpace(stripMarkup(cellAt(g.rows[r], 0))))
	}
	return out
}

// settingLabel: a row label that names a load ("Ollama, 16 slots",
// "max-num-seqs 8") under headers that are already the levels is the
// server's setting for that row's curve, not a row of levels: its cells
// are not the header's levels repeated.
func settingLabel(c column, row []string, levels []string) bool {
	if c.kind != colConcurrency && c.kind != colPerGPU {
		return false
	}
	for j, lv := range levels {
		if j+1 < len(row) && cleanCell(row[j+1]) != cleanCell(lv) {
			return true
		}
	}
	return false
}

// seriesRowsMetric is the metric a transposed table's corner names, else,
// where the corner names the series ("Движок"), the one the caption or
// heading above the table names ("values of output throughput:"); "" when
// neither does.
func seriesRowsMetric(g grid) string {
	metric, count := "", false
	for _, part := range cornerParts.Split(stripMarkup(g.header[0]), -1) {
		if c := classify(part); measuredAtLevel(c) && (c.key() != "" || c.flavor == "total") {
			metric = part // a corner naming the rows ("Model") names no metric
			count = c.kind == colRequests
		}
	}
	if h := headingMetric(g); metric == "" || count && h != "" {
		// A corner "Requests" over the levels 1 … 8 names what the levels
		// count, the requests at once; the caption above names the cells
		// ("Aggregate tokens per second across all active requests").
		metric = h
	}
	if metric == "" {
		metric = outerRateHeading(g)
	}
	if metric == "" {
		metric = levelCellsUnit(g)
	}
	if metric == "" && proseRateBlanket(g) {
		metric = "tok/s" // "Each value is aggregate output tokens/second"
	}
	return metric
}

func allRatios(cells []string) bool {
	n := 0
	for _, c := range cells {
		if isBlank(cleanCell(c)) {
			continue
		}
		if !looksRatio(cleanCell(c)) {
			return false
		}
		n++
	}
	return n > 0
}

// nearestThroughput is the unread token rate a refusal for want of a
// throughput names: an output rate before an input or prefill one, since
// only an output rate can be the node's output tok/s. A per-user rate is
// never named: one stream's speed is not the node's at any load above one,
// so a flag reading it as the throughput would make a wrong curve.
func nearestThroughput(cols []column) (column, bool) {
	var first *column
	for i, c := range cols {
		if c.kind != colOtherTokRate {
			continue
		}
		w := wordset(headerTokens(vocab.Translate(strings.ToLower(stripMarkup(c.header)))))
		if !w.has("input", "prompt", "prefill", "pp") {
			return c, true
		}
		if first == nil {
			first = &cols[i]
		}
	}
	if first == nil {
		return column{}, false
	}
	return *first, true
}

// otherRateHint names the token rate c a table has in place of the node's
// output rate, and the flag that reads it as that, unless it falls at every
// level as a stream's rate does (fallingrate.go): no flag makes a stream's
// rate the node's, and a refusal names none that reads wrong.
func otherRateHint(g grid, cols []column, c column) string {
	load, rate := loadColumn(cols), slices.IndexFunc(cols, func(x column) bool { return x.header == c.header })
	if load >= 0 && rate >= 0 && fallsInEveryCurve(g, load, rate, -1) {
		return fmt.Sprintf("; %q is %s, and one stream's: it falls at every level as %q grows, which the node's rate does not, and the table has no rate of the whole node", c.header, c.why, cols[load].header)
	}
	return fmt.Sprintf("; %q is %s: if it is the node's output tok/s, say so with --column throughput=%q", c.header, c.why, c.header)
}

func firstOf(cols []column, k colKind) (column, bool) {
	for _, c := range cols {
		if c.kind == k {
			return c, true
		}
	}
	return column{}, false
}

// ownCells is g with its own copy of the header, rows and line numbers.
func ownCells(g grid) grid {
	g.header = slices.Clone(g.header)
	g.lines = slices.Clone(g.lines)
	rows := make([][]string, len(g.rows))
	for i, r := range g.rows {
		rows[i] = slices.Clone(r)
	}
	g.rows = rows
	return g
}
