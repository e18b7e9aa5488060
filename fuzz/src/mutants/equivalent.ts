/**
 * Surviving mutants shown equivalent to the original (no input tells them apart), by hash,
 * with the reason; docs/mutants.md lists them. A hash here is never reported as a survivor.
 */
export const EQUIVALENT: Record<string, string> = {};
