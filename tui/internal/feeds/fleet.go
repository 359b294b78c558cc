package feeds

// fleetKey is the key of the fleet's feed.
var FleetKey = FeedKey{Kind: feedFleet}
