/**
 * Links users write (portal banners and articles, messages, rules' sources) and redirects after login: a link is
 * either a path of this site or an absolute http(s) address on a host of the allow-list (issue 17 finding 7:
 * `/\evil.example/login` passed a "starts with one slash" check and resolved off-site).
 */

const PROBE_ORIGIN = 'http://same-site.invalid';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_CHARS = /[\\\u0000-\u001f\u007f]/;

/**
 * A path of this site: starts with one `/`, holds no backslash or control character (browsers drop
 * tabs and newlines and read `\` as `/`, so `/\evil.example` becomes `//evil.example`), and stays on this site
 * once resolved (dot segments cannot turn it into `//host`).
 */
export function isSitePath(raw: string): boolean {
  if (!raw.startsWith('/') || raw.startsWith('//') || UNSAFE_CHARS.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
}

/** The host (lower case) of an absolute http(s) address without credentials, or null when it is not one. */
export function httpHostOf(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw) || UNSAFE_CHARS.test(raw) || /\s/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname) return null;
  return url.hostname.toLowerCase();
}

/** The national default: government sites (any host under gov.cn). LINK_HOSTS on the server replaces it. */
export const DEFAULT_LINK_HOSTS: readonly string[] = ['gov.cn'];

let linkHosts: readonly string[] = DEFAULT_LINK_HOSTS;

/**
 * Sets the hosts external links may point at (an entry allows itself and its subdomains). The server calls it
 * once at start with LINK_HOSTS; the web app with the list the public settings give.
 */
export function configureLinkHosts(hosts: readonly string[]): void {
  linkHosts = hosts
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\*?\./, ''),
    )
    .filter(Boolean);
}

export function allowedLinkHosts(): readonly string[] {
  return linkHosts;
}

export function isAllowedHost(host: string, hosts: readonly string[] = linkHosts): boolean {
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** What is wrong with a link ('' is no link), in words for the person who typed it; null when it is fine. */
export function linkProblem(raw: string, hosts: readonly string[] = linkHosts): string | null {
  if (raw === '') return null;
  if (raw.length > 500) return '链接不能超过500个字符';
  if (raw.startsWith('/'))
    return isSitePath(raw) && !/\s/.test(raw)
      ? null
      : '站内路径不能以 // 开头，且不能含反斜杠、空格或控制字符';
  const host = httpHostOf(raw);
  if (!host) return '链接须以 / 开头的站内路径或 http(s):// 开头的网址';
  if (!isAllowedHost(host, hosts))
    return `外部链接只能指向允许的网站（${hosts.join('、') || '无'}），请改用站内路径或请管理员调整允许列表`;
  return null;
}

/** The link to render for a stored value, or null when it must not be rendered as a link (checked again on show). */
export function safeHref(raw: string | null | undefined): { href: string; external: boolean } | null {
  const s = (raw ?? '').trim();
  if (s === '' || linkProblem(s) !== null) return null;
  return { href: s, external: !s.startsWith('/') };
}
