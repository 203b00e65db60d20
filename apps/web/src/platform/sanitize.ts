/**
 * Allow-list HTML cleaning for rich text from the server (notices, single pages). The server already
 * sanitises on save; this second pass keeps the page safe even if stored content predates that.
 */

import { isSitePath } from './contracts.ts';

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);
const ALLOWED_ATTRS: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'title', 'target']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'align']),
  th: new Set(['colspan', 'rowspan', 'align']),
  col: new Set(['span', 'width']),
  p: new Set(['align']),
};

export function isSafeUrl(url: string, kind: 'href' | 'src'): boolean {
  const u = url.trim();
  if (u.startsWith('/')) return isSitePath(u);
  if (/^https?:\/\//i.test(u)) return true;
  if (kind === 'href' && /^mailto:/i.test(u)) return true;
  if (kind === 'src' && /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(u)) return true;
  return false;
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ALLOWED_ATTRS[tag];
    for (const attr of [...child.attributes]) {
      const name = attr.name.toLowerCase();
      if (!allowed?.has(name)) {
        child.removeAttribute(attr.name);
        continue;
      }
      if ((name === 'href' || name === 'src') && !isSafeUrl(attr.value, name))
        child.removeAttribute(attr.name);
    }
    if (tag === 'a') {
      if (child.getAttribute('target') === '_blank') child.setAttribute('rel', 'noopener noreferrer');
      else child.removeAttribute('target');
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
