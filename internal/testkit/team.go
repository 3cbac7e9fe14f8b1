package testkit

import "regexp"

// OtherTeamForm returns the first team of the tests' tables written
// otherwise than the catalogue's one form, "Ann & Dee" (lang.Catalogue.Team),
// or "" when there is none: issue 34 found a team written four ways ("Ann
// & Dee", "Ann with Dee", "Ann avec Dee", "Ann et Dee"). The tests name
// seats You, Ann, Bob, Cal, Dee, Eve; partners sit opposite, so the teams
// are you and Bob, Ann and Cal at four, you and Cal, Ann and Dee, Bob and
// Eve at six. Two partners joined by "and" or "et" are a team too: no
// sentence lists two partners but as their side.
func OtherTeamForm(text string) string {
	return otherTeam.FindString(text)
}

var otherTeam = regexp.MustCompile(`\b(?:(?:[Yy]ou|[Vv]ous) (?:with|avec|and|et|\+) (?:Bob|Cal)|Ann (?:with|avec|and|et|\+) (?:Cal|Dee)|Bob (?:with|avec|and|et|\+) Eve)\b`)
