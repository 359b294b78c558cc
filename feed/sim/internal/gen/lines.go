package main

// lineSpec describes one passenger line for the generator. Stops lists
// anchor stop numbers in the order of direction 1: consecutive anchors are
// joined by the shortest plausible chain of real stops (see route.go) unless
// Exact is set, in which case Stops is the complete sequence.
type lineSpec struct {
	Number   int
	Name     string
	Category int    // 1 tram, 5 bus
	Night    bool   // runs only at night
	Class    int    // service class: 0 trunk, 1 main, 2 regular, 3 minor, 4 night
	From, To string // short direction texts: From is the terminus of direction 2, To of direction 1
	Exact    bool
	Real     bool // the sequence is the real one
	Stops    []int
}

// lineSpecs are the lines of the simulated network. Line 2 is the real
// sequence (wire-format.md section 2); every other line is a synthetic chain
// through real stops.
var lineSpecs = []lineSpec{
	{Number: 1, Name: "1", Category: 1, Class: 0, From: "Söflingen", To: "Böfingen", Exact: true,
		Stops: []int{1300, 1342, 1354, 1367, 1362, 1350, 1008, 1002, 1049, 1052, 1053, 1054, 1079, 1074, 1073, 1072, 1070}},
	{Number: 2, Name: "2", Category: 1, Class: 0, From: "Kuhberg", To: "Science Park II", Exact: true, Real: true,
		Stops: []int{1390, 1383, 1393, 1380, 1360, 1350, 1008, 1010, 1020, 1232, 1202, 1200, 1240, 1241, 1245, 1246, 1247, 1248, 1249}},
	{Number: 4, Name: "4", Category: 5, Class: 1, From: "Kuhberg", To: "Böfingen Süd", Stops: []int{1391, 1360, 1350, 1008, 1010, 1030, 1081, 1087}},
	{Number: 5, Name: "5", Category: 5, Class: 1, From: "Wissenschaftsstadt", To: "Wiley", Stops: []int{1254, 1256, 1210, 1225, 1008, 1001, 1706, 1711, 1724, 1745, 1749}},
	{Number: 6, Name: "6", Category: 5, Class: 2, From: "Hauptbahnhof", To: "Lehr", Stops: []int{1008, 1022, 1032, 1044, 1160, 1102, 1106}},
	{Number: 7, Name: "7", Category: 5, Class: 2, From: "Hauptbahnhof", To: "Jungingen", Stops: []int{1008, 1012, 1031, 1046, 1161, 1163, 1165}},
	{Number: 8, Name: "8", Category: 5, Class: 2, From: "Ehinger Tor", To: "Burlafingen", Stops: []int{1350, 1008, 1002, 1713, 1902, 1938, 1946, 1944, 1942, 1962}},
	{Number: 9, Name: "9", Category: 5, Class: 2, From: "Theater", To: "Harthausen", Stops: []int{1010, 1350, 1362, 1354, 1341, 1453, 1451}},
	{Number: 10, Name: "10", Category: 5, Class: 1, From: "Hauptbahnhof", To: "Gerlenhofen", Stops: []int{1008, 1001, 1705, 1711, 1724, 1743, 1761, 1770, 1785, 1781}},
	{Number: 11, Name: "11", Category: 5, Class: 2, From: "Ehinger Tor", To: "Donautal", Stops: []int{1350, 1360, 1391, 1507, 1502, 1504, 1561, 1541}},
	{Number: 12, Name: "12", Category: 5, Class: 3, From: "Ehinger Tor", To: "Donaustetten", Stops: []int{1350, 1380, 1383, 1396, 1651, 1652, 1656, 1671, 1672}},
	{Number: 13, Name: "13", Category: 5, Class: 3, From: "Hauptbahnhof", To: "Mähringen", Stops: []int{1008, 1010, 1232, 1200, 1108, 1133}},
	{Number: 14, Name: "14", Category: 5, Class: 3, From: "Ehinger Tor", To: "Eggingen", Stops: []int{1350, 1353, 1310, 1323, 1400, 1411, 1414, 1422}},
	{Number: 15, Name: "15", Category: 5, Class: 3, From: "Neu-Ulm Bahnhof", To: "Steinheim", Stops: []int{1711, 1732, 1810, 1808, 1809, 1894, 1991, 1995}},
	{Number: 16, Name: "16", Category: 5, Class: 2, From: "Ehinger Tor", To: "Unterweiler", Stops: []int{1350, 1359, 1702, 1704, 1600, 1602, 1634, 1693, 1692}},
	{Number: 17, Name: "17", Category: 5, Class: 3, From: "Theater", To: "Pfuhl", Stops: []int{1010, 1050, 1058, 1055, 1737, 1718, 1901, 1906, 1941, 1939, 1936}},
	{Number: 301, Name: "N1", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Söflingen", Stops: []int{1008, 1350, 1362, 1354, 1341, 1300, 1321}},
	{Number: 302, Name: "N2", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Wissenschaftsstadt", Stops: []int{1008, 1010, 1232, 1200, 1240, 1245, 1247, 1249}},
	{Number: 303, Name: "N3", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Böfingen", Stops: []int{1008, 1002, 1052, 1054, 1079, 1074, 1072, 1070}},
	{Number: 304, Name: "N4", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Jungingen", Stops: []int{1008, 1022, 1032, 1044, 1160, 1163, 1165}},
	{Number: 305, Name: "N5", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Ludwigsfeld", Stops: []int{1008, 1001, 1706, 1711, 1724, 1743, 1761, 1770}},
	{Number: 306, Name: "N6", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Wiblingen", Stops: []int{1008, 1350, 1359, 1702, 1704, 1600, 1602, 1634}},
	{Number: 307, Name: "N7", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Pfuhl", Stops: []int{1008, 1002, 1713, 1902, 1938, 1936}},
	{Number: 308, Name: "N8", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Grimmelfingen", Stops: []int{1008, 1350, 1380, 1383, 1396, 1651, 1652}},
}
