import type { ResourceNode, RoleGrant } from '@aqzrx/contracts';
import { splitActions } from '../../platform/resources.ts';

/**
 * The tick logic of the role editor, kept pure so it can be tested without rendering.
 *
 * A role's grants are a map resourceId → actions held. Rules:
 * - Ticking a resource grants it every action it offers, and does the same for everything under it;
 *   unticking removes it and everything under it.
 * - Ticking an action of an unticked resource ticks the resource; unticking its last action unticks it.
 * - A menu folder is part of the role exactly when something under it is.
 * - Companion pages (hidden add/edit/detail routes next to a list with the same permission) follow the
 *   list: they hold the actions they offer that the list holds, and are absent when that is none. So
 *   a role given 用户管理 with query+export gets the detail page for query, but never the add page
 *   (which would grant user.add).
 */

export type Grants = ReadonlyMap<number, readonly string[]>;

export interface IndexedNode {
  node: ResourceNode;
  id: number;
  parentId: number | null;
  offered: string[];
  children: number[];
  /** The visible list page this hidden companion follows, if any. */
  leader: number | null;
  /** Hidden companions that follow this page. */
  companions: number[];
}

export interface TreeIndex {
  byId: Map<number, IndexedNode>;
  roots: number[];
  /** Depth-first order (parents before children). */
  order: number[];
}

export function indexTree(tree: readonly ResourceNode[]): TreeIndex {
  const byId = new Map<number, IndexedNode>();
  const order: number[] = [];
  const walk = (nodes: readonly ResourceNode[], parentId: number | null) => {
    for (const n of nodes) {
      byId.set(n.id, {
        node: n,
        id: n.id,
        parentId,
        offered: splitActions(n.action),
        children: (n.children ?? []).map((c) => c.id),
        leader: null,
        companions: [],
      });
      order.push(n.id);
      walk(n.children ?? [], n.id);
    }
  };
  walk(tree, null);
  // Companions: hidden menu routes whose visible sibling carries the same permission.
  const siblingsOf = (parentId: number | null) =>
    parentId === null ? tree.map((n) => n.id) : (byId.get(parentId)?.children ?? []);
  for (const item of byId.values()) {
    const n = item.node;
    if (!n.hide || n.isMenu === false || !n.permission || item.children.length > 0) continue;
    const leader = siblingsOf(item.parentId)
      .map((id) => byId.get(id)!)
      .find(
        (s) =>
          s.id !== item.id &&
          !s.node.hide &&
          s.node.isMenu !== false &&
          s.node.permission === n.permission &&
          s.children.length === 0 &&
          s.offered.length > 0,
      );
    if (leader) {
      item.leader = leader.id;
      leader.companions.push(item.id);
    }
  }
  return { byId, roots: tree.map((n) => n.id), order };
}

function copy(g: Grants): Map<number, string[]> {
  return new Map([...g].map(([k, v]) => [k, [...v]]));
}

export function grantsFrom(list: readonly RoleGrant[] | undefined): Map<number, string[]> {
  return new Map((list ?? []).map((g) => [g.resourceId, [...g.actions]]));
}

function descendants(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  const walk = (i: number) => {
    for (const c of index.byId.get(i)?.children ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(id);
  return out;
}

/** Actions in the order the resource offers them. */
function ordered(item: IndexedNode, actions: Iterable<string>): string[] {
  const set = new Set(actions);
  return item.offered.filter((a) => set.has(a));
}

/** Re-derives companions and folders from the rest; drops resources the tree does not know. */
export function normalize(index: TreeIndex, grants: Grants): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [id, actions] of grants) {
    const item = index.byId.get(id);
    if (!item || item.leader !== null) continue;
    if (item.children.length > 0 && item.offered.length === 0) continue; // folders: derived below
    out.set(id, ordered(item, actions));
  }
  for (const item of index.byId.values()) {
    if (item.leader === null) continue;
    const lead = out.get(item.leader);
    if (!lead) continue;
    const held = ordered(item, lead);
    if (held.length > 0) out.set(item.id, held);
  }
  // Folders (and parents) present when anything under them is: children before parents.
  for (const id of [...index.order].reverse()) {
    const item = index.byId.get(id)!;
    if (item.children.length === 0 || out.has(id)) continue;
    if (item.children.some((c) => out.has(c))) out.set(id, []);
  }
  return out;
}

/** Ticks or unticks a resource and everything under it. */
export function toggleResource(
  index: TreeIndex,
  grants: Grants,
  id: number,
  checked: boolean,
): Map<number, string[]> {
  const next = copy(grants);
  for (const i of [id, ...descendants(index, id)]) {
    const item = index.byId.get(i);
    if (!item || item.leader !== null) continue;
    if (checked) next.set(i, [...item.offered]);
    else next.delete(i);
  }
  if (!checked) {
    // An unticked page takes its companions with it; a folder left empty goes too (normalize).
    for (const c of index.byId.get(id)?.companions ?? []) next.delete(c);
  }
  return normalize(index, next);
}

/** Ticks or unticks one action of a resource. */
export function toggleAction(
  index: TreeIndex,
  grants: Grants,
  id: number,
  action: string,
  checked: boolean,
): Map<number, string[]> {
  const item = index.byId.get(id);
  if (!item || item.leader !== null || !item.offered.includes(action)) return copy(grants);
  const next = copy(grants);
  const set = new Set(next.get(id) ?? []);
  if (checked) set.add(action);
  else set.delete(action);
  if (set.size === 0) next.delete(id);
  else next.set(id, ordered(item, set));
  return normalize(index, next);
}

export type TickState = 'checked' | 'indeterminate' | 'unchecked';

/** A leaf is ticked when held; a folder by how many of the pages under it are held. */
export function tickState(index: TreeIndex, grants: Grants, id: number): TickState {
  const item = index.byId.get(id);
  if (!item) return 'unchecked';
  if (item.children.length === 0) return grants.has(id) ? 'checked' : 'unchecked';
  const pages = descendants(index, id).filter((d) => {
    const it = index.byId.get(d)!;
    return it.children.length === 0 && it.leader === null;
  });
  if (item.offered.length > 0) pages.push(id);
  const held = pages.filter((p) => grants.has(p)).length;
  if (held === 0) return grants.has(id) ? 'indeterminate' : 'unchecked';
  return held === pages.length ? 'checked' : 'indeterminate';
}

/** Ticks several roots at once (a section of the editor). */
export function toggleMany(index: TreeIndex, grants: Grants, ids: readonly number[], checked: boolean) {
  let g = copy(grants);
  for (const id of ids) g = toggleResource(index, g, id, checked);
  return g;
}

export function sectionState(index: TreeIndex, grants: Grants, ids: readonly number[]): TickState {
  const states = ids.map((id) => tickState(index, grants, id));
  if (states.every((s) => s === 'checked')) return 'checked';
  if (states.every((s) => s === 'unchecked')) return 'unchecked';
  return 'indeterminate';
}

/** The save body's resources, in resource id order. */
export function toRoleGrants(grants: Grants): RoleGrant[] {
  return [...grants.entries()]
    .sort(([a], [b]) => a - b)
    .map(([resourceId, actions]) => ({ resourceId, actions: [...actions] }));
}

/** Ids to show for a filter text: matching nodes plus their ancestors (null: show everything). */
export function matchingIds(index: TreeIndex, text: string): Set<number> | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  const out = new Set<number>();
  for (const item of index.byId.values()) {
    const n = item.node;
    const hay = `${n.name} ${n.resName} ${n.resUrl}/${n.authKey} ${n.component}`.toLowerCase();
    if (!hay.includes(t)) continue;
    for (let i: number | null = item.id; i !== null; i = index.byId.get(i)?.parentId ?? null) out.add(i);
    for (const d of descendants(index, item.id)) out.add(d);
  }
  return out;
}

/** Terminal sections of the editor: the first path segment of each root names whose menus they are. */
export const SECTION_NAMES: Record<string, string> = {
  admin: '运营中心',
  government: '政府监管端',
  ent: '企业端',
  insurance: '保险机构端',
  service: '服务机构端',
  expert: '专家端',
  'user-center': '普通用户',
  'tech-center': '技术用户',
};

export interface Section {
  key: string;
  title: string;
  roots: number[];
}

export function sectionsOf(index: TreeIndex): Section[] {
  const map = new Map<string, Section>();
  for (const id of index.roots) {
    const n = index.byId.get(id)!.node;
    const seg = `${n.resUrl}/${n.authKey}`.replace(/^\/+/, '').split('/')[0] ?? '';
    const key = seg || 'other';
    const s = map.get(key) ?? { key, title: SECTION_NAMES[key] ?? `其他（${key}）`, roots: [] };
    s.roots.push(id);
    map.set(key, s);
  }
  return [...map.values()];
}
