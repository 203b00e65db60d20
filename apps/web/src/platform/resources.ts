import type { ResourceNode } from '@aqzrx/contracts';
import { RoleKey } from './contracts.ts';

/** Title of the root route that redirects to the first resource (spec 2.2). */
export const HOME_TITLE = '首页';

/**
 * The server resource list (spec 2.2) turned into route and menu data. Pure functions: the router
 * and the layout build their own objects from these.
 */
export interface ResourceRoute {
  id: number;
  /** `/{resUrl}/{authKey}`, normalised. */
  path: string;
  title: string;
  icon: string;
  hide: boolean;
  isMenu: boolean;
  component: string;
  redirect: string;
  permission: string;
  /** The comma-separated `action` field, split. */
  actions: string[];
  children: ResourceRoute[];
}

export function joinPath(...parts: string[]): string {
  const joined = parts
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .join('/');
  const path = `/${joined}`.replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

export function resourcePath(node: Pick<ResourceNode, 'resUrl' | 'authKey'>): string {
  return joinPath(node.resUrl ?? '', node.authKey ?? '');
}

export function splitActions(action: string | null | undefined): string[] {
  return (action ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function toResourceRoutes(nodes: readonly ResourceNode[] | null | undefined): ResourceRoute[] {
  return (nodes ?? []).map((n) => ({
    id: n.id,
    path: resourcePath(n),
    title: n.name || n.resName || '',
    icon: n.icon ?? '',
    hide: Boolean(n.hide),
    isMenu: n.isMenu !== false,
    component: n.component ?? '',
    redirect: n.redirect ? joinPath(n.redirect) : '',
    permission: n.permission ?? '',
    actions: splitActions(n.action),
    children: toResourceRoutes(n.children),
  }));
}

export function flattenRoutes(tree: readonly ResourceRoute[]): ResourceRoute[] {
  const out: ResourceRoute[] = [];
  const walk = (nodes: readonly ResourceRoute[]) => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Resource components that only group children (menu folders); they never render a screen. */
export const CONTAINER_COMPONENTS: ReadonlySet<string> = new Set([
  '',
  'RouteView',
  'PageView',
  'BlankLayout',
  'BasicLayout',
  'Layout',
]);

export function isGroup(node: ResourceRoute): boolean {
  return node.children.length > 0 && CONTAINER_COMPONENTS.has(node.component);
}

/** Where a node leads when opened: its redirect, else its first child's target, else itself. */
export function targetPath(node: ResourceRoute): string {
  if (node.redirect) return node.redirect;
  if (isGroup(node)) return targetPath(node.children[0]!);
  return node.path;
}

/** Spec 2.2: the first resource is the home redirect under the root route titled 首页. */
export function homePath(tree: readonly ResourceRoute[]): string | null {
  const first = tree[0];
  return first ? targetPath(first) : null;
}

/** Parent chain (root first) of the node whose path is `pathname`; empty when none matches. */
export function findTrail(tree: readonly ResourceRoute[], pathname: string): ResourceRoute[] {
  for (const n of tree) {
    if (n.path === pathname) return [n];
    const sub = findTrail(n.children, pathname);
    if (sub.length > 0) return [n, ...sub];
  }
  return [];
}

export function isComplaintManagement(node: ResourceRoute): boolean {
  return node.permission === 'complaint' || node.title.includes('投诉');
}

/**
 * Spec 6: the last menu item (complaint management) is removed unless the role is government. Only
 * removed when it really is the complaint item, so a server list without it loses nothing. Hidden
 * nodes stay in the tree (flagged) so their pages still select the right menu and breadcrumbs.
 */
export function menuTree(tree: readonly ResourceRoute[], roleKey: string | null): ResourceRoute[] {
  const items = [...tree];
  if (roleKey === RoleKey.GOVERNMENT) return items;
  let lastVisible = -1;
  items.forEach((n, i) => {
    if (isInMenu(n)) lastVisible = i;
  });
  const last = items[lastVisible];
  if (last && isComplaintManagement(last)) items.splice(lastVisible, 1);
  return items;
}

export function isInMenu(node: ResourceRoute): boolean {
  return !node.hide && node.isMenu;
}

/**
 * The complaint page this user opens from the footer (spec 2.6): 新增投诉 of the user's role (the hidden
 * `…ComplaintAdd` resource), else the role's complaint list, if the resource list has one.
 */
export function complaintPath(tree: readonly ResourceRoute[]): string | null {
  const pages = flattenRoutes(tree).filter((n) => isComplaintManagement(n) && n.children.length === 0);
  const hit = pages.find((n) => n.component.endsWith('ComplaintAdd')) ?? pages.find((n) => !n.hide);
  return hit ? hit.path : null;
}
