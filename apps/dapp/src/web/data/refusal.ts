// A quote's refusal in the program's own words. The SDK's quotes decode refusals against the
// generated program ids; a deployment at other ids (the local world's) is decoded again here
// with the deployment's addresses, so the page never shows "unknown error 3001".
import { decodeCustomProgramError, type VaultRefusal } from '@basket/sdk';
import type { DappContext } from './context.ts';

export function refusalOf(
  ctx: Pick<DappContext, 'programs'>,
  refusal: VaultRefusal,
): { message: string; constant: string | null } {
  if (refusal.known) return refusal;
  const decoded = decodeCustomProgramError(
    refusal.programAddress,
    refusal.code,
    refusal.instructionIndex,
    {
      programs: ctx.programs,
    },
  );
  return { message: decoded.message, constant: decoded.constant };
}
