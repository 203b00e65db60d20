import type { ResourceNode } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import { asHandle } from '../platform/route-handle.ts';
import { buildDynamicRoutes } from './dynamic-routes.tsx';

function node(
  p: Partial<ResourceNode> & { id: number; resUrl: string; authKey: string; name: string },
): ResourceNode {
  return {
    resName: '',
    icon: '',
    permission: 'ap',
    level: 1,
    action: 'query',
    isMenu: true,
    hide: false,
    redirect: '',
    component: '',
    children: [],
    ...p,
  };
}

const tree: ResourceNode[] = [
  node({
    id: 1,
    resUrl: 'ent',
    authKey: 'ap',
    name: '事故预防',
    component: 'RouteView',
    children: [
      node({ id: 2, resUrl: 'ent/EntAPQuery', authKey: 'route', name: '预防服务', component: 'EntAPQuery' }),
    ],
  }),
  node({ id: 3, resUrl: 'ent', authKey: 'EntInfoEdit', name: '企业信息', component: 'EntInfoEdit' }),
  node({ id: 4, resUrl: 'ent', authKey: 'EntAPQuery/route', name: '重复', component: 'EntAPQuery' }),
  // A component name no screen is registered for (a page the server seeds before the web builds it).
  node({ id: 5, resUrl: 'ent', authKey: 'EntNotYetBuilt', name: '未开发', component: 'EntNotYetBuilt' }),
];

describe('dynamic routes (spec 2.2)', () => {
  const routes = buildDynamicRoutes(tree);
  const byPath = new Map(routes.map((r) => [r.path, r]));

  it('puts the home redirect titled 首页 at / pointing at the first resource', () => {
    const home = asHandle(byPath.get('/')?.handle);
    expect(home).toMatchObject({ title: '首页', redirect: '/ent/EntAPQuery/route' });
  });

  it('makes a menu folder redirect to its first child', () => {
    expect(asHandle(byPath.get('/ent/ap')?.handle).redirect).toBe('/ent/EntAPQuery/route');
  });

  it('gives each page its title, its resource and a lazy screen', () => {
    const page = byPath.get('/ent/EntAPQuery/route');
    expect(asHandle(page?.handle)).toMatchObject({ title: '预防服务', resource: { actions: ['query'] } });
    expect(typeof page?.lazy).toBe('function');
    expect(page?.errorElement).toBeTruthy();
  });

  it('drops duplicate paths (first wins)', () => {
    expect(routes.filter((r) => r.path === '/ent/EntAPQuery/route')).toHaveLength(1);
  });

  it('resolves an unknown component to the 404 screen and a known one to its screen', async () => {
    const lazyOf = (p: string) => byPath.get(p)?.lazy as () => Promise<{ Component: { name: string } }>;
    expect((await lazyOf('/ent/EntNotYetBuilt')()).Component.name).toBe('NotFound');
    expect((await lazyOf('/ent/EntAPQuery/route')()).Component.name).toBe('EntAPQuery');
    expect((await lazyOf('/ent/EntInfoEdit')()).Component.name).toBe('EntInfoEdit');
  });

  it('builds nothing from an empty list', () => {
    expect(buildDynamicRoutes([])).toEqual([]);
  });
});
