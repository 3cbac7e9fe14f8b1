package ui

import (
	"image/color"
	"math"
	"testing"
)

// luminance is a colour's relative luminance (WCAG 2).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestHelpContrast: the footer's key help reads at 4.5:1 or more against a
// black (dark) or white (light) background.
func TestHelpContrast(t *testing.T) {
	for _, dark := range []bool{true, false} {
		bg := color.Color(color.White)
		if dark {
			bg = color.Black
		}
		h := newStyles(dark).Help
		for name, fg := range map[string]color.Color{
			"key": h.ShortKey.GetForeground(), "words": h.ShortDesc.GetForeground(), "dots": h.ShortSeparator.GetForeground(),
		} {
			if r := contrast(fg, bg); r < 4.5 {
				t.Errorf("dark %v: the help's %s at %.1f:1", dark, name, r)
			}
		}
	}
}
