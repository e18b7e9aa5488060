// The vault's refusal of a quoted transaction, shown before the user signs anything: every
// form words it the same way ("The vault would refuse this …: <the program's reason>"), so the
// browser tests and the user read one sentence whichever form they are on.

/** A quote as the SDK returns it: accepted, or refused with the program's decoded reason. */
export type RefusableQuote =
  | { readonly ok: true }
  | { readonly ok: false; readonly refusal: { readonly message: string } };

/**
 * The alert for a quote the vault would refuse; nothing while there is no quote or the vault
 * accepts it. `what` names the transaction ("withdrawal", "request").
 *
 * @example
 * h(RefusalAlert, { quote, what: 'withdrawal' })
 */
export function RefusalAlert(props: { quote: RefusableQuote | null; what: string }) {
  const { quote } = props;
  if (!quote || quote.ok) return null;
  return (
    <p className="error" role="alert">
      {`The vault would refuse this ${props.what}: ${quote.refusal.message}`}
    </p>
  );
}
