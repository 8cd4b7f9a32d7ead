import { isIPv6 } from 'node:net';

/**
 * What one client is counted as: an IPv4 address (also when a dual-stack listener reports it as
 * `::ffff:a.b.c.d`), or the /64 of an IPv6 address, since one host may pick any address of its /64.
 */
export const addressGroupOf = (address: string): string => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
};
