import { BlockList, isIP } from 'node:net';

/**
 * An allow-list entry: one address or a CIDR range, IPv4 or IPv6. Answers its canonical form
 * (trimmed, lower case, a range's prefix kept as written) or null when it is neither.
 */
export function parseIpEntry(entry: string): string | null {
  const v = entry.trim().toLowerCase();
  // A zone (fe80::1%eth0) names a local interface, never a client: refused.
  if (v.length === 0 || v.length > 64 || v.includes('%')) return null;
  const slash = v.indexOf('/');
  const address = slash < 0 ? v : v.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return null;
  if (slash < 0) return address;
  const prefix = v.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${address}/${bits}`;
}

/** An IPv4 client seen through an IPv6 socket (::ffff:1.2.3.4) is matched as the IPv4 address. */
function unmapped(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? (m[1] as string) : ip;
}

/** Whether `ip` is allowed by the (canonical) entries; an empty list allows every address. */
export function ipAllowed(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const client = unmapped(ip.trim().toLowerCase());
  const family = isIP(client);
  if (family === 0) return false;
  const list = new BlockList();
  for (const e of entries) {
    const [address, prefix] = e.split('/') as [string, string | undefined];
    const entryAddress = unmapped(address);
    const f = isIP(entryAddress);
    if (f === 0) continue;
    const type = f === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(entryAddress, type);
    else list.addSubnet(entryAddress, Number(prefix), type);
  }
  return list.check(client, family === 4 ? 'ipv4' : 'ipv6');
}
