import type { ReactNode } from 'react';
import { h } from '../h.ts';

/**
 * A wide table's horizontal scroll container at phone width. The table keeps its table
 * semantics (a `display: block` table loses them in some screen readers); the container is a
 * named region and focusable, so a keyboard can scroll it (axe `scrollable-region-focusable`).
 */
export function ScrollRegion(props: { label: string; children?: ReactNode }) {
  return h(
    'div',
    { className: 'scroll-region', role: 'region', 'aria-label': props.label, tabIndex: 0 },
    props.children,
  );
}
