"use client";

import { autoUpdate, flip, offset, shift, size, useFloating, type Placement } from "@floating-ui/react";

/** Space a floating card keeps from the edges of the screen (px). Source: our choice. */
const SCREEN_MARGIN = 8;
/** Gap between a marker or button and the card it opens (px). Source: our choice. */
const GAP = 4;
/** Least height a card is given before it scrolls, even when the screen has less room (px). Source: our choice. */
const MIN_HEIGHT = 120;

/**
 * Positions an open card, menu or popover (`open`) next to the element that opened it with Floating UI: on the
 * `placement` side, flipped to the other side when it does not fit there (to the side with more room when it fits
 * on neither), shifted sideways into the screen, and given at most the height left on that side (so a long card
 * scrolls instead of running off screen: the card sets overflow-y auto), on every viewport; kept in place while the
 * page scrolls or resizes. Fixed positioning, so no scrolling or clipping ancestor cuts it off.
 * @returns `setAnchor` (a callback ref for the opener), `setCard` (a callback ref for the card), `floatingStyles` for
 *   the card's style, and the `placement` it got ("top…" when it opened above).
 */
export function useOnScreenFloating(open: boolean, placement: Placement = "bottom-start") {
  const floating = useFloating({
    open,
    placement,
    strategy: "fixed",
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(GAP),
      flip({ padding: SCREEN_MARGIN, crossAxis: false }),
      shift({ padding: SCREEN_MARGIN }),
      size({
        padding: SCREEN_MARGIN,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(MIN_HEIGHT, Math.floor(availableHeight))}px`;
        },
      }),
    ],
  });
  // Handed out as plain callbacks: React's lint reads any use of a `refs` object during render as reading a ref.
  return {
    setAnchor: floating.refs.setReference,
    setCard: floating.refs.setFloating,
    floatingStyles: floating.floatingStyles,
    placement: floating.placement,
  };
}
