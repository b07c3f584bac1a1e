package numfmt

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGroup(t *testing.T) {
	cases := []struct {
		v    float64
		d    int
		want string
	}{
		{84788, 0, "84,788"},
		{84788.4, 0, "84,788"},
		{15897.75, 2, "15,897.75"},
		{1182.333, 2, "1,182.33"},
		{2.5, 2, "2.5"},
		{2000, 2, "2,000"},
		{-1234567, 0, "-1,234,567"},
		{-0.001, 0, "0"},
		{773.81, -1, "774"},
		{12.34, -1, "12.3"},
		{2.345, -1, "2.35"},
		{0, 0, "0"},
		{math.NaN(), 0, "–"},
		{math.Inf(1), 2, "–"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, Group(c.v, c.d), "%v, %d", c.v, c.d)
	}
}
