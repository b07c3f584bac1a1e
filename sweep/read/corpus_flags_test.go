package read

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// A refusal names the flag that resolves it. Over every corpus entry (and
// every entry's reading with its corpus flags), each flag a refusal names is
// given in turn, on top of the flags already given, and the reading must
// then not be refused for the same reason (the same field with the same
// message): a flag that changes nothing would send the user in a circle.

var (
	namedSeries = regexp.MustCompile(`--series "([^"]+)"`)
	namedColumn = regexp.MustCompile(`--column ([a-z_0-9]+)="([^"]+)"`)
	namedUnit   = regexp.MustCompile(`--unit "([^"=]+)=([^"]+)"`)
	namedGPUs   = regexp.MustCompile(`--gpus (\d+)`)
)

func copyMap(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func TestCorpusRefusalsNameFlagsThatChangeTheReading(t *testing.T) {
	checked := 0
	for _, name := range corpusEntries(t) {
		e := readCorpusExpected(t, name)
		file := fixtures.Path(filepath.Join("corpus", name, e.DataFile))
		bases := []Meta{{}}
		if m, ok := corpusFlags[name]; ok {
			bases = append(bases, m)
		}
		for _, base := range bases {
			_, err := Load([]string{file}, Options{Meta: base, Workload: corpusWorkload[name], Judge: corpusJudge})
			var ie *inputerr.Error
			if err == nil || !errors.As(err, &ie) {
				continue
			}
			for _, m := range namedFlags(err, base) {
				_, err2 := Load([]string{file}, Options{Meta: m, Workload: corpusWorkload[name], Judge: corpusJudge})
				checked++
				var ie2 *inputerr.Error
				if err2 == nil || !errors.As(err2, &ie2) {
					continue
				}
				same := ie2.Field == ie.Field && ie2.Msg == ie.Msg
				require.False(t, same, "%s: the refusal names a flag that changes nothing:\n%s\nwith %+v:\n%s", name, err, m, err2)
			}
		}
	}
	require.Greater(t, checked, 20, "the corpus refusals name flags")
	t.Logf("%d named flags tried", checked)
}

func checkThroughputsTranscribed(t *testing.T, name string, e corpusExpected, s *sweep.Sweep, series string) {
	named := false
	for _, x := range e.Points {
		named = named || series != "" && sameSeries(fmt.Sprint(x.Series), series)
	}
	// A curve the refusal names by its heading may be transcribed under
	// another name ("Throughput, single GPU" as "single GPU (BATCH_MAX_SIZE)"):
	// then every throughput read must be a row of one transcribed series.
	holds := map[string]int{}
	for _, p := range s.Points {
		found := map[string]bool{}
		for _, x := range e.Points {
			if x.Throughput == nil || named && !sameSeries(fmt.Sprint(x.Series), series) {
				continue
			}
			if sameValue(*x.Throughput, p.ThroughputTokS) || p.ThroughputPerGPU != nil && sameValue(*x.Throughput, *p.ThroughputPerGPU) {
				found[fmt.Sprint(x.Series)] = true
			}
		}
		require.NotEmpty(t, found, "%s: throughput %v (per GPU %v) read with the first candidate its refusal names is no throughput of the source", name, p.ThroughputTokS, p.ThroughputPerGPU)
		for k := range found {
			holds[k]++
		}
	}
	if series != "" && !named && len(s.Points) > 0 {
		one := false
		for _, n := range holds {
			one = one || n == len(s.Points)
		}
		require.True(t, one, "%s: the throughputs read with --series %q are not all of one transcribed series", name, series)
	}
}

func TestCorpusFirstNamedCandidateReadsRight(t *testing.T) {
	tried := 0
	for _, name := range corpusEntries(t) {
		e := readCorpusExpected(t, name)
		file := fixtures.Path(filepath.Join("corpus", name, e.DataFile))
		bases := []Meta{{}}
		if m, ok := corpusFlags[name]; ok {
			bases = append(bases, m)
		}
		for _, base := range bases {
			_, err := Load([]string{file}, Options{Meta: base, Workload: corpusWorkload[name], Judge: corpusJudge})
			var ie *inputerr.Error
			if err == nil || !errors.As(err, &ie) {
				continue
			}
			m, ok := firstNamedCandidate(err, base)
			if !ok {
				continue
			}
			s, err2 := Load([]string{file}, Options{Meta: m, Workload: corpusWorkload[name], Judge: corpusJudge})
			if err2 != nil {
				continue
			}
			tried++
			checkThroughputsTranscribed(t, name, e, s, m.Series)
		}
	}
	require.Greater(t, tried, 5, "corpus refusals name candidates that read")
	t.Logf("%d first-named candidates read and checked", tried)
}

func firstNamedCandidate(err error, base Meta) (Meta, bool) {
	msg := err.Error()
	m := base
	m.Columns = copyMap(base.Columns)
	m.Units = copyMap(base.Units)
	s := namedSeries.FindStringSubmatchIndex(msg)
	c := namedColumn.FindStringSubmatchIndex(msg)
	switch {
	case s != nil && (c == nil || s[0] < c[0]):
		m.Series = msg[s[2]:s[3]]
	case c != nil:
		m.Columns[msg[c[2]:c[3]]] = msg[c[4]:c[5]]
	default:
		return m, false
	}
	return m, true
}

// namedFlags are the readings with each flag a refusal names.
func namedFlags(err error, base Meta) []Meta {
	msg := err.Error()
	var out []Meta
	with := func(f func(m *Meta)) {
		m := base
		m.Columns = copyMap(base.Columns)
		m.Units = copyMap(base.Units)
		f(&m)
		out = append(out, m)
	}
	for _, s := range namedSeries.FindAllStringSubmatch(msg, -1) {
		with(func(m *Meta) { m.Series = s[1] })
	}
	for _, c := range namedColumn.FindAllStringSubmatch(msg, -1) {
		with(func(m *Meta) { m.Columns[c[1]] = c[2] })
	}
	for _, u := range namedUnit.FindAllStringSubmatch(msg, -1) {
		with(func(m *Meta) { m.Units[table.HeaderKey(u[1])] = u[2] })
	}
	for _, g := range namedGPUs.FindAllStringSubmatch(msg, -1) {
		n, _ := strconv.Atoi(g[1])
		with(func(m *Meta) { m.GPUs = n })
	}
	return out
}
