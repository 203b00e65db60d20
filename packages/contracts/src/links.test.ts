import { afterEach, describe, expect, it } from 'vitest';
import { portalLink } from './fields.ts';
import { configureLinkHosts, DEFAULT_LINK_HOSTS, isSitePath, linkProblem, safeHref } from './links.ts';

afterEach(() => configureLinkHosts(DEFAULT_LINK_HOSTS));

describe('links users write (issue 17 finding 7)', () => {
  it('refuses paths a browser resolves to another site', () => {
    for (const bad of [
      '/\\evil.example/login',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/./\\evil',
    ])
      expect(isSitePath(bad), bad).toBe(false);
    for (const good of [
      '/portal/insure',
      '/portal/notice/detail?id=3&from=banner',
      '/a/../b',
      '/QA/detail?id=1#x',
    ])
      expect(isSitePath(good), good).toBe(true);
  });

  it('takes site paths and http(s) addresses on the allow-list, with a message saying what to fix otherwise', () => {
    expect(linkProblem('')).toBeNull();
    expect(linkProblem('/portal/insure')).toBeNull();
    expect(linkProblem('https://www.mem.gov.cn/fw/')).toBeNull();
    expect(linkProblem('http://gov.cn')).toBeNull();
    expect(linkProblem('/\\evil.example/login')).toContain('反斜杠');
    expect(linkProblem('/portal insure')).toContain('空格');
    expect(linkProblem('https://evil.example/')).toContain('外部链接只能指向允许的网站（gov.cn）');
    expect(linkProblem('https://gov.cn.evil.example/')).toContain('允许的网站');
    expect(linkProblem('https://evilgov.cn/')).toContain('允许的网站');
    expect(linkProblem('https://user@www.gov.cn/')).toContain('http(s)://');
    expect(linkProblem('javascript:alert(1)')).toContain('http(s)://');
    expect(linkProblem(`/${'a'.repeat(500)}`)).toBe('链接不能超过500个字符');
  });

  it('the allow-list is configurable and the schema uses it', () => {
    expect(portalLink.safeParse('https://www.example.com/').success).toBe(false);
    configureLinkHosts(['*.example.com', 'gov.cn']);
    expect(portalLink.safeParse('https://www.example.com/').success).toBe(true);
    expect(portalLink.safeParse('https://example.com/').success).toBe(true);
    expect(portalLink.safeParse('https://example.org/').success).toBe(false);
  });

  it('a stored link is checked again before it is rendered', () => {
    expect(safeHref('/\\evil.example/login')).toBeNull();
    expect(safeHref('https://evil.example/')).toBeNull();
    expect(safeHref('/portal/insure')).toEqual({ href: '/portal/insure', external: false });
    expect(safeHref('https://www.gov.cn/')).toEqual({ href: 'https://www.gov.cn/', external: true });
  });
});
