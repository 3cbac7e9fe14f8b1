package lang

import "github.com/millebornes/mille/ai/bot"

// botFailureKeys are the keys of the failures that give the time the bot
// had, by reason; botFailure words the others.
var botFailureKeys = map[bot.FailReason]Key{
	bot.NoAnswer: BotNoAnswer, bot.NotReading: BotNotReading, bot.NoHello: BotNoHello,
}

// botFailure says how a bot program failed its host, in c's language:
// an arena's line names the seat in the reader's words, and the bot's
// failure with it (the text the host's error line told the bot stays
// the protocol's English, docs/protocol.md).
func (c *Catalogue) botFailure(f *bot.Failure) string {
	var text string
	switch {
	case f.Why == bot.NoHello && f.Err != nil:
		text = c.T(BotNoHelloErr, c.Error(f.Err))
	case f.Why == bot.NoLegalAnswer:
		text = c.T(BotNoLegal, f.Tries, c.botRefused(f.Last))
	case f.Why == bot.WrongProtocol:
		text = c.T(BotProtocol, f.Protocol, bot.OldestVersion, bot.Version)
	case f.Why == bot.NotHello:
		text = c.T(BotNotHello, f.Type)
	case f.Why == bot.Broken:
		text = c.T(BotBroken, c.Error(f.Err))
	case f.Why == bot.Ended:
		text = c.T(BotEnded)
	default:
		k, ok := botFailureKeys[f.Why]
		if !ok {
			return f.Error()
		}
		text = c.T(k, f.Timeout)
	}
	switch {
	case f.Bot != "":
		return c.T(BotNamed, f.Bot, text)
	case f.Program != "":
		return c.T(BotProgram, f.Program, text)
	}
	return text
}

// botRefused says why the host refused a bot's answer.
func (c *Catalogue) botRefused(r bot.Refused) string {
	switch r.Why {
	case bot.ErrorLine:
		return c.T(BotErrorLine)
	case bot.OtherMessage:
		return c.T(BotOther, r.Type, r.ID)
	}
	return c.T(BotRefused, r.Detail)
}
