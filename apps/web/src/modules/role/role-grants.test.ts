import { describe, expect, it } from 'vitest';
import { ALL, TREE } from './role-grants.fixture.ts';
import {
  grantsFrom,
  indexTree,
  matchingIds,
  normalize,
  sectionsOf,
  tickState,
  toggleAction,
  toggleMany,
  toggleResource,
  toRoleGrants,
} from './role-grants.ts';

const index = indexTree(TREE);
const empty = new Map<number, string[]>();
const asObject = (g: ReadonlyMap<number, readonly string[]>) =>
  Object.fromEntries([...g].sort(([a], [b]) => a - b).map(([k, v]) => [k, [...v]]));

describe('role editor tick logic', () => {
  it('finds the hidden companions of a list page (same permission, same folder)', () => {
    expect(index.byId.get(2)!.companions).toEqual([3, 4, 5]);
    expect(index.byId.get(3)!.leader).toBe(2);
    // A grant-only node (isMenu false) and another permission are independent.
    expect(index.byId.get(6)!.leader).toBeNull();
    expect(index.byId.get(7)!.leader).toBeNull();
  });

  it('ticking a page grants every action it offers, its companions and its folder', () => {
    const g = toggleResource(index, empty, 2, true);
    expect(asObject(g)).toEqual({
      1: [],
      2: ALL.split(','),
      3: ['add'],
      4: ['edit'],
      5: ['query', 'get'],
    });
  });

  it('companions follow the actions of the list: query+export gives the detail page, never the add page', () => {
    let g = toggleAction(index, empty, 2, 'query', true);
    g = toggleAction(index, g, 2, 'export', true);
    expect(asObject(g)).toEqual({ 1: [], 2: ['query', 'export'], 5: ['query'] });
    // Removing export keeps query; the detail page stays.
    g = toggleAction(index, g, 2, 'export', false);
    expect(asObject(g)).toEqual({ 1: [], 2: ['query'], 5: ['query'] });
  });

  it('unticking an action removes companions that only needed it', () => {
    const all = toggleResource(index, empty, 2, true);
    const g = toggleAction(index, all, 2, 'add', false);
    expect(g.has(3)).toBe(false);
    expect(g.get(2)).not.toContain('add');
    expect(g.get(4)).toEqual(['edit']);
  });

  it('unticking the last action unticks the page, its companions and an emptied folder', () => {
    const one = toggleAction(index, empty, 2, 'query', true);
    const none = toggleAction(index, one, 2, 'query', false);
    expect(asObject(none)).toEqual({});
  });

  it('companions cannot be ticked on their own', () => {
    expect(asObject(toggleAction(index, empty, 3, 'add', true))).toEqual({});
    expect(asObject(toggleResource(index, empty, 3, true))).toEqual({});
  });

  it('an action the resource does not offer is ignored', () => {
    expect(asObject(toggleAction(index, empty, 11, 'delete', true))).toEqual({});
  });

  it('ticking a folder ticks every page under it; unticking clears them', () => {
    const g = toggleResource(index, empty, 1, true);
    expect([...g.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(g.get(6)).toEqual(['get', 'export']);
    expect(tickState(index, g, 1)).toBe('checked');
    expect(asObject(toggleResource(index, g, 1, false))).toEqual({});
  });

  it('a folder shows indeterminate while only some pages are held', () => {
    const g = toggleResource(index, empty, 7, true);
    expect(tickState(index, g, 1)).toBe('indeterminate');
    expect(tickState(index, g, 7)).toBe('checked');
    expect(tickState(index, g, 10)).toBe('unchecked');
  });

  it('normalize drops unknown resources, re-derives companions and folders from stored grants', () => {
    const stored = grantsFrom([
      { resourceId: 2, actions: ['export', 'query'] },
      { resourceId: 3, actions: ['add'] }, // stale: the list no longer holds add
      { resourceId: 999, actions: ['query'] },
    ]);
    expect(asObject(normalize(index, stored))).toEqual({ 1: [], 2: ['query', 'export'], 5: ['query'] });
  });

  it('the save body lists resources in id order with their actions', () => {
    const g = toggleMany(index, empty, [7, 11], true);
    expect(toRoleGrants(g)).toEqual([
      { resourceId: 1, actions: [] },
      { resourceId: 7, actions: ['add', 'delete', 'edit', 'query', 'get'] },
      { resourceId: 10, actions: [] },
      { resourceId: 11, actions: ['query', 'export'] },
    ]);
  });

  it('filters by name, path or component, keeping ancestors', () => {
    const ids = matchingIds(index, 'UserSearch');
    expect(ids && [...ids].sort((a, b) => a - b)).toEqual([1, 2]);
    expect(matchingIds(index, '  ')).toBeNull();
    expect(matchingIds(index, '不存在')?.size).toBe(0);
  });

  it('groups the roots into sections by the role their paths belong to', () => {
    expect(sectionsOf(index).map((s) => [s.title, s.roots])).toEqual([
      ['运营中心', [1, 10]],
      ['政府监管端', [20]],
    ]);
  });
});
