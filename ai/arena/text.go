package arena

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/millebornes/mille/lang"
)

// WriteText prints the report as a table, one line per seat, in the
// words of c.
func WriteText(w io.Writer, r *Report, c *lang.Catalogue) {
	fmt.Fprintln(w, c.T(lang.ArHeader, r.Players, string(r.Rules), r.Deals, r.Hands, r.Seed, r.Games, r.Seconds))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, c.Text[lang.ArColumns])
	for _, s := range r.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f\t%.1f%%\t%.1f–%.1f%%\t%.0f\t%d\t%.2f\t%.2f\t%.2f\t\n",
			s.Seat, s.Player, s.Hands, s.HandsWon, 100*s.WinShare, 100*s.CI95Low, 100*s.CI95High,
			s.MeanPoints, s.GamesWon, s.DecisionMsMean, s.DecisionMsP50, s.DecisionMsP95)
	}
	tw.Flush()
	if l := r.LuckCorrected; l != nil {
		fmt.Fprintln(w)
		fmt.Fprintln(w, c.Text[lang.ArLuckHead])
		for _, s := range r.Seats {
			if s.Corrected != nil {
				fmt.Fprintln(w, "  "+c.T(lang.ArLuckSeat, s.Player, s.Margin, s.MarginSE, *s.Corrected, *s.CorrectedSE))
			}
		}
		fmt.Fprintln(w, c.T(lang.ArLuckCut, 100*l.Cut, l.FewerHands))
	}
}
