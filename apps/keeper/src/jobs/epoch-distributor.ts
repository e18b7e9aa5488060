// epoch-distributor (weekly, Sunday 00:00 UTC): pays the epoch that ended at the latest
// boundary. Stake weights come from chain (every stake record, one filtered
// getProgramAccounts), points and the Merkle tree from @basket/merkle as the rewards docs
// define them, each reward mint's amount from what the keeper's funding account of that mint
// holds (decisions/epoch-allocation.ts: floor per staker, the rest stays for the next
// epoch), after this epoch's reward stocks were bought from the swept fees into those
// accounts (jobs/reward-purchase.ts, one fenced purchase per epoch and mint). One fenced
// transaction funds the epoch's holdings (with a hooked mint's extra accounts) and posts
// `distribute_epoch` under the action key of the epoch window, so an epoch is paid once. The
// artifact is written where the dapp and claimants read it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addressBytes,
  compareBytes,
  fromClaims,
  type StakeInterval,
  stakePoints,
  toArtifact,
} from '@basket/merkle';
import {
  type CostedInstruction,
  clockSysvarAccount,
  ensureTokenAccounts,
  fetchEncodedAccountsBatched,
  findAssociatedTokenAddress,
  findEpochPda,
  findRewardsConfigAddress,
  getDistributeEpochInstructionFor,
  hookedTransferCosts,
  readAccounts,
  resolveTransferHook,
  rewardsConfigAccount,
  stakeRecordAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAccountAmount,
  tokenMintAccount,
} from '@basket/sdk';
import { type Address, getBase58Decoder, getBase64Encoder } from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import { fits } from '../chain/fenced-send.ts';
import { epochKey } from '../decisions/epoch.ts';
import { allocateEpoch } from '../decisions/epoch-allocation.ts';
import { type EpochWindow, epochsToExamine } from '../decisions/epoch-catch-up.ts';
import { claimAction, finishAction } from '../service/actions.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { buyEpochRewards } from './reward-purchase.ts';

/** StakeRecord: 80 bytes, discriminator 2 (docs/rewards.md, Accounts). */
const STAKE_RECORD_SIZE = 80n;
const STAKE_RECORD_DISCRIMINATOR = 2;

/** Every stake record of the rewards program, as intervals for the points. */
async function stakeIntervals(ctx: KeeperContext): Promise<StakeInterval[]> {
  const accounts = (await ctx.rpc
    .getProgramAccounts(ctx.programs.rewards, {
      encoding: 'base64',
      commitment: 'confirmed',
      filters: [
        { dataSize: STAKE_RECORD_SIZE },
        {
          memcmp: {
            offset: 0n,
            bytes: getBase58Decoder().decode(Uint8Array.of(STAKE_RECORD_DISCRIMINATOR)),
            encoding: 'base58',
          },
        },
      ],
    } as never)
    .send()) as unknown as { pubkey: Address; account: { data: [string, string] } }[];
  return accounts.map((a) => {
    const record = stakeRecordAccount(a.pubkey, ctx.programs).decode({
      address: a.pubkey,
      programAddress: ctx.programs.rewards,
      data: getBase64Encoder().encode(a.account.data[0]),
    } as never);
    return {
      owner: record.owner,
      amount: record.amount,
      weight: BigInt(record.weight),
      start: record.startTs,
      // A stake counts until it is withdrawn (its tokens stay locked until then).
      end: record.withdrawn !== 0 ? record.withdrawnTs : null,
    };
  });
}

/** Each reward mint of the config with what the keeper's funding account of it holds. */
async function fundedMints(ctx: KeeperContext, mints: readonly Address[]) {
  const infos = await readAccounts(ctx.rpc, mints.map(tokenMintAccount), {
    commitment: 'confirmed',
  });
  const sides = await Promise.all(
    infos.map(async (m) => {
      if (!m.exists) return null;
      const funding = await findAssociatedTokenAddress({
        owner: ctx.distributor.address,
        mint: m.address,
        tokenProgram: m.data.tokenProgram,
      });
      return { mint: m.address, info: m.data, funding };
    }),
  );
  const present = sides.filter((s) => s !== null);
  const { accounts } = await fetchEncodedAccountsBatched(
    ctx.rpc,
    present.map((s) => s.funding),
    { commitment: 'confirmed' },
  );
  return present.map((s, i) => {
    const account = accounts[i];
    const funded = account?.exists ? (tokenAccountAmount(account.data) ?? 0n) : 0n;
    return { ...s, funded };
  });
}

/**
 * Runs the distributor once: every closed epoch a leader never examined since the last one it
 * concluded, oldest first, then the last closed epoch (decisions/epoch-catch-up.ts), each paid
 * as below. It stops at the first epoch whose payout did not land (not leading, a dry run):
 * epoch ids are sequential, so a later epoch is never paid before an earlier one.
 *
 * @example
 * await runEpochDistributor(ctx);
 */
export async function runEpochDistributor(ctx: KeeperContext): Promise<JobResult> {
  const job = 'epoch-distributor';
  const [clock] = await readAccounts(ctx.rpc, [clockSysvarAccount()], { commitment: 'confirmed' });
  if (!clock?.exists) return { job, summary: 'no clock' };
  // The windows in the chain's time: stake timestamps are the chain's.
  const windows = epochsToExamine(clock.data.unixTimestamp, await concludedAnchor(ctx.pool));
  const done: EpochOutcome[] = [];
  // One scan of the stake records serves every closed window of a catch-up run (each window
  // picks its own interval of the same records).
  let intervals: Promise<StakeInterval[]> | null = null;
  const stakes = () => {
    intervals ??= stakeIntervals(ctx);
    return intervals;
  };
  for (const window of windows) {
    const outcome = await payEpoch(ctx, window, stakes);
    done.push(outcome);
    if (!outcome.concluded) break;
    await markConcluded(ctx, window, outcome.summary);
  }
  const last = done.at(-1) as EpochOutcome;
  if (done.length === 1)
    return { job, summary: last.summary, ...(last.details ? { details: last.details } : {}) };
  return {
    job,
    summary: done.map((o) => o.summary).join('; '),
    details: { ...fields(last), epochs: done.map((o) => ({ summary: o.summary, ...fields(o) })) },
  };
}

/** One epoch's result; `concluded`: nothing is left to do for it (paid, or nothing to pay). */
type EpochOutcome = JobResult & { concluded: boolean };

const fields = (o: EpochOutcome) => (o.details ?? {}) as Record<string, unknown>;

/** Action key prefix of an epoch examined with nothing to pay (`...:seen:<end date>`). */
export const CONCLUDED_PREFIX = 'epoch-distributor:seen:';

/**
 * The end (unix seconds) of the newest epoch a leader concluded: paid (its payout `sending`
 * or `sent`) or examined with nothing to pay; null when none ever was.
 *
 * @example
 * const anchor = await concludedAnchor(pool); // 1764460800n (Sun 2025-11-30)
 */
export async function concludedAnchor(pool: KeeperContext['pool']): Promise<bigint | null> {
  const { rows } = await pool.query<{ day: string | null }>(
    `select max(substring(action_key from '(\\d{4}-\\d{2}-\\d{2})$')) as day from keeper.actions
      where (action_key like 'epoch-distributor:epoch:%' and status in ('sending', 'sent'))
         or (action_key like '${CONCLUDED_PREFIX}%' and status = 'sent')`,
  );
  const day = rows[0]?.day;
  return day ? BigInt(Date.parse(`${day}T00:00:00Z`) / 1000) : null;
}

/**
 * Records that a leader examined `window` to an end, under the lease (fenced like every
 * action), so a later run never takes it as missed; a dry run or a follower records nothing.
 */
async function markConcluded(ctx: KeeperContext, window: EpochWindow, summary: string) {
  const lease = ctx.elector.lease();
  if (ctx.config.dryRun || !lease) return;
  const key = `${CONCLUDED_PREFIX}${epochKey(window.end).slice('epoch:'.length)}`;
  const claim = await claimAction(ctx.pool, lease, key, 'epoch-distributor', 0);
  if (claim.claimed) await finishAction(ctx.pool, key, 'sent', null, { summary });
}

/** Pays the epoch `window` once (its action key), from what the funding accounts hold. */
async function payEpoch(
  ctx: KeeperContext,
  window: EpochWindow,
  stakes: () => Promise<StakeInterval[]>,
): Promise<EpochOutcome> {
  const job = 'epoch-distributor';
  const configAddress = await findRewardsConfigAddress(ctx.programs);
  const [config] = await readAccounts(
    ctx.rpc,
    [rewardsConfigAccount(configAddress, ctx.programs)],
    { commitment: 'confirmed' },
  );
  if (!config?.exists) return { job, summary: 'no rewards config', concluded: false };
  const actionKey = `epoch-distributor:${epochKey(window.end)}`;
  // Checked before anything is built or written: a paid epoch must not leave an artifact for
  // an id that will never be posted (the fenced send would refuse the send itself anyway).
  const paid = await ctx.pool.query<{ status: string }>(
    "select status from keeper.actions where action_key = $1 and status in ('sending', 'sent')",
    [actionKey],
  );
  if (paid.rows[0]) {
    return {
      job,
      summary: `${epochKey(window.end)}: already paid (${paid.rows[0].status})`,
      concluded: true,
    };
  }
  const points = stakePoints(await stakes(), window.start, window.end);
  if (points.size === 0) {
    return { job, summary: `${epochKey(window.end)}: no stake in the epoch`, concluded: true };
  }
  const mints = config.data.rewardMints.slice(0, config.data.rewardMintCount) as Address[];
  // Bought first: a crash after a purchase resumes here, finds it made (its action key) and
  // goes on to the distribution of what the funding accounts now hold.
  const purchases = await buyEpochRewards(ctx, epochKey(window.end), mints);
  const bought = purchases.map((p) => p.detail).join('; ');
  const paying = (await fundedMints(ctx, mints))
    .map((m) => ({ ...m, allocation: allocateEpoch(m.funded, points) }))
    .filter((m) => m.allocation.distributed > 0n);
  if (paying.length === 0) {
    return {
      job,
      summary: `${epochKey(window.end)}: no reward funded (keeper's accounts empty)${bought ? `; purchases: ${bought}` : ''}`,
      details: { purchases },
      concluded: true,
    };
  }
  const epochId = config.data.lastEpochId + 1n;
  const [epoch] = await findEpochPda({ epochId }, { programAddress: ctx.programs.rewards });
  const owners = [...new Set(paying.flatMap((m) => [...m.allocation.amounts.keys()]))].sort(
    (a, b) => compareBytes(addressBytes(a), addressBytes(b)),
  );
  const distribution = fromClaims({
    programId: ctx.programs.rewards,
    epochId,
    rewardMints: paying.map((m) => m.mint),
    totals: paying.map((m) => m.allocation.distributed),
    claims: owners.map((claimant) => ({
      claimant,
      amounts: paying.map((m) => m.allocation.amounts.get(claimant) ?? 0n),
    })),
  });
  const holdings = await ensureTokenAccounts(
    ctx.rpc,
    ctx.feePayer,
    paying.map((m) => ({ owner: epoch, mint: m.mint, tokenProgram: m.info.tokenProgram })),
    { commitment: 'confirmed' },
  );
  const fund: CostedInstruction[] = await Promise.all(
    paying.map((m, i) => fundingTransfer(ctx, m, holdings.addresses[i] as Address)),
  );
  const post = await getDistributeEpochInstructionFor(
    {
      keeper: ctx.distributor,
      epochId,
      merkleRoot: distribution.root,
      rewards: paying.map((m, i) => ({
        mint: m.mint,
        holding: holdings.addresses[i] as Address,
        total: m.allocation.distributed,
      })),
    },
    ctx.programs,
  );
  const artifact = toArtifact(distribution);
  const describe = `${bought ? `purchases: ${bought}; ` : ''}distribute_epoch ${epochId} (${epochKey(window.end)}): ${owners.length} stakers, ${paying
    .map((m) => `${m.allocation.distributed} of ${m.mint} (${m.allocation.remainder} kept)`)
    .join(', ')}`;
  // Written before the send (atomically) so a landed epoch always has its artifact; an epoch
  // that does not land leaves its id unused and the next run rewrites the same file.
  const file = ctx.config.dryRun ? null : writeArtifact(ctx, epochId, artifact);
  let creates = holdings.instructions;
  if (creates.length > 0 && !fits(ctx.feePayer, [...creates, ...fund, post])) {
    // Several mints with hook accounts fill a transaction: the holdings (idempotent creates,
    // nothing paid) go first on their own, and the payout stays one atomic transaction.
    await ctx.send({
      job,
      actionKey: `epoch-holdings:${epochKey(window.end)}:${epochId}`,
      instructions: creates,
      describe: `epoch ${epochId}'s holdings`,
    });
    creates = [];
  }
  const outcome = await ctx.send({
    job,
    actionKey,
    instructions: [...creates, ...fund, post],
    describe,
    detail: { epochId: epochId.toString(), root: artifact.root, stakers: owners.length },
  });
  return {
    job,
    summary: `${describe}: ${outcome.kind}${file ? `, artifact ${file}` : ''}`,
    details: { epochId: epochId.toString(), root: artifact.root, outcome, file, purchases },
    // Landed, or found in flight or landed by another replica (its key): the epoch is paid.
    concluded:
      outcome.kind === 'sent' ||
      (outcome.kind === 'skipped' && outcome.reason === 'already-claimed'),
  };
}

/**
 * The funding account's transfer of the epoch's total into its holding. A Token-2022 mint
 * with a transfer hook gets the hook's extra accounts after TransferChecked's four, resolved
 * by the SDK as the vault's own transfers are.
 */
async function fundingTransfer(
  ctx: KeeperContext,
  m: Readonly<{
    mint: Address;
    funding: Address;
    info: { tokenProgram: Address; decimals: number };
    allocation: { distributed: bigint };
  }>,
  holding: Address,
): Promise<CostedInstruction> {
  const transfer = getTransferCheckedInstruction(
    {
      source: m.funding,
      mint: m.mint,
      destination: holding,
      authority: ctx.distributor,
      amount: m.allocation.distributed,
      decimals: m.info.decimals,
    },
    { programAddress: m.info.tokenProgram },
  );
  const token2022 = m.info.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS;
  const accountData = async (address: Address) => {
    const { accounts } = await fetchEncodedAccountsBatched(ctx.rpc, [address], {
      commitment: 'confirmed',
    });
    const account = accounts[0];
    return account?.exists ? Uint8Array.from(account.data) : null;
  };
  const mintData = token2022 ? await accountData(m.mint) : null;
  const hook = mintData
    ? await resolveTransferHook(
        {
          mint: m.mint,
          mintData,
          source: m.funding,
          destination: holding,
          authority: ctx.distributor.address,
          amount: m.allocation.distributed,
        },
        accountData,
      )
    : null;
  return {
    instruction: { ...transfer, accounts: [...transfer.accounts, ...(hook?.accounts ?? [])] },
    costs: [
      { key: token2022 ? 'token2022.transferChecked' : 'token.transferChecked' },
      // Token-2022 invoking the hook program, at the SDK's budget of a hooked transfer.
      ...hookedTransferCosts(hook ? [hook.validationBump] : []),
    ],
  };
}

function writeArtifact(ctx: KeeperContext, epochId: bigint, artifact: unknown): string {
  mkdirSync(ctx.config.distributionsDir, { recursive: true });
  const file = join(ctx.config.distributionsDir, `epoch-${epochId}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(artifact, null, 2));
  renameSync(`${file}.tmp`, file);
  return file;
}
