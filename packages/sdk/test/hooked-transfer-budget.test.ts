// The budget of a transfer through a set transfer hook, priced from the bump of the mint's
// validation account (Token-2022 and the test hook each search it on chain: one
// `create_program_address` per bump tried), against what such transfers use in LiteSVM over
// many fresh issuer mints. The hook's part is measured as the difference between the same
// TransferChecked with the hook set and after the issuer unsets it (the mint, the accounts and
// the amount unchanged), so the budget covers exactly what the hook adds.
import {
  createSvm,
  createTestHookedMint,
  createTokenAccount,
  fund,
  getTransferCheckedInstruction,
  mintTo,
  newKeyPairSigner,
  send,
  testHookRecord,
  testHookValidationAddress,
} from '@basket/test-harness';
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  hookedTransferCosts,
  measuredUnits,
  resolveTransferHook,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '../src/index.ts';

/** Fresh mints measured: enough that several validation bumps below 255 occur (about 1 in 2). */
const MINTS = 48;
/** The most the budget may sit above what the hook used. */
const MARGIN_CU = 200;
const ZERO = new Uint8Array(32);

describe('hooked transfer budget from the validation bump', () => {
  it('never below what the hook uses, never more than a small margin above, over fresh mints', async () => {
    const svm = createSvm({});
    const payer = await newKeyPairSigner();
    fund(svm, payer.address);
    const owner = await newKeyPairSigner();
    fund(svm, owner.address);
    const seen = new Map<number, number>();
    for (let i = 0; i < MINTS; i++) {
      const mint = await createTestHookedMint(svm, payer, { decimals: 8, multiplier: 1.0571 });
      const source = await createTokenAccount(svm, payer, mint, owner.address);
      const destination = await createTokenAccount(svm, payer, mint, payer.address);
      await mintTo(svm, payer, mint, source, 1_000_000n);
      const mintAccount = svm.getAccount(mint.address);
      if (!mintAccount.exists) throw new Error('no mint');
      const mintData = Uint8Array.from(mintAccount.data);
      const hook = await resolveTransferHook(
        { mint: mint.address, mintData, source, destination, authority: owner.address, amount: 7n },
        async (a) => {
          const info = svm.getAccount(a);
          return info.exists ? Uint8Array.from(info.data) : null;
        },
      );
      if (hook === null) throw new Error('the mint has no hook set');
      const [validation, bump] = await getProgramDerivedAddress({
        programAddress: hook.program,
        seeds: [
          getUtf8Encoder().encode('extra-account-metas'),
          getAddressEncoder().encode(mint.address),
        ],
      });
      expect([validation, hook.validationBump]).toEqual([
        await testHookValidationAddress(mint.address),
        bump,
      ]);
      const transfer: Instruction = {
        ...getTransferCheckedInstruction({
          source,
          mint: mint.address,
          destination,
          authority: owner,
          amount: 7n,
          decimals: 8,
          tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
        }),
      };
      const withHook = { ...transfer, accounts: [...(transfer.accounts ?? []), ...hook.accounts] };
      const hooked = await send(svm, [withHook], payer);
      expect(hooked.ok, hooked.error ?? '').toBe(true);
      expect((await testHookRecord(svm, mint.address)).count).toBe(1n);
      // The issuer unsets the hook program (TransferHookInstruction::Update to none).
      const unset = await send(
        svm,
        [
          {
            programAddress: TOKEN_2022_PROGRAM_ADDRESS,
            accounts: [
              { address: mint.address, role: AccountRole.WRITABLE },
              {
                address: mint.issuer.address,
                role: AccountRole.READONLY_SIGNER,
                signer: mint.issuer,
              },
            ],
            data: Uint8Array.from([36, 1, ...ZERO]),
          } as Instruction,
        ],
        payer,
      );
      expect(unset.ok, unset.error ?? '').toBe(true);
      const plain = await send(svm, [withHook], payer);
      expect(plain.ok, plain.error ?? '').toBe(true);
      const used = Number(hooked.computeUnits - plain.computeUnits);
      const budget = measuredUnits(hookedTransferCosts([hook.validationBump]));
      const label = `mint ${mint.address as Address}: bump ${hook.validationBump}, hook used ${used}, budget ${budget}`;
      console.log(label);
      expect(budget, label).toBeGreaterThanOrEqual(used);
      expect(budget - used, label).toBeLessThanOrEqual(MARGIN_CU);
      seen.set(hook.validationBump, (seen.get(hook.validationBump) ?? 0) + 1);
    }
    // The run met bumps below 255 (each costs two searches more), not only the common case.
    expect([...seen.keys()].some((b) => b < 254)).toBe(true);
  }, 120_000);
});
