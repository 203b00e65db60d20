import fs from 'node:fs';
import path from 'node:path';

/**
 * The first pages people open (the login page, the portal) load their screen through a chain of lazy imports:
 * the entry loads the router, the router the layout, the layout the page, each request starting only when the
 * previous one has been parsed (issue 18: the login form came after 39 requests in such a chain). index.html
 * served for these paths announces the whole chain up front (`<link rel="modulepreload">`, as Vite does for the
 * entry's own imports), read from the build's manifest, so the browser fetches it in parallel.
 */
/** The login page: preloaded, and carries its form as HTML (platform/login-shell.ts). */
export const LOGIN_PATH = '/user/login';

export const PRELOADED_PAGES: ReadonlyArray<{ path: string; modules: readonly string[] }> = [
  { path: LOGIN_PATH, modules: ['src/layouts/UserLayout.tsx', 'src/modules/auth/LoginPage.tsx'] },
  { path: '/portal/index', modules: ['src/layouts/PortalLayout.tsx', 'src/modules/portal/PortalHome.tsx'] },
];

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** Files (JS, CSS) reachable from `keys` through static imports; keys missing from the manifest are skipped. */
function closure(manifest: Manifest, keys: readonly string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    if (entry.file.endsWith('.js')) js.add(entry.file);
    for (const c of entry.css ?? []) css.add(c);
    for (const imp of entry.imports ?? []) visit(imp);
  };
  for (const k of keys) visit(k);
  return { js, css };
}

/**
 * The tags to add to index.html's head for each preloaded page (its path → tags), from dist/.vite/manifest.json;
 * what the entry already loads is left out. No manifest (a build without one): no tags.
 */
export function preloadTags(distDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return out;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return out;
  }
  const entry = closure(manifest, ['index.html']);
  for (const page of PRELOADED_PAGES) {
    const { js, css } = closure(manifest, page.modules);
    const tags = [
      ...[...js]
        .filter((f) => !entry.js.has(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ...[...css]
        .filter((f) => !entry.css.has(f))
        .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ];
    if (tags.length) out.set(page.path, tags.join(''));
  }
  return out;
}

/**
 * index.html with `tags` at the end of its head and `bodyStart` first in its body. With a `bodyStart` (the login
 * page's HTML form) the stylesheets move from the head to just after it: a stylesheet in the head holds back the
 * first paint of the whole page until it has arrived, one in the body only what follows it — the app's root,
 * which the app's scripts fill after the document (and so its stylesheets) has loaded anyway.
 */
export function withHeadTags(html: Buffer, tags: string, bodyStart = ''): Buffer {
  let text = html.toString('utf8');
  const at = text.indexOf('</head>');
  if (at >= 0 && tags) text = `${text.slice(0, at)}${tags}${text.slice(at)}`;
  const body = /<body[^>]*>/.exec(text);
  if (body && bodyStart) {
    const head = text.slice(0, body.index);
    const sheets = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    const headOut = sheets.reduce((h, tag) => h.replace(tag, ''), head);
    text = `${headOut}${body[0]}${bodyStart}${sheets.join('')}${text.slice(body.index + body[0].length)}`;
  }
  return Buffer.from(text, 'utf8');
}
