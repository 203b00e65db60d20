/** Zod-free constants of safety mechanisms (安全机制): status, order number, rate, IP allow-list. */

export const MechanismStatus = { DISABLED: 0, ENABLED: 1 } as const;

/** Mechanism order number: letters, digits, underscore, hyphen; 1-32 characters. */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ORDER_NO_MESSAGE = '编号只能包含字母、数字、下划线和短横线';

export const RATE_PER_MINUTE = { min: 1, max: 100_000, default: 60 } as const;
export const IP_ALLOWLIST_MAX = 100;
export const IP_ENTRY_MESSAGE = '须为IP地址或CIDR网段，例如 10.1.2.3 或 10.1.0.0/16';

function isIpv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all[all.length - 1];
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1; // an embedded IPv4 address takes two groups
  }
  if (!all.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** 4 or 6 for an IPv4/IPv6 address, else 0 (like node:net isIP, without node). */
export function ipFamily(s: string): 0 | 4 | 6 {
  if (isIpv4(s)) return 4;
  if (isIpv6(s)) return 6;
  return 0;
}

/** An IPv4/IPv6 address or a CIDR block. */
export function isIpOrCidr(entry: string): boolean {
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const family = ipFamily(addr);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
