package sweep

import (
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

func TestParsePerGPUKeepsOrderAndRejectsBadLists(t *testing.T) {
	got, err := ParsePerGPU("64, 128,256")
	require.NoError(t, err)
	require.Equal(t, []int{64, 128, 256}, got)

	for spec, want := range map[string]string{
		"":          "not a positive integer",
		"64,,128":   "not a positive integer",
		"64,0":      "not a positive integer",
		"128,64":    "levels must increase: 64 after 128",
		"64,64":     "levels must increase",
		"64,abc":    `"abc" is not a positive integer`,
		"-1":        "not a positive integer",
		"1.5,3":     "not a positive integer",
		"64,128,12": "levels must increase",
	} {
		_, err := ParsePerGPU(spec)
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), spec)
		require.Equal(t, "--per-gpu", in.Field, spec)
		require.Contains(t, err.Error(), want, spec)
	}
}

func TestParseLadderMultiplyAndAdd(t *testing.T) {
	got, err := ParseLadder("16:1024:x2")
	require.NoError(t, err)
	require.Equal(t, []int{16, 32, 64, 128, 256, 512, 1024}, got)

	got, err = ParseLadder("16:1000:x2") // END not on a step: stop below it
	require.NoError(t, err)
	require.Equal(t, []int{16, 32, 64, 128, 256, 512}, got)

	got, err = ParseLadder("32:128:+32")
	require.NoError(t, err)
	require.Equal(t, []int{32, 64, 96, 128}, got)

	got, err = ParseLadder("8:8:x2")
	require.NoError(t, err)
	require.Equal(t, []int{8}, got)
}

func TestParseLadderRejectsMalformedSpecs(t *testing.T) {
	for _, spec := range []string{"16:1024", "a:1024:x2", "16:8:x2", "0:8:x2", "16:1024:x1", "16:1024:*2",
		"16:1024:+0", "16:1024:x", "1:100000:+1", "16:1024:x2:3"} {
		_, err := ParseLadder(spec)
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), spec)
		require.Equal(t, "--ladder", in.Field, spec)
	}
}

func TestNewPlanIDIsAKubernetesLabelValue(t *testing.T) {
	id := NewPlanID(time.Date(2026, 11, 30, 5, 1, 2, 0, time.UTC))
	require.Regexp(t, regexp.MustCompile(`^knee-20261130-050102-[0-9a-f]{6}$`), id)
	require.LessOrEqual(t, len(id), 63)
}

func FuzzParseLadder(f *testing.F) {
	for _, s := range []string{"16:1024:x2", "32:128:+32", "1:9223372036854775807:x2", "5:5:+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		levels, err := ParseLadder(spec)
		if err != nil {
			return
		}
		require.NotEmpty(t, levels)
		require.LessOrEqual(t, len(levels), MaxLevels)
		for i := 1; i < len(levels); i++ {
			require.Greater(t, levels[i], levels[i-1])
		}
	})
}

func FuzzParsePerGPU(f *testing.F) {
	for _, s := range []string{"64,128,256", "1", " 8 , 16", "128,64", "9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		levels, err := ParsePerGPU(spec)
		if err != nil {
			var in *inputerr.Error
			require.True(t, errors.As(err, &in))
			return
		}
		require.NotEmpty(t, levels)
		for i := range levels {
			require.Positive(t, levels[i])
			if i > 0 {
				require.Greater(t, levels[i], levels[i-1])
			}
		}
	})
}

func TestFormatLadderIsWhatPerGPUTakes(t *testing.T) {
	require.Equal(t, "64,128,256", FormatLadder([]int{64, 128, 256}))
	require.Equal(t, "8", FormatLadder([]int{8}))
	require.Equal(t, "", FormatLadder(nil))
	l, err := ParseLadder("16:64:x2")
	require.NoError(t, err)
	require.Equal(t, "16,32,64", FormatLadder(l))
}
