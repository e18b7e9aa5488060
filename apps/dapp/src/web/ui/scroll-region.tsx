import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroll container at phone width. The table keeps its table
 * semantics (a `display: block` table loses them in some screen readers); the container is a
 * named region and focusable, so a keyboard can scroll it (axe `scrollable-region-focusable`).
 */
export function ScrollRegion(props: { label: string; children?: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <section> here would add a landmark per table; the div is the scroll container
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
    <div className="scroll-region" role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  );
}
