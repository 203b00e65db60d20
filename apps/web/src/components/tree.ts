/** Pure tree and list helpers of the configuration screens (resource, dictionary and industry trees). */

export interface TreeLike<T> {
  children: T[];
}

/** Depth-first search by predicate. */
export function findNode<T extends TreeLike<T>>(nodes: readonly T[], pred: (n: T) => boolean): T | undefined {
  for (const n of nodes) {
    if (pred(n)) return n;
    const hit = findNode(n.children, pred);
    if (hit) return hit;
  }
  return undefined;
}

/** The nodes from a root down to the matching node (empty when absent). */
export function pathTo<T extends TreeLike<T>>(nodes: readonly T[], pred: (n: T) => boolean): T[] {
  for (const n of nodes) {
    if (pred(n)) return [n];
    const sub = pathTo(n.children, pred);
    if (sub.length) return [n, ...sub];
  }
  return [];
}

/** Every node in depth-first order. */
export function flatten<T extends TreeLike<T>>(nodes: readonly T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The ids of a node and all its descendants. */
export function subtreeIds<T extends TreeLike<T> & { id: number }>(node: T): number[] {
  return [node.id, ...node.children.flatMap((c) => subtreeIds(c))];
}

/**
 * Keeps the nodes that match and the ancestors leading to them; a matching node keeps its whole
 * subtree (so the admin sees what lies under a found category). Empty text keeps everything.
 */
export function filterTree<T extends TreeLike<T>>(nodes: readonly T[], matches: (n: T) => boolean): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    if (matches(n)) {
      out.push(n);
      continue;
    }
    const kids = filterTree(n.children, matches);
    if (kids.length) out.push({ ...n, children: kids });
  }
  return out;
}

/** Case-insensitive text match on the given fields. */
export function textMatcher<T>(text: string, fields: (n: T) => string[]): (n: T) => boolean {
  const q = text.trim().toLowerCase();
  return (n) => q === '' || fields(n).some((f) => f.toLowerCase().includes(q));
}

/**
 * A role's view of the resource tree: the resources it holds a grant on, with the granted actions;
 * ungranted ancestors of granted nodes are kept (marked `granted: false`) so the tree stays whole.
 */
export function grantedTree<T extends TreeLike<T> & { id: number }>(
  nodes: readonly T[],
  grants: ReadonlyMap<number, readonly string[]>,
): Array<T & { granted: boolean; grantedActions: string[] }> {
  type G = T & { granted: boolean; grantedActions: string[] };
  const out: G[] = [];
  for (const n of nodes) {
    const kids = grantedTree(n.children, grants) as unknown as T[];
    const actions = grants.get(n.id);
    if (actions || kids.length) {
      out.push({
        ...n,
        children: kids,
        granted: actions !== undefined,
        grantedActions: [...(actions ?? [])],
      });
    }
  }
  return out;
}

/** The ids in a new order after moving `id` one place up (-1) or down (+1); null at either end. */
export function moveInOrder(ids: readonly number[], id: number, delta: -1 | 1): number[] | null {
  const i = ids.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= ids.length) return null;
  const next = [...ids];
  next[i] = ids[j]!;
  next[j] = id;
  return next;
}

/** The siblings of a node (same parent), in display order. */
export function siblingsOf<T extends TreeLike<T> & { id: number }>(
  roots: readonly T[],
  id: number,
): { parent: T | null; siblings: readonly T[] } | null {
  if (roots.some((r) => r.id === id)) return { parent: null, siblings: roots };
  const path = pathTo(roots, (n) => n.id === id);
  if (path.length < 2) return null;
  const parent = path[path.length - 2]!;
  return { parent, siblings: parent.children };
}

/**
 * Two-sided selection: moving keys from one side to the other. Returns the entries to send (those of
 * `keys` found on the source side) and the new lists, source order kept and the target sorted.
 */
export function transferEntries<T>(
  from: readonly T[],
  to: readonly T[],
  keys: readonly string[],
  keyOf: (e: T) => string,
  compare: (a: T, b: T) => number,
): { moved: T[]; from: T[]; to: T[] } {
  const wanted = new Set(keys);
  const moved = from.filter((e) => wanted.has(keyOf(e)));
  const movedKeys = new Set(moved.map(keyOf));
  return {
    moved,
    from: from.filter((e) => !movedKeys.has(keyOf(e))),
    to: [...to.filter((e) => !movedKeys.has(keyOf(e))), ...moved].sort(compare),
  };
}

/** The key of an API entry in the two-sided selection. */
export const apiKey = (a: { method: string; url: string }) => `${a.method} ${a.url}`;
export const byApiUrl = (a: { method: string; url: string }, b: { method: string; url: string }) =>
  a.url.localeCompare(b.url) || a.method.localeCompare(b.method);

/** The module part of an API path, for grouping and filtering: /api/dict/add -> dict. */
export function apiModule(url: string): string {
  const parts = url.split('/').filter(Boolean);
  if (parts[0] !== 'api') return '';
  return parts[1] === 'manage' || parts[1] === 'sys' ? `${parts[1]}/${parts[2] ?? ''}` : (parts[1] ?? '');
}

/**
 * A suggested code for a new child: the parent code plus the next two-digit number after the highest
 * child that follows that pattern (032 with 03201..03220 -> 03221). Empty when 99 is taken.
 */
export function nextChildCode(parentCode: string, siblingCodes: readonly string[]): string {
  let max = 0;
  for (const c of siblingCodes) {
    if (!c.startsWith(parentCode)) continue;
    const rest = c.slice(parentCode.length);
    if (/^\d{2}$/.test(rest)) max = Math.max(max, Number(rest));
  }
  if (max >= 99) return '';
  return `${parentCode}${String(max + 1).padStart(2, '0')}`;
}

/** A suggested code for a new dictionary category: the next three-digit number (…051 -> 052). */
export function nextCategoryCode(codes: readonly string[]): string {
  const nums = codes.filter((c) => /^\d{3}$/.test(c)).map(Number);
  const next = (nums.length ? Math.max(...nums) : 31) + 1;
  return next > 999 ? '' : String(next).padStart(3, '0');
}
