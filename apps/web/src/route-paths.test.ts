import { type ResourceSeed, ROLE_RESOURCES } from '@aqzrx/contracts/resource-tree';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { staticRoutes } from './app/router.tsx';

// Every route path the web hard-codes (PATHS tables, navigate() and <Link to> targets, redirects) must be
// a page that exists: a route of some role's seeded resources (packages/contracts/src/resource-tree.ts)
// or a fixed route of the router (spec 2.1). A renamed resource then fails here instead of sending people
// to 页面不存在 from a button.

/** Web source files (tests and test kits excluded), as text. */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function seededPaths(nodes: ResourceSeed[]): string[] {
  return nodes.flatMap((n) => [n.key, ...seededPaths(n.children)]);
}

/** The router's fixed paths ('/portal/notice/detail', '/portal/enter/:tab', ...). */
function fixedPaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    const path = r.path ? `${base}/${r.path}`.replace(/\/{2,}/g, '/') : base;
    return [...(r.path ? [path] : []), ...fixedPaths(r.children ?? [], path)];
  });
}

const seeded = new Set(Object.values(ROLE_RESOURCES).flatMap(seededPaths));
const fixed = fixedPaths(staticRoutes()).filter((p) => p !== '/*');
const fixedPatterns = fixed.map((p) => new RegExp(`^${p.replace(/:[^/]+/g, '[^/]+')}$`));
/** A fixed route's path before its parameter ('/portal/enter' of '/portal/enter/:tab'), joined in code. */
const fixedBases = new Set(fixed.filter((p) => p.includes('/:')).map((p) => p.slice(0, p.indexOf('/:'))));

/** First path segments of pages: a literal starting with one of them names a page, not an API call. */
const PAGE_ROOTS = new Set([...[...seeded, ...fixed].map((p) => p.split('/')[1])]);

/**
 * Route literals of a source text: quoted strings and template-literal heads starting with `/<page root>`,
 * cut at a query string, a hash or a template placeholder.
 */
function routeLiterals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/['"`](\/[A-Za-z0-9][^'"`\s?#$]*)/g)) {
    const path = m[1]!.replace(/\/$/, '');
    if (PAGE_ROOTS.has(path.split('/')[1]!)) out.push(path);
  }
  return out;
}

const isPage = (path: string) =>
  seeded.has(path) || fixedBases.has(path) || fixedPatterns.some((re) => re.test(path));

describe('hard-coded route paths', () => {
  const found = Object.entries(sources).flatMap(([file, text]) =>
    routeLiterals(text).map((path) => ({ file, path })),
  );

  it('finds the paths the screens link to (the scan itself works)', () => {
    const paths = new Set(found.map((f) => f.path));
    // A PATHS table entry, a fixed route and a navigate() target of the policy, portal and claim screens.
    expect(paths).toContain('/ent/Entazx/EntInsuranceManage/route');
    expect(paths).toContain('/portal/notice/detail');
    expect(paths).toContain('/insurance/azx/ClaimManage/route');
    expect(found.length).toBeGreaterThan(50);
  });

  it('every hard-coded route path is a seeded resource or a fixed route', () => {
    expect(found.filter((f) => !isPage(f.path)).map((f) => `${f.file}: ${f.path}`)).toEqual([]);
  });

  it('the check refuses a path no resource has', () => {
    expect(isPage('/ent/Entazx/EntInsuranceManage/route')).toBe(true);
    expect(isPage('/portal/enter/claim')).toBe(true);
    expect(isPage('/ent/Entazx/EntInsuranceManager/route')).toBe(false);
    expect(
      routeLiterals(
        'navigate(`/ent/Entazx/EntClaimDetail/route?id=7`); <Link to="/portal/help#top" />; \'/sys/user/add\'',
      ),
    ).toEqual(['/ent/Entazx/EntClaimDetail/route', '/portal/help']);
  });
});
