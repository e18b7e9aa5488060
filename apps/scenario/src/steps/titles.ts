// The scenario's steps, in order: the headings `npm start` prints and `--help` lists.
export const STEPS = {
  calendar: 'The US equity calendar now, and the instant the scenario runs at',
  deploy: 'Deploy oracle, vault and rewards as upgradeable programs',
  refusals: 'Configuring the oracle without the right signers is refused',
  oracle: 'The upgrade authority and 3 of 5 admins configure the oracle',
  mints: 'Mints: a stablecoin and three tokenized stocks',
  vault: "The SKU's snapshot, its vault (init_vault) and the share metadata",
  firstPush: 'The keeper pushes a signed NAV snapshot, then refresh_nav',
  deposit: 'A fresh wallet deposits: quote, then the deposit flow',
  rebalance: 'The keeper buys the basket with the cash (rebalance legs)',
  secondPush: 'Prices move: a second push and refresh_nav',
  withdrawStable: 'The user withdraws in stablecoin (0.05% fee)',
  withdrawInKind: 'The user withdraws in kind (a slice of every holding)',
  fees: 'Thirty days later: management fee collected, performance fee not due',
  rewardsInit: 'Rewards: initialize, then the reward mints set',
  stake: 'The user stakes for 90 days (another staker for 30)',
  distribute: 'A week later the keeper distributes epoch 1 (Merkle root)',
  claim: 'The user claims with the proof; a second claim is refused',
} as const;

export type StepKey = keyof typeof STEPS;
