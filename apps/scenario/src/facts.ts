// What the scenario establishes, returned by `runScenario` so the test can hold the main job
// to it (the narration is for people; these are for assertions).

/** The outcome of each flow, in raw units and typed error constants. */
export interface ScenarioFacts {
  /** Typed error constants of the refused oracle configurations. */
  strangerRefusal: string | null;
  twoOfFiveRefusal: string | null;
  /** NAV from the NavRefreshed events (1e-6 USD, rounded down) after each push. */
  navAfterFirstPush: bigint;
  navAfterSecondPush: bigint;
  /** The SDK's NAV quote after the second push, before its refresh_nav (rounded down). */
  quotedNavAfterSecondPush: bigint | null;
  depositRaw: bigint;
  quotedShares: bigint;
  mintedShares: bigint;
  /** Raw amount of each asset the rebalance legs brought into the vault. */
  rebalancedRaw: bigint[];
  stableWithdrawal: {
    shares: bigint;
    quotedNet: bigint;
    received: bigint;
    fee: bigint;
    feeReceived: bigint;
  };
  inKindWithdrawal: {
    shares: bigint;
    quotedAssets: bigint[];
    receivedAssets: bigint[];
    quotedCash: bigint;
    receivedCash: bigint;
  };
  mgmtFee: { quotedShares: bigint; mintedShares: bigint };
  /** The SDK quote's and the program's refusal of the early performance fee. */
  perfFeeQuoteRefusal: string | null;
  perfFeeRefusal: string | null;
  claim: { expected: bigint[]; received: bigint[]; proofLength: number };
  secondClaimRefusal: { constant: string | null; message: string };
}
