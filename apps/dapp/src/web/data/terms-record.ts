// Sends the wallet's signed terms acceptance to the server's record (when the deployment keeps
// one). Idempotent on the server: the page sends it after signing and again on each connect,
// so a record lost or never made (an earlier failure) is made before any form opens.
import type { TermsAcceptance } from '../../shared/terms.ts';

/** The server refused or could not record the acceptance; its words are the message. */
export class TermsRecordError extends Error {
  override name = 'TermsRecordError';
}

export async function recordAcceptance(record: TermsAcceptance): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/terms-acceptances', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
    });
  } catch (error) {
    throw new TermsRecordError(
      `the server could not be reached to record your acceptance (${(error as Error).message})`,
    );
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  throw new TermsRecordError(
    `the server did not record your acceptance: ${body.error ?? `HTTP ${response.status}`}`,
  );
}
