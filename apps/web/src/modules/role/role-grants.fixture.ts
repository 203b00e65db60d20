import type { ResourceNode } from '@aqzrx/contracts';

/** A small resource tree for the role editor tests (shape of packages/contracts/src/resource-tree.ts). */
export const ALL = 'add,delete,edit,query,get,enable,disable,import,export';

function node(
  id: number,
  name: string,
  path: string,
  component: string,
  permission: string,
  action: string,
  opts: { hide?: boolean; isMenu?: boolean; children?: ResourceNode[] } = {},
): ResourceNode {
  const i = path.lastIndexOf('/');
  return {
    id,
    resUrl: path.slice(1, i),
    authKey: path.slice(i + 1),
    name,
    resName: name,
    icon: '',
    permission,
    level: 1,
    action,
    isMenu: opts.isMenu ?? true,
    hide: opts.hide ?? false,
    redirect: '',
    component,
    children: opts.children ?? [],
  };
}

export const TREE: ResourceNode[] = [
  node(1, '系统管理', '/admin/system', 'RouteView', 'user', '', {
    children: [
      node(2, '用户管理', '/admin/system/UserSearch/route', 'UserSearch', 'user', ALL),
      node(3, '新增用户', '/admin/system/UserAdd/route', 'UserAdd', 'user', 'add', { hide: true }),
      node(4, '编辑用户', '/admin/system/UserEdit/route', 'UserEdit', 'user', 'edit', { hide: true }),
      node(5, '用户详情', '/admin/system/UserDetail/route', 'UserDetail', 'user', 'query,get', {
        hide: true,
      }),
      node(6, '用户敏感信息', '/admin/system/UserSensitive', '', 'userSensitive', 'get,export', {
        hide: true,
        isMenu: false,
      }),
      node(
        7,
        '角色权限',
        '/admin/system/RoleManage/route',
        'RoleManage',
        'role',
        'add,delete,edit,query,get',
      ),
    ],
  }),
  node(10, '内容管理', '/admin/content', 'RouteView', 'notice', '', {
    children: [
      node(11, '通知公告', '/admin/content/AdminNotice/route', 'AdminNotice', 'notice', 'query,export'),
    ],
  }),
  node(20, '系统管理', '/government/govSystem', 'RouteView', 'user', '', {
    children: [node(21, '用户管理', '/government/govSystem/GovUsers/route', 'GovUsers', 'user', 'query,get')],
  }),
];
