// Where a webhook may go (decision 152). In production only public unicast addresses: never loopback, private,
// link-local, CGNAT, multicast, reserved, IPv6 unique-local or link-local, nor an IPv4-mapped form of those. The
// check runs on the addresses the connection actually uses (the socket's own DNS look-up), so a name that resolves
// to a private address, or changes its answer between a check and the connection (DNS rebinding), is refused too.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** allowPrivate: outside production (the embedded default, tests) loopback and private addresses are allowed. */
export interface DestinationPolicy {
  allowPrivate: boolean;
  /** https only (production). */
  httpsOnly: boolean;
}

export class RefusedDestination extends Error {
  override name = 'RefusedDestination';
}

/** True when `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

function refuse(address: string): never {
  throw new RefusedDestination(`The address ${address} is not public (loopback, private or link-local); refused`);
}

/** Checks a URL's form and, when the host is an IP literal, the address (names are checked at connect time). */
export function checkDestinationUrl(raw: string, policy: DestinationPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedDestination('Enter a full web address, such as https://example.com/webhooks');
  }
  if (url.protocol !== 'https:' && (policy.httpsOnly || url.protocol !== 'http:'))
    throw new RefusedDestination('The web address must start with https://');
  if (url.username || url.password)
    throw new RefusedDestination('The web address must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate) {
    if (net.isIP(host)) {
      if (!isPublicAddress(host)) refuse(host);
    } else if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
      throw new RefusedDestination(`The host ${host} is not a public name; refused`);
    }
  }
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A socket look-up (http.request's `lookup`) that resolves the name and refuses the connection unless every
 * address is public; `resolve` is injectable so tests can answer a name with a private address.
 */
export function guardedLookup(
  policy: DestinationPolicy,
  resolve: typeof dns.lookup = dns.lookup,
): (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      const bad = policy.allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address));
      if (bad)
        return callback(
          new RefusedDestination(`${hostname} resolves to ${bad.address}, which is not public; refused`),
          '',
        );
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
