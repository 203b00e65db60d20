import type { ResourceNode } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import {
  complaintPath,
  findTrail,
  homePath,
  joinPath,
  menuTree,
  resourcePath,
  splitActions,
  toResourceRoutes,
} from './resources.ts';

function node(
  p: Partial<ResourceNode> & { id: number; resUrl: string; authKey: string; name: string },
): ResourceNode {
  return {
    resName: '',
    icon: '',
    permission: '',
    level: 1,
    action: '',
    isMenu: true,
    hide: false,
    redirect: '',
    component: '',
    children: [],
    ...p,
  };
}

const GOV: ResourceNode[] = [
  node({
    id: 1,
    resUrl: 'government',
    authKey: 'govAp',
    name: '事故预防',
    component: 'RouteView',
    children: [
      node({
        id: 2,
        resUrl: 'government/govAp/GovernmentAp',
        authKey: 'route',
        name: '事故预防监管',
        component: 'GovernmentAp',
        permission: 'ap',
        action: 'query, get,export',
      }),
      node({
        id: 3,
        resUrl: 'government/govAp/GovApDetail',
        authKey: 'route',
        name: '服务详情',
        component: 'GovApDetail',
        hide: true,
      }),
    ],
  }),
  node({
    id: 9,
    resUrl: 'government',
    authKey: 'govComplaint',
    name: '投诉管理',
    component: 'RouteView',
    permission: 'complaint',
    children: [
      node({
        id: 10,
        resUrl: 'government/govComplaint/GovComplaint',
        authKey: 'route',
        name: '投诉管理',
        component: 'GovComplaint',
        permission: 'complaint',
      }),
    ],
  }),
];

describe('resources (spec 2.2)', () => {
  it('paths are /{resUrl}/{authKey}, normalised', () => {
    expect(resourcePath({ resUrl: 'ent', authKey: 'EntInfoEdit' })).toBe('/ent/EntInfoEdit');
    expect(resourcePath({ resUrl: '/ent/', authKey: '/x' })).toBe('/ent/x');
    expect(resourcePath({ resUrl: '', authKey: 'index' })).toBe('/index');
    expect(joinPath('', '')).toBe('/');
  });

  it('splits the comma-separated actions', () => {
    expect(splitActions('query, get,export')).toEqual(['query', 'get', 'export']);
    expect(splitActions('')).toEqual([]);
  });

  it('the first resource is home (its first child when it only groups)', () => {
    const tree = toResourceRoutes(GOV);
    expect(homePath(tree)).toBe('/government/govAp/GovernmentAp/route');
    expect(homePath([])).toBeNull();
    expect(
      homePath(toResourceRoutes([node({ id: 1, resUrl: 'a', authKey: 'b', name: 'x', redirect: '/a/c' })])),
    ).toBe('/a/c');
  });

  it('finds the breadcrumb trail, hidden pages included', () => {
    const trail = findTrail(toResourceRoutes(GOV), '/government/govAp/GovApDetail/route');
    expect(trail.map((n) => n.title)).toEqual(['事故预防', '服务详情']);
  });

  it('keeps the complaint item only for government (spec 6)', () => {
    const tree = toResourceRoutes(GOV);
    expect(menuTree(tree, 'ROLE_GOVERNMENT').map((n) => n.title)).toEqual(['事故预防', '投诉管理']);
    expect(menuTree(tree, 'ROLE_ENT').map((n) => n.title)).toEqual(['事故预防']);
    expect(menuTree(tree, null).map((n) => n.title)).toEqual(['事故预防']);
  });

  it('does not drop a last item that is not complaint management', () => {
    const tree = toResourceRoutes([GOV[0]!]);
    expect(menuTree(tree, 'ROLE_ENT').map((n) => n.title)).toEqual(['事故预防']);
  });

  it('finds the complaint page for the footer link', () => {
    expect(complaintPath(toResourceRoutes(GOV))).toBe('/government/govComplaint/GovComplaint/route');
    expect(complaintPath(toResourceRoutes([GOV[0]!]))).toBeNull();
  });

  it('the footer link opens 新增投诉 of the role when it has one (spec 2.6)', () => {
    const center = node({
      id: 20,
      resUrl: 'ent',
      authKey: 'center',
      name: '企业中心',
      component: 'RouteView',
      children: [
        node({
          id: 21,
          resUrl: 'ent/center/EntComplaint',
          authKey: 'route',
          name: '我的投诉',
          component: 'EntComplaint',
          permission: 'complaint',
        }),
        node({
          id: 22,
          resUrl: 'ent/center/EntComplaintAdd',
          authKey: 'route',
          name: '新增投诉',
          component: 'EntComplaintAdd',
          permission: 'complaint',
          hide: true,
        }),
      ],
    });
    expect(complaintPath(toResourceRoutes([GOV[0]!, center]))).toBe('/ent/center/EntComplaintAdd/route');
    // Without the add page the list is opened.
    const listOnly = { ...center, children: [center.children[0]!] };
    expect(complaintPath(toResourceRoutes([listOnly]))).toBe('/ent/center/EntComplaint/route');
  });
});
