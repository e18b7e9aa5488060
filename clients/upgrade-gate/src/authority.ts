import {
  type Address,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type ProgramDerivedAddress,
} from '@solana/kit';
import { UPGRADE_GATE_PROGRAM_ADDRESS } from './generated/index.ts';

/**
 * The gate's PDA `["upgrade_authority"]`: the upgrade authority (and buffer authority) of
 * every program the gate governs. Codama has no account for it (it holds no data).
 *
 * @example
 * const [authority] = await findGateAuthorityPda(gateProgramId);
 */
export function findGateAuthorityPda(
  programAddress: Address = UPGRADE_GATE_PROGRAM_ADDRESS,
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress,
    seeds: [getUtf8Encoder().encode('upgrade_authority')],
  });
}
