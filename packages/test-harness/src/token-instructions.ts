/**
 * The pure SPL Token / Token-2022 instruction builders and constants, from @basket/issuer-mint
 * (shared with the local world), re-exported for the program tests that import them here.
 */

export {
  getCreateAccountInstruction,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  getUpdateMultiplierInstruction,
  MINT_SIZE,
  mintSize,
  SCALED_UI_AMOUNT_EXTENSION,
  SCALED_UI_AMOUNT_EXTENSION_LEN,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM_ADDRESS,
  type TokenProgram,
} from '@basket/issuer-mint';
