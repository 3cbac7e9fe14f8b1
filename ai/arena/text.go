package arena

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteText prints the report as a table, one line per seat.
func WriteText(w io.Writer, r *Report) {
	fmt.Fprintf(w, "%d players, %s rules, %d deals in duplicate = %d hands, seed %d, %d games to 5000, %.0fs\n\n",
		r.Players, r.Rules, r.Deals, r.Hands, r.Seed, r.Games, r.Seconds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "seat\tplayer\thands\twon\tshare\t95% CI\tpoints/hand\tgames\tms mean\tms p50\tms p95\t")
	for _, s := range r.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f\t%.1f%%\t%.1f–%.1f%%\t%.0f\t%d\t%.2f\t%.2f\t%.2f\t\n",
			s.Seat, s.Player, s.Hands, s.HandsWon, 100*s.WinShare, 100*s.CI95Low, 100*s.CI95High,
			s.MeanPoints, s.GamesWon, s.DecisionMsMean, s.DecisionMsP50, s.DecisionMsP95)
	}
	tw.Flush()
	if c := r.LuckCorrected; c != nil {
		fmt.Fprintln(w, "\nresult a hand (points less the best other side's), per duplicate deal, with and without the luck:")
		for _, s := range r.Seats {
			if s.Corrected != nil {
				fmt.Fprintf(w, "  %s: %+.1f ± %.1f; less the luck %+.1f ± %.1f\n", s.Player, s.Margin, s.MarginSE, *s.Corrected, *s.CorrectedSE)
			}
		}
		fmt.Fprintf(w, "the luck taken out, the variance is %.0f%% lower: the same confidence in %.1f times fewer hands\n", 100*c.Cut, c.FewerHands)
	}
}
