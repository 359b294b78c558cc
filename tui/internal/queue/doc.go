// Package queue is the exception queue: a live list of what needs a
// dispatcher (package exceptions makes the items: late vehicles, silent
// ones, connections at risk, and the line ladder's bunched pairs, gaps
// and ghosts), newest on top with its age, under the network data
// verdict (queue.go). It polls through the feed registry: the fleet's
// trips feed (shared with the fleet view) and the arrivals and
// departures boards of the connections' stops (shared with any board of
// those stops). Acknowledged and hidden items are kept in exceptions.json
// in the state directory, merged with what other instances wrote
// (state.go); its keys are in queue_keys.go.
package queue
