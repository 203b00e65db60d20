import { isSitePath } from '@aqzrx/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text that administrators write (articles, notices, rules, single pages) is cleaned on the
 * server with an allow-list before it is stored, so the portal can render it as HTML. Anything not
 * listed here is dropped: no script/style/iframe/object/svg/form elements, no on* handlers, no
 * javascript:/vbscript:/data: URLs (except data:image/png|jpeg|gif|webp on <img>), and inline styles
 * only for a few typographic properties with plain values (so no expression(), url() or behaviour).
 * Plain-text fields (consultations, messages, complaints) are never run through this: they are stored
 * verbatim and escaped when displayed (security.md V04).
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'small',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)?$/];
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [/^(left|right|center|justify)$/],
  'text-indent': LENGTH,
  'font-size': LENGTH,
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'text-decoration': [/^(none|underline|line-through)$/],
  'line-height': LENGTH,
  'margin-left': LENGTH,
  'padding-left': LENGTH,
  width: LENGTH,
  height: LENGTH,
  'vertical-align': [/^(top|middle|bottom|baseline)$/],
};
const STYLED = [
  'p',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'td',
  'th',
  'table',
  'img',
  'blockquote',
];

/** Adds `style` to the attributes of the tags that may carry inline styles. */
function withStyle(attrs: Record<string, string[]>): Record<string, string[]> {
  const out = { ...attrs };
  for (const t of STYLED) out[t] = [...(out[t] ?? []), 'style'];
  return out;
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/]+=*$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: withStyle({
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'scope'],
    col: ['span', 'width'],
    colgroup: ['span'],
    ol: ['start', 'type'],
    table: ['border', 'cellpadding', 'cellspacing'],
    '*': ['class'],
  }),
  allowedClasses: { '*': ['ql-*', 'align-*', 'indent-*'] },
  allowedStyles: Object.fromEntries(STYLED.map((t) => [t, ALLOWED_STYLES])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the element, not kept as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'noembed',
    'xmp',
    'svg',
    'math',
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      // A path browsers resolve to another site (`/\\evil.example`, `/\t/evil.example`) is no site path.
      const href = (out.href ?? '').trim();
      if (href.startsWith('/') && !isSitePath(href)) delete out.href;
      if (out.target !== undefined && out.target !== '_blank' && out.target !== '_self') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      const src = (out.src ?? '').trim();
      // data: only for raster images; anything else (svg, html) loses its source.
      if (/^data:/i.test(src) && !SAFE_DATA_IMAGE.test(src)) delete out.src;
      return { tagName, attribs: out };
    },
  },
  // An <img> left without a source is noise; drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Cleans rich text against the allow-list. Idempotent: cleaning clean HTML changes nothing. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of (already sanitised) HTML, for search and for length checks. */
export function htmlToText(html: string): string {
  const spaced = html.replace(
    /<(br|hr)\b[^>]*>|<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre|dt|dd|figcaption|caption)\s*>/gi,
    ' ',
  );
  const stripped = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags ?? [],
  });
  return stripped
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code =
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** File ids referenced by the platform's own file URLs in a body (/api/file/<id>, /api/public/file/<id>). */
export function referencedFileIds(html: string): string[] {
  const ids = new Set<string>();
  for (const m of html.matchAll(
    /\/api\/(?:public\/)?file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi,
  )) {
    ids.add(m[1]!.toLowerCase());
  }
  return [...ids];
}
