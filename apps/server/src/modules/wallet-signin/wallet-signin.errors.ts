import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the wallet sign-in module answers (its README lists them). */
export type WalletSignInErrorCode =
  | typeof ErrorCode.WalletMessageInvalid
  | typeof ErrorCode.WalletDomainWrong
  | typeof ErrorCode.WalletChainWrong
  | typeof ErrorCode.WalletNonceExpired
  | typeof ErrorCode.WalletNonceUnknown
  | typeof ErrorCode.WalletSignatureWrong
  | typeof ErrorCode.WalletLinkedElsewhere
  | typeof ErrorCode.WalletAlreadyLinked
  | typeof ErrorCode.WalletOnlyWayIn
  | typeof ErrorCode.WalletVerifyUnavailable
  | typeof ErrorCode.Unauthorized
  | typeof ErrorCode.NotFound;

const fail = moduleErrors<WalletSignInErrorCode>();

export const walletErrors = {
  /** Not an EIP-4361 message of this site: unreadable, wrong version or URI, a bad address (40110). */
  invalid: (field = 'message') => fail(ErrorCode.WalletMessageInvalid, { field }),
  /** The message names another site (40111). */
  domain: () => fail(ErrorCode.WalletDomainWrong, { field: 'message' }),
  /** A chain not in WALLET_CHAIN_IDS (40112); the message names the accepted ones. */
  chain: (chains: readonly number[]) =>
    fail(ErrorCode.WalletChainWrong, { field: 'message', params: { chains: chains.join(', ') } }),
  /** The nonce's or the message's time has passed, or the message was issued in the future (40113). */
  expired: () => fail(ErrorCode.WalletNonceExpired, { field: 'message' }),
  /** Never issued (for this purpose and account), or already used (40114). */
  nonceUnknown: () => fail(ErrorCode.WalletNonceUnknown, { field: 'message' }),
  /** The signature does not recover to (or is not accepted by) the message's address (40115). */
  signature: () => fail(ErrorCode.WalletSignatureWrong, { field: 'signature' }),
  /** Linked to another account (40116). */
  linkedElsewhere: () => fail(ErrorCode.WalletLinkedElsewhere),
  /** Already linked to this account (40117). */
  alreadyLinked: () => fail(ErrorCode.WalletAlreadyLinked),
  /** The account's only way in (40118). */
  onlyWayIn: () => fail(ErrorCode.WalletOnlyWayIn),
  /** The smart-account check could not reach the chain (40119). */
  unavailable: () => fail(ErrorCode.WalletVerifyUnavailable),
  /** A link nonce without a session (401). */
  unauthorized: () => fail(ErrorCode.Unauthorized),
  /** No such wallet of this account (40400). */
  notFound: () => fail(ErrorCode.NotFound),
};
