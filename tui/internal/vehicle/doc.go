// Package vehicle is the vehicle pane: where a vehicle is, how late, which
// stops come and its path. Pane (vehicle.go) holds the vehicle's feed (trip
// and passages) and polls its pattern and details (vehicle_poll.go); the
// passages are placed on the trip (vehicle_passages.go), drawn as a list
// and a diagram (vehicle_view.go) and on a map (vehicle_map.go). Its keys
// are in vehicle_keys.go.
package vehicle
