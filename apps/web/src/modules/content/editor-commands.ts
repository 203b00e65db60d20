/**
 * DOM operations of the rich-text editor, done with the Range API instead of document.execCommand
 * (deprecated, and it writes <b>/<i>/<font> and inline styles differently per browser). The editor's
 * root holds a flat list of blocks: p, h2, h3, blockquote, ul/ol (with li).
 */
import { linkProblem as portalLinkProblem } from '../../platform/contracts.ts';

export type InlineTag = 'strong' | 'em' | 'u';
export type BlockTag = 'p' | 'h2' | 'h3' | 'blockquote';
export type ListTag = 'ul' | 'ol';

const BLOCK_TAGS = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'DIV',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'PRE',
  'TABLE',
  'HR',
  'FIGURE',
]);
const INLINE_ALIASES: Record<InlineTag, string[]> = {
  strong: ['STRONG', 'B'],
  em: ['EM', 'I'],
  u: ['U'],
};

/** The selection's range when it lies inside `root`, else null. */
export function rangeIn(root: HTMLElement): Range | null {
  const sel = root.ownerDocument.defaultView?.getSelection();
  if (!sel || sel.rangeCount === 0) return null;
  const range = sel.getRangeAt(0);
  return root.contains(range.commonAncestorContainer) ? range : null;
}

export function selectRange(root: HTMLElement, range: Range): void {
  const sel = root.ownerDocument.defaultView?.getSelection();
  if (!sel) return;
  sel.removeAllRanges();
  sel.addRange(range);
}

/** Groups loose text and inline nodes directly under the root into paragraphs. */
export function normalizeBlocks(root: HTMLElement): void {
  const doc = root.ownerDocument;
  let para: HTMLElement | null = null;
  for (const node of [...root.childNodes]) {
    const isBlock = node.nodeType === 1 && BLOCK_TAGS.has((node as Element).tagName);
    if (isBlock) {
      para = null;
      continue;
    }
    if (node.nodeType === 3 && !node.textContent?.trim() && !para) {
      node.remove();
      continue;
    }
    if (!para) {
      para = doc.createElement('p');
      root.insertBefore(para, node);
    }
    para.appendChild(node);
  }
  if (root.childNodes.length === 0) {
    const p = doc.createElement('p');
    p.appendChild(doc.createElement('br'));
    root.appendChild(p);
  }
}

/** The top-level block of root that contains `node`. */
function topBlockOf(root: HTMLElement, node: Node): HTMLElement | null {
  let n: Node | null = node;
  while (n && n.parentNode !== root) n = n.parentNode;
  return n && n.nodeType === 1 ? (n as HTMLElement) : null;
}

/** Top-level blocks the range touches, in document order. */
export function blocksInRange(root: HTMLElement, range: Range): HTMLElement[] {
  const start = topBlockOf(
    root,
    range.startContainer === root
      ? (root.childNodes[range.startOffset] ?? root.lastChild ?? root)
      : range.startContainer,
  );
  const endNode =
    range.endContainer === root
      ? (root.childNodes[Math.max(0, range.endOffset - 1)] ?? root.lastChild ?? root)
      : range.endContainer;
  const end = topBlockOf(root, endNode);
  if (!start || !end) return [];
  const out: HTMLElement[] = [];
  let n: Element | null = start;
  while (n) {
    out.push(n as HTMLElement);
    if (n === end) break;
    n = n.nextElementSibling;
  }
  return out;
}

function renameElement(el: HTMLElement, tag: string): HTMLElement {
  const next = el.ownerDocument.createElement(tag);
  while (el.firstChild) next.appendChild(el.firstChild);
  el.replaceWith(next);
  return next;
}

function closestInRoot(root: HTMLElement, node: Node, tags: string[]): HTMLElement | null {
  let n: Node | null = node;
  while (n && n !== root) {
    if (n.nodeType === 1 && tags.includes((n as Element).tagName)) return n as HTMLElement;
    n = n.parentNode;
  }
  return null;
}

function unwrap(el: HTMLElement): void {
  el.replaceWith(...el.childNodes);
}

/**
 * Bold/italic/underline over the selection: when the selection already sits inside that format it is
 * removed, otherwise the selected text is wrapped. Returns false when nothing was selected.
 */
export function toggleInline(root: HTMLElement, tag: InlineTag): boolean {
  const range = rangeIn(root);
  if (!range || range.collapsed) return false;
  const tags = INLINE_ALIASES[tag];
  const startFmt = closestInRoot(root, range.startContainer, tags);
  const endFmt = closestInRoot(root, range.endContainer, tags);
  if (startFmt && startFmt === endFmt) {
    unwrap(startFmt);
    return true;
  }
  const doc = root.ownerDocument;
  const blocks = blocksInRange(root, range);
  const wrapped: HTMLElement[] = [];
  if (blocks.length <= 1) {
    const el = doc.createElement(tag);
    el.appendChild(range.extractContents());
    // Formats of the same kind inside become redundant.
    for (const inner of [...el.querySelectorAll(tags.join(',').toLowerCase())]) unwrap(inner as HTMLElement);
    range.insertNode(el);
    wrapped.push(el);
  } else {
    // Across blocks: wrap the selected part of each block (or of each list item) separately.
    const targets = blocks.flatMap((b) => (b.tagName === 'UL' || b.tagName === 'OL' ? [...b.children] : [b]));
    for (const t of targets) {
      const part = doc.createRange();
      part.selectNodeContents(t);
      if (part.compareBoundaryPoints(Range.START_TO_START, range) < 0)
        part.setStart(range.startContainer, range.startOffset);
      if (part.compareBoundaryPoints(Range.END_TO_END, range) > 0)
        part.setEnd(range.endContainer, range.endOffset);
      if (part.collapsed || !part.toString()) continue;
      const el = doc.createElement(tag);
      el.appendChild(part.extractContents());
      part.insertNode(el);
      wrapped.push(el);
    }
  }
  if (wrapped.length > 0) {
    const sel = doc.createRange();
    sel.setStartBefore(wrapped[0]!);
    sel.setEndAfter(wrapped[wrapped.length - 1]!);
    selectRange(root, sel);
  }
  return true;
}

/** Turns the blocks of the selection into headings, paragraphs or quotes (list items included). */
export function setBlock(root: HTMLElement, tag: BlockTag): boolean {
  normalizeBlocks(root);
  const range = rangeIn(root);
  if (!range) return false;
  const blocks = blocksInRange(root, range);
  for (const b of blocks) {
    if (b.tagName === 'UL' || b.tagName === 'OL') {
      for (const li of [...b.children]) {
        const el = b.ownerDocument.createElement(tag);
        while (li.firstChild) el.appendChild(li.firstChild);
        b.parentNode?.insertBefore(el, b);
      }
      b.remove();
    } else if (b.tagName.toLowerCase() !== tag) {
      renameElement(b, tag);
    } else if (tag !== 'p') {
      // The same heading again switches back to a paragraph.
      renameElement(b, 'p');
    }
  }
  return blocks.length > 0;
}

/** Bulleted or numbered list over the selected blocks; the same list again turns it back into paragraphs. */
export function toggleList(root: HTMLElement, tag: ListTag): boolean {
  normalizeBlocks(root);
  const range = rangeIn(root);
  if (!range) return false;
  const blocks = blocksInRange(root, range);
  if (blocks.length === 0) return false;
  const doc = root.ownerDocument;
  const upper = tag.toUpperCase();
  if (blocks.every((b) => b.tagName === upper)) {
    for (const b of blocks) {
      for (const li of [...b.children]) {
        const p = doc.createElement('p');
        while (li.firstChild) p.appendChild(li.firstChild);
        b.parentNode?.insertBefore(p, b);
      }
      b.remove();
    }
    return true;
  }
  const list = doc.createElement(tag);
  blocks[0]!.parentNode?.insertBefore(list, blocks[0]!);
  for (const b of blocks) {
    if (b.tagName === 'UL' || b.tagName === 'OL') {
      while (b.firstChild) list.appendChild(b.firstChild);
    } else {
      const li = doc.createElement('li');
      while (b.firstChild) li.appendChild(b.firstChild);
      list.appendChild(li);
    }
    b.remove();
  }
  return true;
}

/** Removes bold, italic, underline, links and spans inside the selection. */
export function clearFormat(root: HTMLElement): boolean {
  const range = rangeIn(root);
  if (!range) return false;
  const inline = ['STRONG', 'B', 'EM', 'I', 'U', 'A', 'SPAN', 'FONT', 'S', 'SUB', 'SUP'];
  for (const b of blocksInRange(root, range)) {
    for (const el of [...b.querySelectorAll('*')]) {
      if (inline.includes(el.tagName) && range.intersectsNode(el)) unwrap(el as HTMLElement);
      else el.removeAttribute('style');
    }
    b.removeAttribute('style');
  }
  return true;
}

/**
 * Links may point to a site path, an http(s) address on the allow-list (the portal's links rule, contracts'
 * links.ts) or an e-mail address.
 */
export function linkProblem(raw: string): string | null {
  const url = raw.trim();
  if (!url) return '请输入链接地址';
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(url)) return null;
  return portalLinkProblem(url);
}

/** Puts a link on the range's text, or inserts the address as a link where the caret is. */
export function insertLink(
  root: HTMLElement,
  range: Range | null,
  url: string,
  text?: string,
): HTMLAnchorElement {
  const doc = root.ownerDocument;
  const a = doc.createElement('a');
  a.setAttribute('href', url.trim());
  if (/^https?:/i.test(url.trim())) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  const r = range && root.contains(range.commonAncestorContainer) ? range : null;
  if (r && !r.collapsed) {
    const frag = r.extractContents();
    for (const old of [...frag.querySelectorAll('a')]) unwrap(old as HTMLElement);
    a.appendChild(frag);
    r.insertNode(a);
  } else {
    a.textContent = text?.trim() || url.trim();
    insertNode(root, r, a);
  }
  return a;
}

/** Inserts a node at the range (or at the end of the last block). */
export function insertNode(root: HTMLElement, range: Range | null, node: Node): void {
  normalizeBlocks(root);
  if (range && root.contains(range.commonAncestorContainer) && range.startContainer !== root) {
    range.deleteContents();
    range.insertNode(node);
  } else {
    const last = root.lastElementChild as HTMLElement;
    if (last.tagName === 'UL' || last.tagName === 'OL') (last.lastElementChild ?? last).appendChild(node);
    else last.appendChild(node);
  }
  const after = root.ownerDocument.createRange();
  after.setStartAfter(node);
  after.collapse(true);
  selectRange(root, after);
}

/** The element's HTML as stored: images show a local preview while editing and keep their address in data-src. */
export function serialize(root: HTMLElement): string {
  const clone = root.cloneNode(true) as HTMLElement;
  for (const img of [...clone.querySelectorAll('img[data-src]')]) {
    img.setAttribute('src', img.getAttribute('data-src') ?? '');
    img.removeAttribute('data-src');
  }
  const text = (clone.textContent ?? '').replace(/\u00a0/g, ' ').trim();
  if (!text && !clone.querySelector('img')) return '';
  return clone.innerHTML;
}

/** Plain text of an HTML body (for counting characters like the server does). */
export function htmlText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
