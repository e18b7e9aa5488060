// A LiteSVM world with the rewards program deployed upgradeable (the payer is its upgrade
// authority, as initialize requires) and initialized: 5 admins (3 sign), a keeper, a
// Token-2022 staking mint with a non-unit multiplier and two reward mints.
import {
  findRewardsConfigPda,
  getInitializeInstruction,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  addUpgradeableProgram,
  createIssuerMint,
  createMint,
  createTokenAccount,
  fund,
  mintTo,
  SYSTEM_PROGRAM_ADDRESS,
  send,
  setUnixTime,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';

export const T0 = 1_800_000_000n;

export interface RewardsWorld {
  svm: LiteSVM;
  payer: KeyPairSigner;
  admins: KeyPairSigner[];
  keeper: KeyPairSigner;
  config: Address;
  stakingMint: TestMint;
  stakeHolding: Address;
  xStock: TestMint;
  legacy: TestMint;
}

export async function rewardsWorld(): Promise<RewardsWorld> {
  const svm = new LiteSVM();
  const payer = await generateKeyPairSigner();
  await addUpgradeableProgram(svm, {
    programAddress: REWARDS_PROGRAM_ADDRESS,
    program: 'rewards',
    authority: payer.address,
  });
  setUnixTime(svm, T0);
  fund(svm, payer.address, 1_000n);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  const keeper = await generateKeyPairSigner();
  fund(svm, keeper.address);
  const [config] = await findRewardsConfigPda();
  const stakingMint = await createMint(svm, payer, {
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 6,
    scaledUiAmountMultiplier: 1.25,
  });
  const stakeHolding = await createTokenAccount(svm, payer, stakingMint, config);
  // The issuer's tokenized stock: full extension set (hook unset), non-unit multiplier.
  const xStock = await createIssuerMint(svm, payer, { decimals: 8, multiplier: 1.0571 });
  const legacy = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
  const mints = [xStock.address, legacy.address];
  const init = getInitializeInstruction({
    payer,
    config,
    stakingMint: stakingMint.address,
    stakeHolding,
    stakingTokenProgram: stakingMint.tokenProgram,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    admins: admins.map((a) => a.address),
    threshold: 3,
    keeperCount: 1,
    keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM_ADDRESS)],
    rewardMintCount: mints.length,
    rewardMints: [...mints, ...Array(4 - mints.length).fill(SYSTEM_PROGRAM_ADDRESS)],
    adminSigners: admins.slice(0, 3),
  });
  const r = await send(svm, [init], payer);
  if (!r.ok) throw new Error(`initialize failed: ${r.error}`);
  return { svm, payer, admins, keeper, config, stakingMint, stakeHolding, xStock, legacy };
}

export async function staker(
  w: RewardsWorld,
  balance = 1_000_000_000n,
): Promise<{ signer: KeyPairSigner; tokens: Address }> {
  const signer = await generateKeyPairSigner();
  fund(w.svm, signer.address);
  const tokens = await createTokenAccount(w.svm, w.payer, w.stakingMint, signer.address);
  await mintTo(w.svm, w.payer, w.stakingMint, tokens, balance);
  return { signer, tokens };
}
