package catalog

// Ladder are the line ladder's texts (tui/internal/ladder): a line's vehicles
// along both directions, their headways and flags.
type Ladder struct {
	// LadderTitle heads the view: "Line %s".
	LadderTitle string
	// Regularity is the line's figure in words, over the headways of
	// the vehicles on the ladder now: "headways vary ±%d %%".
	Regularity string
	// RegularityNone: fewer than two headways seen.
	RegularityNone string
	// FlagBunched, FlagGap, FlagGhost and FlagStale name the flags.
	FlagBunched, FlagGap, FlagGhost, FlagStale string
	// CountBunched etc. count them in the header: "%d bunched".
	CountBunched, CountGap, CountGhost, CountStale string
	// Plan is a headway against the timetable's: "%s (plan %s)".
	Plan string
	// Behind is the selected vehicle's headway to the trip the timetable
	// runs before it: "%s behind %d (plan %s)".
	Behind string
	// Overtook is said of a vehicle that passed the trip the timetable
	// runs before it: "overtook %d, %s ahead of it"; OvertookCell is its
	// cell's word for it: "overtook %d".
	Overtook, OvertookCell string
	// LadderLegend explains the ladder's symbols, on its own line and in
	// the ? help (Legend).
	LadderLegend string
	// Leads: the first vehicle of its direction.
	Leads string
	// Waiting: at its first stop, not started.
	Waiting string
	// Unplaced: a vehicle whose passages are not in yet.
	Unplaced string
	// GhostAt is a ghost: "no vehicle for the %s start".
	GhostAt string
	// GhostWhere is where the timetable has a ghost now: "by the
	// timetable at %s now".
	GhostWhere string
	// Towards heads a rail: "→ %s".
	Towards string
	// LadderLoading, NoLine, NoVehicles say why the ladder is empty.
	LadderLoading, NoLine, NoVehicles string
	// Thinned says that the rungs show every n-th stop: "every %d. stop".
	Thinned string
	// KeyLadder and KeyLadderDir are the keys' help.
	KeyLadder, KeyLadderDir string
}

func englishLadder() Ladder {
	return Ladder{
		LadderTitle:    "Line %s",
		Regularity:     "headways vary ±%d %%",
		RegularityNone: "regularity: too few headways",
		FlagBunched:    "bunched", FlagGap: "gap", FlagGhost: "ghost", FlagStale: "stale",
		CountBunched: "%d bunched", CountGap: "%d gap", CountGhost: "%d ghost", CountStale: "%d stale",
		Plan:     "%s (plan %s)",
		Behind:   "%s behind %d (plan %s)",
		Overtook: "overtook %d, %s ahead of it", OvertookCell: "overtook %d",
		LadderLegend:  "● at a stop · ↓↑ on the way · ◌ waiting · 9′ (plan 10′) headway · ✗ ghost: no vehicle · ◷ stale · ▸ selected",
		Leads:         "first of its direction",
		Waiting:       "waiting",
		Unplaced:      "position not in yet",
		GhostAt:       "no vehicle for the %s start",
		GhostWhere:    "by the timetable at %s now",
		Towards:       "to %s",
		LadderLoading: "loading the line…",
		NoLine:        "no line %s",
		NoVehicles:    "no vehicle of line %s in service",
		Thinned:       "some stops left out",
		KeyLadder:     "line ladder", KeyLadderDir: "direction: both, one, the other",
	}
}

func germanLadder() Ladder {
	return Ladder{
		LadderTitle:    "Linie %s",
		Regularity:     "Takte schwanken ±%d %%",
		RegularityNone: "Regelmäßigkeit: zu wenige Takte",
		FlagBunched:    "Pulk", FlagGap: "Lücke", FlagGhost: "Phantom", FlagStale: "veraltet",
		CountBunched: "%d Pulk", CountGap: "%d Lücke", CountGhost: "%d Phantom", CountStale: "%d veraltet",
		Plan:     "%s (Plan %s)",
		Behind:   "%s hinter %d (Plan %s)",
		Overtook: "hat %d überholt, %s davor", OvertookCell: "hat %d überholt",
		LadderLegend:  "● an der Haltestelle · ↓↑ unterwegs · ◌ wartet · 9′ (Plan 10′) Abstand · ✗ Phantom: kein Fahrzeug · ◷ veraltet · ▸ ausgewählt",
		Leads:         "erstes seiner Richtung",
		Waiting:       "wartet",
		Unplaced:      "Position noch nicht da",
		GhostAt:       "kein Fahrzeug für die Abfahrt %s",
		GhostWhere:    "laut Fahrplan jetzt bei %s",
		Towards:       "nach %s",
		LadderLoading: "Linie wird geladen…",
		NoLine:        "keine Linie %s",
		NoVehicles:    "kein Fahrzeug der Linie %s unterwegs",
		Thinned:       "einige Haltestellen ausgelassen",
		KeyLadder:     "Linienband", KeyLadderDir: "Richtung: beide, eine, die andere",
	}
}
