/**
 * The wire's error catalogue (spec §8) plus the codes this implementation adds.
 * Each code has a translation key `errors.<code>` in every language of @openbourse/locales;
 * a locale test fails when one is missing, so a new code cannot ship untranslated.
 */
export const ErrorCode = {
  // spec §8
  EnterUsernameOrEmail: 10001,
  EmailWrong: 10002,
  UsernameWrong: 10003,
  PasswordWrong: 10004,
  UserStatusAbnormal: 10005,
  UsernameExists: 10006,
  EmailExists: 10007,
  UserStatusWrong: 10008,
  UserNotFound: 10009,
  SmartProductWrong: 10010,
  BalanceInsufficientRecharge: 10011,
  DaysNotFound: 10012,
  InvestmentAmountWrong: 10013,
  OptionsProductWrong: 10014,
  NotTradableNow: 10015,
  PurchaseAmountWrong: 10016,
  PeriodNotFound: 10017,
  ParametersNotFetched: 10018,
  AuthenticationStatusWrong: 10019,
  CollectionStatusWrong: 10020,
  ReceivingAddressMissing: 10021,
  NotAuthenticated: 10022,
  LoanPeriodWrong: 10023,
  SameProductBought: 10024,
  ChooseWithdrawalMethod: 10025,
  DoNotSendRepeatedly: 10089,
  SendCodeFirst: 10090,
  CodeWrong: 10091,
  BalanceInsufficient: 10092,
  WithdrawalPasswordWrong: 10093,
  SubmittedForReview: 20001,
  DepositSubmitted: 20002,
  WithdrawalSubmitted: 20003,
  PurchaseSuccess: 20004,
  ModifiedSuccessfully: 20005,
  AiCountExceeded: 80001,
  LoanAmountExceeded: 80002,
  LoanCountExceeded: 80003,
  WithdrawalAmountExceeded: 80004,
  NoRecord: 80005,
  RecordNotInRepayment: 80006,
  AlreadyApplying: 80007,
  LoanAgreement1: 90001,
  LoanAgreement2: 90002,
  LoanAgreement3: 90003,
  LoanAgreement4: 90004,
  LoanAgreement5: 90005,
  LoanAgreement6: 90006,
  LoanAgreement7: 90007,
  LoanAgreement8: 90008,
  // added by this implementation
  Unauthorized: 401,
  InvalidField: 40001,
  PhoneWrong: 40002,
  PhoneExists: 40003,
  PasswordTooWeak: 40004,
  PasswordSameAsOld: 40005,
  WithdrawalPasswordNotSet: 40006,
  CodeExpired: 40007,
  CodeTooManyTries: 40008,
  DemoDisabled: 40009,
  DemoNotAllowed: 40010,
  /** A stop loss, take profit or pending entry price on the wrong side of the market (spec §5, "unreasonable price"). */
  UnreasonablePrice: 40011,
  /** chedan on an order that is no longer waiting to open. */
  OrderNotCancellable: 40012,
  /** stopU / updateU on a position that is not open (already closed, cancelled, or still waiting). */
  PositionNotOpen: 40013,
  /** Login with an unknown name or a wrong password: one answer, so the answer does not tell who has an account. */
  LoginFailed: 40014,
  /** Too many failed sign-in or code attempts from this client for this account; params: minutes. */
  TooManyAttempts: 40015,
  /** A clientOrderId reused with a different order (the same order is answered with the first). */
  ClientOrderIdReused: 40016,
  /** An upload without an image (no file part, or an empty one). */
  UploadRequired: 40017,
  /** An upload that is not a whole JPG, JPEG 2000 or PNG image, judged by its content (DESIGN §4). */
  UploadFormat: 40018,
  /** An upload over 2 MB (or declaring more pixels than can be decoded). */
  UploadTooLarge: 40019,
  /** An admin whose role does not allow the call (admin API). */
  AdminForbidden: 40020,
  /** Admin sign-in without the TOTP code the account needs. */
  TotpRequired: 40021,
  /** A TOTP code that is wrong, expired or already used. */
  TotpWrong: 40022,
  /** Removing, disabling or demoting the last active owner. */
  LastOwner: 40023,
  /** Spec §5's "required" messages: an empty field is told to be filled in, a wrong one its own. */
  PasswordRequired: 40024,
  CodeRequired: 40025,
  EmailRequired: 40026,
  UsernameRequired: 40027,
  PhoneRequired: 40028,
  /** Adding a favourite over the per-user cap; params: max. */
  FavouritesFull: 40029,
  /** Setting a price alert while the per-user cap of waiting alerts is reached; params: max. */
  AlertsFull: 40030,
  /** A price alert whose target the price has already reached (above: at or under the price; below: at or over it); params: price. */
  AlertAlreadyReached: 40031,
  /** A target price with more decimals than the instrument's prices have; params: decimals. */
  AlertPriceDecimals: 40032,
  /** A deposit below its currency's minimum (spec §5, §9); params: name, limit. */
  DepositBelowMinimum: 40033,
  /** A deposit whose transaction hash was declared before (by anyone). */
  TxHashUsed: 40034,
  /** A coin on a network the platform does not receive it on (or switched off). */
  NetworkUnavailable: 40035,
  /** A review decided meanwhile by another reviewer (the first decision stands). */
  AlreadyDecided: 40036,
  /** Spec §5: "amount, and the correct amount". */
  AmountRequired: 40037,
  AmountWrong: 40038,
  /** A transaction hash missing, or not 64 hexadecimal digits (0x first on Ethereum networks). */
  TxHashWrong: 40039,
  /** The last 6 characters of the sending address, missing or not 6 letters or digits. */
  Last6Wrong: 40040,
  /** A withdrawal address that is not an address of the chosen network (field address; params: network). */
  AddressWrongNetwork: 40041,
  /** A bank withdrawal missing the holder's name, the account number or the bank (field names which). */
  BankFieldRequired: 40042,
  /** The withdrawal password left empty. */
  TxPasswordRequired: 40043,
  /** (admin) A payout reference already recorded for another withdrawal on the same network. */
  PayoutRefUsed: 40044,
  /** An exchange (user/dh) from a currency into the same currency (field to). */
  ExchangeSameCurrency: 40045,
  /** An exchange from or to a currency that is unknown or has no recorded price (field from or to). */
  ExchangeCurrencyUnavailable: 40046,
  /** An exchange so small that what it would receive rounds down to zero (field amount). */
  ExchangeAmountTooSmall: 40047,
  /** An exchange quote confirmed after its expiry (ask for a new quote). */
  ExchangeQuoteExpired: 40048,
  /** An exchange quote that is unknown, another user's or account's, or already used (field quoteId). */
  ExchangeQuoteNotFound: 40049,
  /** A spot order cancelled (order/chedan) after it was filled or cancelled. */
  SpotOrderNotOpen: 40050,
  /** A post-only spot order that would trade at once: not placed. */
  SpotPostOnlyWouldCross: 40051,
  /** A fill-or-kill spot order that cannot fill in full at once: not placed. */
  SpotFokCannotFill: 40052,
  /** A spot market order with nothing to trade against within its protection price: not placed. */
  SpotNoLiquidity: 40053,
  /** (admin) A spot pair's tick or lot size changed while orders rest on it (field tickSize or lotSize). */
  SpotGridLocked: 40054,
  /** (admin) A spot pair added with a symbol already listed (field symbol). */
  SpotPairListed: 40055,
  /** A loan applied for without a signature in the box (or a blank one), or the agreement not ticked: 'not signed'. */
  LoanNotSigned: 40056,
  /** A KYC application whose birth date makes the user younger than 18 (field birthDate). */
  KycTooYoung: 40057,
  /** Smart trading switched off (parameter smart_enabled) or the product not enabled: shown, not sold. */
  SmartNotEnabled: 40058,
  /** A smart plan whose whole yield the earn treasury cannot reserve now: not sold. */
  SmartTreasuryShort: 40059,
  /** Early exit of a smart plan that is no longer earning. */
  SmartPlanNotEarning: 40060,
  /** An options quote confirmed after its expiry (ask for a new quote). */
  OptionQuoteExpired: 40061,
  /** An options quote that is unknown, another user's or account's, or already used. */
  OptionQuoteNotFound: 40062,
  /** A bid on a charity NFT below the minimum next bid (the start price, or the leading bid plus the step) (field amount). */
  NftBidTooLow: 40063,
  /** A bid or buy now on an NFT auction that is not live (not started, ended, sold or withdrawn). */
  NftNotLive: 40064,
  /** A bid or buy now by the item's seller (its donor) on their own item. */
  NftOwnItem: 40065,
  /** A bid at or above the item's buy-now price: buy it now instead (field amount). */
  NftBidAtBuyNow: 40066,
  /** Buy now on an item that has no buy-now price. */
  NftNoBuyNow: 40067,
  /** (admin) An item's prices, times, rules, charity or seller changed, or the item withdrawn, after its first bid. */
  NftFrozen: 40068,
  /** A support message, note or contact message longer than its limit (2,000 characters). */
  SupportTextTooLong: 40080,
  /** A support message with neither text nor an attachment (or only blanks). */
  SupportEmptyMessage: 40081,
  /** A support attachment that is not an image uploaded for the chat (purpose chat). */
  SupportAttachmentInvalid: 40082,
  /** The contact form's name is missing or too long. */
  SupportContactName: 40083,
  /** The contact form's email address is not an address. */
  SupportContactEmail: 40084,
  /** (admin) Assignment to an account that may not answer support conversations. */
  SupportNotAgent: 40085,
  /** (admin) A canned reply without a title and a text in every language. */
  SupportCannedInvalid: 40086,
  /** A contact change to the address the account already has. */
  ContactUnchanged: 40090,
  /** A session to sign out that is not one of the user's live sessions. */
  SessionNotFound: 40091,
  /** A first password for an account that already has one (change it with the current one). */
  PasswordAlreadySet: 40092,
  /** API keys (modules/apikeys): an X-OB-KEY that names no key. */
  ApiKeyUnknown: 40130,
  /** A revoked or expired API key. */
  ApiKeyInactive: 40131,
  /** A signed request from an address outside the key's allow-list. */
  ApiKeyIpNotAllowed: 40132,
  /** X-OB-TIMESTAMP missing, older than the window or ahead of the server's clock. */
  ApiKeyTimestamp: 40133,
  /** The call is not open to API keys, or the key lacks its scope (read / trade). */
  ApiKeyScope: 40134,
  /** A signed request seen before (replay). */
  ApiKeyReplay: 40135,
  /** X-OB-SIGNATURE does not match the request. */
  ApiKeySignature: 40136,
  /** Creating one key more than the per-user maximum ({max}). */
  ApiKeyLimit: 40137,
  /** An allow-list entry that is not an IPv4/IPv6 address or CIDR range ({value}). */
  ApiKeyIpInvalid: 40138,
  /** Revoking a key that is not one of the user's live keys. */
  ApiKeyNotFound: 40139,
  /** Proof of liabilities (modules/liabilities): no snapshot has been published yet. */
  LiabilitiesNoSnapshot: 40140,
  /** The user had no real-account balance in the snapshot asked for (no leaf of theirs in its tree). */
  LiabilitiesNotInSnapshot: 40141,
  /** (admin) A reserve record for a currency the ledger does not know. */
  ReserveCurrencyUnknown: 40142,
  /** A push subscription whose endpoint is not a push service this platform sends to (https, known host). */
  PushEndpointRefused: 40145,
  /** A push subscription whose keys are not a P-256 public key (p256dh) and a 16-byte secret (auth). */
  PushKeysInvalid: 40146,
  /** Users' second factor (modules/twofactor): none given where the account needs one (field proof). */
  TwoFactorRequired: 40120,
  /** A TOTP code, passkey or recovery code that is wrong, expired or already used (field proof). */
  TwoFactorWrong: 40121,
  /** A sign-in ticket that is unknown, expired (5 minutes) or already answered: sign in again. */
  TwoFactorTicketInvalid: 40122,
  /** Too many second-factor tries for the account; params: minutes. */
  TwoFactorTooManyTries: 40123,
  /** TOTP enrolment out of order: already on (remove it first), or no enrolment started. */
  TotpState: 40124,
  /** A passkey that is not one of the user's. */
  PasskeyNotFound: 40125,
  /** A passkey registration that could not be verified, or whose options expired. */
  PasskeyRejected: 40126,
  /** Removing or regenerating what the account does not have enrolled. */
  TwoFactorNotEnabled: 40127,
  /** A passkey name empty or over 40 characters. */
  PasskeyNameInvalid: 40128,
  /** Adding a passkey over the per-user cap; params: max. */
  PasskeysFull: 40129,
  /** Wallet sign-in (modules/wallet-signin): the signed message is not an EIP-4361 message of this site (URI, version, address). */
  WalletMessageInvalid: 40110,
  /** The signed message names another domain than this site's. */
  WalletDomainWrong: 40111,
  /** The signed message names a chain this site does not accept; params: chains. */
  WalletChainWrong: 40112,
  /** The nonce or the message has expired (or was issued in the future): ask for a new one. */
  WalletNonceExpired: 40113,
  /** A nonce this site never issued (for this purpose and account), or one already used. */
  WalletNonceUnknown: 40114,
  /** The signature was not made by the message's address. */
  WalletSignatureWrong: 40115,
  /** Linking a wallet that is linked to another account. */
  WalletLinkedElsewhere: 40116,
  /** Linking a wallet that is already linked to this account. */
  WalletAlreadyLinked: 40117,
  /** Unlinking the account's only way in (no password, no other wallet or identity). */
  WalletOnlyWayIn: 40118,
  /** A smart-account signature could not be checked now (the chain's node did not answer). */
  WalletVerifyUnavailable: 40119,
  /** Third-party sign-in (modules/oauth): the provider is not configured, or an operator disabled it. */
  SignInProviderOff: 40100,
  /** A sign-in attempt this site never started (a wrong state), or one already finished: start again. */
  SignInAttemptUnknown: 40101,
  /** The sign-in attempt is older than ten minutes: start again. */
  SignInAttemptExpired: 40102,
  /** The provider refused the code (already used, or not its own) or its answer failed a check. */
  SignInRefused: 40103,
  /** The provider did not prove the account's email address (unverified or missing). */
  SignInEmailUnverified: 40104,
  /** A link ticket that is unknown, used, expired or out of tries: sign in with the provider again. */
  LinkTicketInvalid: 40105,
  /** Unlinking the account's only way in (no password, no other sign-in). */
  LastWayIn: 40106,
  /** A linked sign-in that is not one of the account's. */
  IdentityNotFound: 40107,
  /** The provider's account is linked to another account here. */
  IdentityTaken: 40108,
  /** (admin) An issuer that is not https (plain http only on this machine) or does not answer OpenID discovery. */
  SignInIssuerInvalid: 40109,
  NotFound: 40400,
  RouteNotFound: 40401,
  PayloadTooLarge: 41300,
  TooManyRequests: 42900,
  Conflict: 40900,
  Internal: 50000,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ALL_ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

const CODE_SET: ReadonlySet<number> = new Set(ALL_ERROR_CODES);

/** Whether a number is a catalogue code (a client may meet codes newer than itself). */
export const isErrorCode = (n: number): n is ErrorCode => CODE_SET.has(n);

/**
 * The successes the catalogue words, by name: they travel as code 200 with `msgCode` (spec §8).
 * Routes name them (`SuccessCode.PurchaseSuccess`), never a bare number.
 */
export const SuccessCode = {
  SubmittedForReview: 20001,
  DepositSubmitted: 20002,
  WithdrawalSubmitted: 20003,
  PurchaseSuccess: 20004,
  ModifiedSuccessfully: 20005,
} as const;

/** Codes 20001–20005 are successes the catalogue words: they travel as code 200 with msgCode. */
export const SUCCESS_MESSAGE_CODES = Object.values(SuccessCode);
export type SuccessMessageCode = (typeof SuccessCode)[keyof typeof SuccessCode];

export const SUCCESS = 200 as const;

export interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
  msgCode?: number;
  /** The offending field for code 40001. */
  field?: string;
}
