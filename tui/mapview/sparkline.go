package mapview

import "math"

// sparks are the eight heights of a sparkline cell.
var sparks = [8]rune{'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// ConsoleSparks are the heights of a sparkline cell in fonts without the
// eighth blocks ▁…▇, such as the Linux console's: low, half, full.
var ConsoleSparks = []rune{'_', '▒', '█'}

// Sparkline draws the last width values as bars scaled over SparkRange of
// them, so a series from +9 to +10 shows its change rather than a flat row
// at the top of a scale from 0 (the caller says the range beside it).
// It returns fewer than width runes when there are fewer values.
func Sparkline(values []float64, width int) string {
	return SparklineWith(values, width, sparks[:])
}

// SparklineWith is Sparkline with the bar heights levels, lowest first
// (at least one; ConsoleSparks for the Linux console).
func SparklineWith(values []float64, width int, levels []rune) string {
	if len(levels) == 0 {
		levels = sparks[:]
	}
	if width <= 0 || len(values) == 0 {
		return ""
	}
	if len(values) > width {
		values = values[len(values)-width:]
	}
	lo, hi := SparkRange(values)
	out := make([]rune, len(values))
	for i, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) || hi == lo {
			out[i] = levels[0]
			continue
		}
		n := int(math.Round((v - lo) / (hi - lo) * float64(len(levels)-1)))
		out[i] = levels[min(max(n, 0), len(levels)-1)]
	}
	return string(out)
}

// SparkRange is the range a sparkline of values spans: from the smallest
// value rounded down to a whole number to the largest rounded up, at least
// 1 apart (NaN and infinities left out; 0…1 without values).
func SparkRange(values []float64) (lo, hi float64) {
	first := true
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		if first {
			lo, hi, first = v, v, false
			continue
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	lo, hi = math.Floor(lo), math.Ceil(hi)
	if hi-lo < 1 {
		hi = lo + 1
	}
	return lo, hi
}
