package config

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"abfahrt/exceptions"
	"abfahrt/gtfs"
	"abfahrt/hub/mqtt"
	"abfahrt/tui"
)

// KeyDoc describes one key of the configuration file, for its reference.
type KeyDoc struct {
	// Key is the dotted key; NAME and LINE stand for a name the file
	// chooses, [] for each entry of an array of tables.
	Key string
	// Type is the TOML type: string, integer, boolean, duration (a string
	// such as "15s") or array of strings.
	Type string
	// Default is what an unset key means.
	Default string
	// Doc is what the key does, one sentence or two.
	Doc string
}

// Keys lists every key of the configuration file in the order of the
// types, with its type (read from the types by reflection), default and
// meaning.
func Keys() []KeyDoc {
	var out []KeyDoc
	walkKeys(reflect.TypeFor[Config](), "", &out)
	for i := range out {
		d := keyDocs[out[i].Key]
		out[i].Default, out[i].Doc = d.def, d.doc
	}
	return out
}

var durationType = reflect.TypeFor[Duration]()

// walkKeys appends the keys of the struct t under prefix.
func walkKeys(t reflect.Type, prefix string, out *[]KeyDoc) {
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if name == "" || name == "-" {
			continue
		}
		walkKey(f.Type, prefix+name, out)
	}
}

// walkKey appends the key (or the keys inside it) of type t.
func walkKey(t reflect.Type, key string, out *[]KeyDoc) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == durationType || t == reflect.TypeFor[tui.WalkTime]() || t == reflect.TypeFor[mqtt.Duration]():
		*out = append(*out, KeyDoc{Key: key, Type: "duration"})
	case t.Kind() == reflect.Struct:
		walkKeys(t, key+".", out)
	case t.Kind() == reflect.Map && t.Elem().Kind() == reflect.Struct:
		walkKeys(t.Elem(), key+".NAME.", out)
	case t.Kind() == reflect.Map:
		walkKey(t.Elem(), key+".LINE", out)
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
		walkKeys(t.Elem(), key+"[].", out)
	case t.Kind() == reflect.Slice:
		*out = append(*out, KeyDoc{Key: key, Type: "array of " + tomlType(t.Elem()) + "s"})
	default:
		*out = append(*out, KeyDoc{Key: key, Type: tomlType(t)})
	}
}

// tomlType is the TOML name of a scalar Go type.
func tomlType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int64:
		return "integer"
	default:
		return "string"
	}
}

// keyDoc is the default and the meaning of one key.
type keyDoc struct{ def, doc string }

// keyDocs documents every key Keys finds; a test keeps the two in step.
var keyDocs = map[string]keyDoc{
	"api":                             {"the embedded simulation", "Base URL of the mobility/v1 service (http or https); --api and ABFAHRT_API override it."},
	"poll_interval":                   {tui.DefaultInterval.String(), "How often live data is polled; at least 5s."},
	"language":                        {"from LC_ALL/LANG", "Language of the board: en or de."},
	"theme":                           {tui.ThemeDark, "Colour theme: " + strings.Join(tui.ThemeNames(), ", ") + "."},
	"limit":                           {"fill (at least " + strconv.Itoa(tui.DefaultLimit) + ")", "Departures per board, 1 to " + strconv.Itoa(tui.MaxLimit) + "."},
	"per_line":                        {"0 (all)", "At most this many departures of each line and direction on every board without its own per_line."},
	"remind_before":                   {tui.DefaultRemindBefore.String(), "How long before its leave time a reminder warns; 0s warns at the leave time."},
	"line_colors.LINE":                {"the service's colours", "Colour of line LINE as #RRGGBB."},
	"layout":                          {"(none)", "The layout of [layouts] that opens at start."},
	"layouts.NAME.hours":              {"(none)", "HH:MM-HH:MM: the kiosk switches to this layout in these hours."},
	"layouts.NAME.boards[].stop":      {"(none)", "The board's stop, 4 digits (one of stop or stoppoint)."},
	"layouts.NAME.boards[].stoppoint": {"(none)", "The board's stop point, 6 digits or a DHID (one of stop or stoppoint)."},
	"layouts.NAME.boards[].arrivals":  {"false", "Show arrivals instead of departures."},
	"layouts.NAME.boards[].lines":     {"all", "Lines (route names) to keep."},
	"layouts.NAME.boards[].platform":  {"all", "Keep one platform only."},
	"layouts.NAME.boards[].direction": {"all", "Keep directions containing this text (case-insensitive)."},
	"layouts.NAME.boards[].walk":      {"0s (no leave column)", "Walking time to the stop, such as 4m: the board shows when to leave."},
	"layouts.NAME.boards[].per_line":  {"0 (all)", "At most this many departures per line and direction on this board."},
	"kiosk.enabled":                   {"false", "Open the unattended station display (as --kiosk)."},
	"kiosk.rotate":                    {tui.DefaultKioskRotate.String(), "How long the kiosk shows each board; at least " + tui.MinKioskRotate.String() + "."},
	"kiosk.hours":                     {"always", "HH:MM-HH:MM: the kiosk's operating hours (the end may be past midnight)."},
	"kiosk.quit_key":                  {tui.DefaultQuitKey, "The chord that ends the kiosk; \"\" locks it (only a signal ends it)."},
	"kiosk.large_countdown":           {"true", "Show the next departure's countdown large."},
	"kiosk.stale_after":               {tui.DefaultKioskStaleAfter.String(), "Age from which the kiosk marks its data as stale."},
	"kiosk.hide_missed":               {"true", "Leave out departures a board's walking time cannot reach."},
	"kiosk.speak_cmd":                 {"(silent)", "Command that speaks the next departures, the sentence on its standard input (words split at spaces, no shell)."},
	"kiosk.speak_every":               {"(only on its key)", "Speak this often; at least " + minSpeakEvery.String() + ", needs speak_cmd."},
	"kiosk.speak_key":                 {tui.DefaultSpeakKey, "The key that speaks the shown board's next departures."},
	"delay.slight":                    {fmt.Sprint(tui.DefaultDelayRule.Slight), "Minutes late from which a delay takes the slight colour."},
	"delay.late":                      {fmt.Sprint(tui.DefaultDelayRule.Late), "Minutes late from which a delay counts as late."},
	"night.hours":                     {"(none)", "HH:MM-HH:MM: the hours of the night theme (dimmer colours)."},
	"motion":                          {"full", "reduced for nothing that flashes or wanders (as --reduce-motion)."},
	"notify":                          {"auto", "How a reminder rings: " + strings.Join(tui.NotifyModes, ", ") + "."},
	"exceptions.late":                 {exceptions.DefaultLate.String(), "Delay beyond which the exception queue lists a vehicle as late, " + minLateAfter.String() + " to " + maxLateAfter.String() + "."},
	"connections[].stop":              {"(none)", "Stop of a transfer the exception queue guards (4 digits); at most " + strconv.Itoa(maxConnections) + " connections."},
	"connections[].from":              {"(none)", "Line passengers change from."},
	"connections[].to":                {"(none)", "Line passengers change to."},
	"connections[].min_transfer":      {"0s", "Time the change takes, at most " + ShortDuration(maxTransfer) + "."},
	"accessible":                      {"false", "Open the screen-reader mode instead of the board (--accessible, ABFAHRT_ACCESSIBLE=1)."},
	"hyperlinks":                      {"auto", "Link stop names and vehicle numbers (OSC 8): auto, always or never."},
	"links.stop":                      {"(none)", "URL template of a stop's link: {stop} and {name} are filled in."},
	"links.vehicle":                   {"(none)", "URL template of a vehicle's link: {vehicle} is filled in."},
	"mouse":                           {"false", "Mouse reporting: a click on a row opens its vehicle, the wheel scrolls."},
	"mqtt.broker":                     {"(none)", "MQTT broker abfahrt serve publishes departures to for Home Assistant: mqtt://HOST[:1883] or mqtts://HOST[:8883] (--mqtt)."},
	"mqtt.username":                   {"(none)", "User name at the broker (ABFAHRT_MQTT_USERNAME wins; never a flag)."},
	"mqtt.password":                   {"(none)", "Password at the broker (ABFAHRT_MQTT_PASSWORD wins; never a flag)."},
	"mqtt.ca_file":                    {"(the system's CAs)", "PEM file of the CA that signed an mqtts:// broker's certificate (--mqtt-ca)."},
	"mqtt.client_id":                  {"abfahrt-HUB", "MQTT client id."},
	"mqtt.hub":                        {"(the host name)", "Name of this hub in device names and topics."},
	"mqtt.prefix":                     {mqtt.DefaultPrefix, "First level of the state topics."},
	"mqtt.discovery_prefix":           {mqtt.DefaultDiscoveryPrefix, "Home Assistant's discovery prefix."},
	"mqtt.stops":                      {"(none)", "Stops (1008) and stop points (100801) published (--mqtt-stop)."},
	"mqtt.departures":                 {strconv.Itoa(mqtt.DefaultDepartures), "How many next departures a sensor's attributes list, 1 to 20."},
	"mqtt.skip_lines":                 {"(none)", "Lines left out, by the name shown (2, N1)."},
	"mqtt.skip_directions":            {"(none)", "Directions left out, by their text (case ignored)."},
	"mqtt.line_sensors[].stop":        {"(every published stop)", "Stop of a sensor of one line's next departure."},
	"mqtt.line_sensors[].line":        {"(none)", "Line of that sensor."},
	"mqtt.line_sensors[].direction":   {"(any)", "Direction of that sensor, when given."},
	"mqtt.offline_after":              {mqtt.DefaultOfflineAfter.String(), "A stop's sensors say unavailable once its departures were stale (the upstream failing) this long."},
	"mqtt.max_message":                {strconv.Itoa(mqtt.DefaultMaxMessage), "Largest message sent, in bytes; the broker's limit must not be lower. A state is cut to fewer departures to fit."},
	"gtfs.limits":                     {gtfs.DefaultLimits.String(), "Limits a static GTFS is loaded within (--gtfs-limits): zip, file (uncompressed), ratio (compression), line, stop-times (rows kept); each part optional, such as \"zip=2GiB,file=8GiB\". The defaults admit the national feed of Germany, loaded for the live network's stops."},
}
