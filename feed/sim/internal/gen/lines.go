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
	{Number: 4, Name: "4", Category: 5, Class: 1, From: "Kuhberg", To: "Böfingen Süd",
		Stops: []int{1396, 1391, 1360, 1350, 1008, 1010, 1030, 1060, 1081, 1087, 1080, 1948, 1943}},
	{Number: 5, Name: "5", Category: 5, Class: 1, From: "Wissenschaftsstadt", To: "Ludwigsfeld",
		Stops: []int{1250, 1254, 1256, 1210, 1225, 1008, 1001, 1706, 1711, 1724, 1745, 1750, 1744, 1749, 1772, 1769, 1768, 1767, 1771}},
	{Number: 6, Name: "6", Category: 5, Class: 2, From: "Lehr", To: "Wiblingen",
		Stops: []int{1104, 1105, 1160, 1044, 1032, 1022, 1008, 1350, 1359, 1702, 1703, 1704, 1600, 1602, 1634, 1632}},
	{Number: 7, Name: "7", Category: 5, Class: 2, From: "Im Lehrer Feld", To: "Roter Berg",
		Stops: []int{1091, 1092, 1093, 1090, 1167, 1174, 1163, 1173, 1162, 1161, 1046, 1031, 1012, 1008, 1222, 1220, 1218, 1223, 1340, 1339, 1329}},
	{Number: 8, Name: "8", Category: 5, Class: 2, From: "Burlafingen", To: "Söflingen",
		Stops: []int{1962, 1964, 1942, 1944, 1946, 1938, 1904, 1902, 1871, 1870, 1901, 1718, 1713, 1002, 1008, 1350, 1352, 1353, 1310, 1333, 1331, 1325}},
	{Number: 9, Name: "9", Category: 5, Class: 2, From: "Steinheim", To: "Allewind",
		Stops: []int{1991, 1995, 1992, 1993, 1963, 1961, 1933, 1934, 1947, 1931, 1875, 1878, 1883, 1863, 1866, 1864, 1717, 1713, 1005, 1002, 1008, 1350, 1362, 1354, 1341, 1453, 1452, 1451, 1433, 1432, 1431}},
	{Number: 10, Name: "10", Category: 5, Class: 1, From: "Mähringen", To: "Gerlenhofen",
		Stops: []int{1133, 1132, 1131, 1241, 1200, 1202, 1232, 1008, 1001, 1705, 1711, 1724, 1743, 1761, 1765, 1766, 1767, 1770, 1785, 1781}},
	{Number: 11, Name: "11", Category: 5, Class: 2, From: "Wiblingen", To: "Schwaighofen",
		Stops: []int{1603, 1631, 1590, 1532, 1595, 1540, 1561, 1505, 1504, 1502, 1507, 1528, 1395, 1383, 1380, 1351, 1350, 1008, 1002, 1015, 1707, 1710, 1711, 1731, 1733, 1734, 1804, 1807, 1808, 1809}},
	{Number: 12, Name: "12", Category: 5, Class: 3, From: "Dellmensingen", To: "Friedrichsau",
		Stops: []int{3676, 3673, 3672, 3677, 3678, 3675, 1673, 1672, 1671, 1654, 1653, 1652, 1651, 1541, 1539, 1557, 1404, 1403, 1400, 1401, 1396, 1395, 1391, 1380, 1360, 1350, 1008, 1010, 1011, 1050, 1058, 1055, 1052, 1053, 1054}},
	{Number: 13, Name: "13", Category: 5, Class: 3, From: "Lehr", To: "Harthausen",
		Stops: []int{1103, 1106, 1102, 1107, 1108, 1250, 1258, 1257, 1266, 1265, 1260, 1280, 1349, 1341, 1345, 1324, 1343, 1346, 1453}},
	{Number: 14, Name: "14", Category: 5, Class: 3, From: "Eggingen", To: "Jungingen",
		Stops: []int{1422, 1421, 1414, 1413, 1412, 1416, 1411, 1400, 1323, 1310, 1353, 1350, 1008, 1010, 1011, 1012, 1025, 1030, 1079, 1081, 1082, 1170, 1171, 1166, 1165, 1164}},
	{Number: 15, Name: "15", Category: 5, Class: 3, From: "Weiler", To: "Böfingen",
		Stops: []int{1851, 1852, 4171, 4172, 4102, 4106, 4107, 4108, 4154, 4151, 4152, 4110, 4119, 4101, 5552, 4105, 4111, 4109, 4143, 4141, 5502, 1842, 1841, 1831, 1832, 1823, 1824, 1821, 1890, 1894, 1892, 1891, 1880, 1863, 1867, 1810, 1720, 1729, 1747, 1714, 1713, 1006, 1005, 1009, 1003, 1004, 1025, 1048, 1059, 1061, 1098, 1074}},
	{Number: 16, Name: "16", Category: 5, Class: 2, From: "Donaustetten", To: "Eselsberg",
		Stops: []int{1656, 1675, 1676, 1692, 1694, 1693, 1633, 1635, 1620, 1621, 1605, 1608, 1722, 1746, 1726, 1748, 1725, 1700, 1712, 1710, 1708, 1001, 1008, 1020, 1232, 1202, 1251, 1261, 1255}},
	{Number: 17, Name: "17", Category: 5, Class: 3, From: "Söflingen", To: "Pfuhl",
		Stops: []int{1323, 1332, 1322, 1321, 1300, 1310, 1311, 1364, 1352, 1361, 1350, 1008, 1010, 1050, 1058, 1055, 1737, 1911, 1908, 1903, 1906, 1941, 1939, 1937, 1936, 1940, 1942}},
	{Number: 301, Name: "N1", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Söflingen", Stops: []int{1008, 1350, 1362, 1354, 1342, 1300, 1321}},
	{Number: 302, Name: "N2", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Wissenschaftsstadt", Stops: []int{1008, 1010, 1232, 1200, 1240, 1245, 1247, 1249}},
	{Number: 303, Name: "N3", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Böfingen", Stops: []int{1008, 1002, 1052, 1054, 1079, 1074, 1072, 1070}},
	{Number: 304, Name: "N4", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Jungingen", Stops: []int{1008, 1022, 1032, 1044, 1160, 1163, 1165}},
	{Number: 305, Name: "N5", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Ludwigsfeld", Stops: []int{1008, 1001, 1706, 1711, 1724, 1743, 1761, 1770}},
	{Number: 306, Name: "N6", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Wiblingen", Stops: []int{1008, 1350, 1359, 1702, 1704, 1600, 1602, 1634}},
	{Number: 307, Name: "N7", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Pfuhl", Stops: []int{1008, 1002, 1713, 1902, 1938, 1936}},
	{Number: 308, Name: "N8", Category: 5, Night: true, Class: 4, From: "Hauptbahnhof", To: "Grimmelfingen", Stops: []int{1008, 1350, 1380, 1383, 1396, 1651, 1652}},
}
