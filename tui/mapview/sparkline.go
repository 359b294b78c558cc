package mapview

import "math"

// sparks are the eight heights of a sparkline cell.
var sparks = [8]rune{'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// Sparkline draws the last width values as bars scaled between the smallest
// and largest of them (and 0, so an all-late series does not look on time).
// It returns fewer than width runes when there are fewer values.
func Sparkline(values []float64, width int) string {
	if width <= 0 || len(values) == 0 {
		return ""
	}
	if len(values) > width {
		values = values[len(values)-width:]
	}
	lo, hi := 0.0, 0.0
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	out := make([]rune, len(values))
	for i, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) || hi == lo {
			out[i] = sparks[0]
			continue
		}
		n := int(math.Round((v - lo) / (hi - lo) * float64(len(sparks)-1)))
		out[i] = sparks[min(max(n, 0), len(sparks)-1)]
	}
	return string(out)
}
