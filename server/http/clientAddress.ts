// Which proxies may tell us the client's address (X-Forwarded-For). Trusting every hop lets anyone
// choose their own address and so walk past every per-address limit; by default only proxies on
// this machine or a private network are believed (TRUST_PROXY changes it).
import { BlockList, isIP } from 'node:net';

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
export const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';

export type TrustProxy = (address: string) => boolean;

/** '::ffff:10.0.0.1' → '10.0.0.1', so IPv4 rules match mapped addresses too. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** TRUST_PROXY: 'true', 'false', or a comma list of names (loopback, linklocal, uniquelocal), CIDRs and addresses. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '*') return () => true;
  if (text === 'false' || text === '') return () => false;
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    for (const item of NAMED[entry] ?? [entry]) {
      const [net, bits] = item.split('/');
      const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
      if (!isIP(net)) throw new Error(`TRUST_PROXY: "${item}" is not an address, a CIDR or a known name`);
      if (bits === undefined) list.addAddress(net, type);
      else list.addSubnet(net, Number(bits), type);
    }
  }
  return (address) => {
    const plain = plainAddress(address);
    const type = isIP(plain);
    return type !== 0 && list.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address as Fastify computes it for request.ip: walk X-Forwarded-For from the
 * nearest hop while the hop we got it from is trusted. Used where Fastify is not (socket handshakes).
 */
export function clientAddress(
  remote: string,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
) {
  let address = plainAddress(remote);
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  while (hops.length > 0 && trust(address)) address = plainAddress(hops.pop() as string);
  return address;
}
