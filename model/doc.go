// Package model holds the domain of a mobility/v1 public transport data
// service: the resource types of the specification, its code tables and
// small pure helpers. It depends on the standard library only.
//
// JSON names are exactly those of the specification. The few wire quirks
// that concern single values (string-or-number stop point codes, the 1970
// "no time" sentinel, the 180/90 "unknown position") are absorbed by the
// value types of this package, so every field reads as a reader expects:
// an unknown time is the zero Time, an unknown position is not Known.
package model
