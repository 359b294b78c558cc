package sim

import (
	"sort"
	"strconv"
)

// Layover and deadhead rules of the vehicle assignment, in seconds.
const (
	minLayover   = 3 * 60
	deadheadTime = 30 * 60
	sizingSlack  = 10 * 60 // delay assumed when sizing a line's pool
	tramReserve  = 4
	busReserve   = 8
)

// vehicle is one vehicle of the fleet with its base data.
type vehicle struct {
	number   int
	category int
	name     string
	model    *model
	line     int // index of the line it is allocated to, -1 for the reserve
}

// model is a vehicle type with its base data.
type model struct {
	make, model                     string
	seats, standing, wheelchairs    int
	doors, length, width, height    int
	emptyWeight, maxWeight, powerKW int
}

var (
	combino  = &model{"Siemens", "Combino", 72, 106, 2, 6, 31640, 2400, 3500, 40400, 55200, 400}
	avenio   = &model{"Siemens", "Avenio M", 81, 153, 2, 8, 42000, 2400, 3500, 51500, 73800, 540}
	citaroG  = &model{"Mercedes-Benz", "Citaro G", 49, 104, 2, 4, 18125, 2550, 3120, 16400, 29000, 260}
	citaro   = &model{"Mercedes-Benz", "Citaro", 31, 65, 2, 3, 12135, 2550, 3120, 10900, 19500, 220}
	lionG    = &model{"MAN", "Lion's City 18", 47, 102, 2, 4, 18100, 2550, 3320, 16600, 29700, 265}
	lionE    = &model{"MAN", "Lion's City 12 E", 33, 62, 2, 3, 12200, 2550, 3320, 13500, 19500, 240}
	eCitaroG = &model{"Mercedes-Benz", "eCitaro G", 44, 101, 2, 4, 18125, 2550, 3400, 19500, 30000, 250}
)

// busModels cycle over bus numbers in blocks of ten.
var busModels = []*model{citaroG, citaro, lionG, citaroG, lionE, eCitaroG, citaro, lionG, citaroG, lionE}

// buildFleet sizes each line's pool from a pessimistic assignment over the
// three kinds of day and numbers the vehicles: trams from 41, buses from 101
// (day lines, then the reserve, then the night lines).
func buildFleet(n *network) []vehicle {
	var fleet []vehicle
	tram, bus := 41, 101
	add := func(cat, li int) {
		v := vehicle{category: cat, line: li}
		if cat == 1 {
			v.number, v.model = tram, avenio
			if tram < 51 {
				v.model = combino
			}
			v.name = "Straßenbahn " + strconv.Itoa(tram)
			tram++
		} else {
			v.number, v.model = bus, busModels[(bus/10)%len(busModels)]
			v.name = "Bus " + strconv.Itoa(bus)
			bus++
		}
		fleet = append(fleet, v)
	}
	night := false
	for pass := 0; pass < 2; pass++ {
		for _, l := range n.lines {
			if l.night != night {
				continue
			}
			need := 0
			for k := weekday; k <= sunday; k++ {
				if s := poolNeed(l, k); s > need {
					need = s
				}
			}
			for i := 0; i < need; i++ {
				add(l.category, l.index)
			}
		}
		if !night {
			for i := 0; i < tramReserve; i++ {
				add(1, -1)
			}
			for i := 0; i < busReserve; i++ {
				add(5, -1)
			}
		}
		night = true
	}
	sort.Slice(fleet, func(i, j int) bool { return fleet[i].number < fleet[j].number })
	return fleet
}

// poolNeed is the number of vehicles line l needs on a day of kind k when
// every trip arrives sizingSlack late.
func poolNeed(l *line, k dayKind) int {
	var ts []slotTrip
	for d := 0; d < 2; d++ {
		dur := int64(l.dirs[d].duration())
		for _, s := range tripStarts(l, k, d) {
			ts = append(ts, slotTrip{start: int64(s), end: int64(s) + dur + sizingSlack, origin: d})
		}
	}
	sortSlotTrips(ts)
	return assignSlots(ts)
}
