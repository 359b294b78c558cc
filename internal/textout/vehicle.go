package textout

import (
	"fmt"
	"io"
	"strconv"

	"abfahrt/model"
)

// PrintVehicle prints vehicle n's trip and its passages.
func PrintVehicle(w io.Writer, words Words, n int, trip model.Trip, ps model.VehiclePassages) error {
	if !trip.IsActive {
		_, err := fmt.Fprintf(w, words.Word("Vehicle %d (%s) is not in service.")+"\n", n, words.Word(trip.VehicleCategory.String()))
		return err
	}
	line, dir := ps.Line(), ""
	if trip.JourneyData != nil {
		dir = trip.JourneyData.DepartureDirectionText
	}
	pos := words.Word("position unknown")
	if p, ok := trip.Position(); ok {
		pos = fmt.Sprintf(words.Word("at %.5f, %.5f heading %d°"), p.Latitude, p.Longitude, p.Bearing)
	}
	if _, err := fmt.Fprintf(w, words.Word("%s %d, line %s to %s: %s, %s")+"\n\n", words.Word(trip.VehicleCategory.String()), n, line, dir,
		delayLong(words.Word, trip.Deviation()), pos); err != nil {
		return err
	}
	head := []string{"#", "STOP", "PLATFORM", "SCHEDULED", "EXPECTED", "DELAY", "STATUS"}
	for i := range head {
		head[i] = words.Word(head[i])
	}
	t := NewTable(w, head...)
	for _, p := range ps.Passages {
		t.Row(strconv.Itoa(p.SequenceNumber), p.StopName, Dash(p.PlatformName), Clock(p.Scheduled()), Clock(p.Actual()),
			words.Word(DelayText(p.Deviation())), words.Word(p.Status.String()))
	}
	return t.Flush()
}

// delayLong reads a deviation as a phrase in word's language: "3 min
// late", "on time", "1 min early".
func delayLong(word func(string) string, seconds int) string {
	switch m := model.DelayMinutes(seconds); {
	case m > 0:
		return fmt.Sprintf(word("%d min late"), m)
	case m < 0:
		return fmt.Sprintf(word("%d min early"), -m)
	}
	return word("on time")
}
