import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  eip55,
  isAddressOf,
  isBitcoinAddress,
  isDogecoinAddress,
  isEthereumAddress,
  isLitecoinAddress,
  isTronAddress,
} from '../wallet.addresses.ts';

const b58c = createBase58check(sha256);

describe('withdrawal addresses', () => {
  it('takes TRON addresses by their base58 checksum and 0x41 prefix', () => {
    expect(isTronAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // the USDT contract
    expect(isTronAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF')).toBe(false); // one character changed
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false); // Bitcoin, checksum valid
    expect(isTronAddress('')).toBe(false);
  });

  it('takes Ethereum addresses in one case, or mixed case only when it is the EIP-55 checksum', () => {
    const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(eip55(checksummed.toLowerCase())).toBe(checksummed);
    expect(isEthereumAddress(checksummed)).toBe(true);
    expect(isEthereumAddress(checksummed.toLowerCase())).toBe(true);
    expect(isEthereumAddress('0x52908400098527886e0F7030069857D2E4169EE7')).toBe(false); // one letter's case wrong
    expect(isEthereumAddress('0x52908400098527886E0F7030069857D2E4169EE')).toBe(false); // 39 digits
    expect(isEthereumAddress('52908400098527886E0F7030069857D2E4169EE7')).toBe(false); // no 0x
    expect(isEthereumAddress('0xZZ908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it('takes Bitcoin bech32, bech32m and legacy addresses, each by its own checksum', () => {
    expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true); // P2WPKH
    expect(isBitcoinAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(true); // upper case
    expect(isBitcoinAddress('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true); // P2WSH
    expect(isBitcoinAddress('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(true); // taproot
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true); // P2PKH
    expect(isBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true); // P2SH
    expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false); // checksum
    expect(isBitcoinAddress('bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false); // mixed case
    expect(isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false); // testnet
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false); // checksum
    expect(isBitcoinAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(false);
  });

  it('takes Litecoin and Dogecoin addresses by their own prefixes and checksums', () => {
    // Made here from a 20-byte hash, as wallets make them: base58check with the coin's version byte,
    // or bech32 with its human-readable part.
    const hash = new Uint8Array(20).map((_, i) => (i * 37 + 11) % 256);
    const legacy = (version: number) => b58c.encode(Uint8Array.of(version, ...hash));
    const segwit = (hrp: string) => bech32.encode(hrp, [0, ...bech32.toWords(hash)]);
    expect(isLitecoinAddress(legacy(0x30))).toBe(true); // L…
    expect(isLitecoinAddress(legacy(0x32))).toBe(true); // M…
    expect(isLitecoinAddress(segwit('ltc'))).toBe(true);
    expect(isLitecoinAddress(legacy(0x00))).toBe(false); // Bitcoin's 1…
    expect(isLitecoinAddress(segwit('bc'))).toBe(false);
    expect(isDogecoinAddress(legacy(0x1e))).toBe(true); // D…
    expect(isDogecoinAddress(legacy(0x16))).toBe(true); // 9… / A…
    expect(isDogecoinAddress(legacy(0x30))).toBe(false);
    const d = legacy(0x1e);
    expect(isDogecoinAddress(`${d.slice(0, -1)}${d.endsWith('z') ? 'y' : 'z'}`)).toBe(false); // checksum
    expect(isBitcoinAddress(legacy(0x00))).toBe(true);
    expect(isBitcoinAddress(segwit('bc'))).toBe(true);
  });

  it('checks an address against the network it is sent on', () => {
    expect(isAddressOf('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(true);
    expect(isAddressOf('ERC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(false);
    expect(isAddressOf('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(isAddressOf('BTC', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(isAddressOf('SOLANA', 'anything')).toBe(false);
    expect(isAddressOf('BEP20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isAddressOf('TRON', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(true);
    expect(isAddressOf('DOGE', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(false);
  });
});
