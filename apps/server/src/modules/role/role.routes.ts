import {
  ACTIONS,
  ADMIN_DUTIES,
  envelope,
  idEnvelope,
  messageEnvelope,
  paged,
  pageQuery,
  type RoleRow,
  resourceNode,
  roleAssignEnvelope,
  roleResourcesEnvelope,
  roleUserBody,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../platform/context.ts';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { holdsPermission } from '../../platform/permissions.ts';
import { resourceRoutes } from '../resource/index.ts';
import {
  assignRoleToUsers,
  deleteRole,
  fullResourceTree,
  listRoles,
  resourceTreeForRole,
  roleGrants,
  saveRole,
  searchRoles,
} from './role.service.ts';

const roleRow = z.object({
  id: z.number(),
  roleKey: z.string(),
  roleName: z.string(),
  displayName: z.string(),
  description: z.string(),
  isSystem: z.boolean(),
  /** The administrative duty its grants make the role (三权分立), or null. */
  duty: z.enum(ADMIN_DUTIES).nullable(),
  /** null for callers without role.query (how many users hold a role is administration data). */
  userCount: z.number().nullable(),
  version: z.number(),
  createdAt: z.string(),
});

const idQuery = z.object({ id: z.coerce.number().int().positive('id 必须是正整数') }).strict();

export const saveRoleBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    roleKey: z
      .string()
      .trim()
      .min(3, '角色标识至少3个字符')
      .max(64)
      .regex(/^ROLE_[A-Z0-9_]+$/, '角色标识须以 ROLE_ 开头，只含大写字母、数字和下划线'),
    roleName: z.string().trim().min(1, '请输入角色名称').max(64),
    description: z.string().trim().max(200).default(''),
    resources: z
      .array(
        z
          .object({
            resourceId: z.number().int().positive(),
            actions: z.array(z.enum(ACTIONS)),
          })
          .strict(),
      )
      .max(2000),
  })
  .strict();

export function rolesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, config } = app.deps;

  /** getAllRole/getSystemRole answer every signed-in user; user counts only to role administrators. */
  const forCaller = async (auth: AuthContext, rows: RoleRow[]): Promise<RoleRow[]> => {
    return (await holdsPermission(app.db, auth, 'role.query'))
      ? rows
      : rows.map((row) => ({ ...row, userCount: null }));
  };

  r.post(
    '/api/role/getAllRole',
    {
      schema: { tags: ['role'], summary: '全部角色', response: { 200: envelope(z.array(roleRow)) } },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await forCaller(requireAuth(req), await listRoles(app.db))),
  );
  r.post(
    '/api/role/getSystemRole',
    {
      schema: { tags: ['role'], summary: '系统内置角色', response: { 200: envelope(z.array(roleRow)) } },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await forCaller(requireAuth(req), await listRoles(app.db, true))),
  );
  r.post(
    '/api/role/search',
    {
      schema: {
        tags: ['role'],
        summary: '角色分页查询',
        querystring: pageQuery
          .extend({
            roleKey: z.string().max(64).optional(),
            roleName: z.string().max(64).optional(),
          })
          .strict(),
        response: { 200: envelope(z.object({ page: paged(roleRow) })) },
      },
      config: { permission: 'role.query' },
    },
    async (req) => ok({ page: await searchRoles(app.db, req.query) }),
  );
  r.post(
    '/api/role/getResList',
    {
      schema: {
        tags: ['role'],
        summary: '全部菜单资源树',
        response: { 200: envelope(z.array(resourceNode)) },
      },
      config: { permission: 'role.query' },
    },
    async () => ok(await fullResourceTree(app.db)),
  );
  r.post(
    '/api/role/getResListByRoleId',
    {
      schema: {
        tags: ['role'],
        summary: '角色已授权的资源',
        querystring: z.object({ roleId: z.coerce.number().int().positive() }).strict(),
        response: { 200: roleResourcesEnvelope },
      },
      config: { permission: 'role.get' },
    },
    async (req) =>
      ok({
        grants: await roleGrants(app.db, req.query.roleId),
        tree: await resourceTreeForRole(app.db, req.query.roleId),
      }),
  );
  r.post(
    '/api/role/add',
    {
      schema: {
        tags: ['role'],
        summary: '新增角色及其授权',
        body: saveRoleBody.omit({ id: true, version: true }),
        response: { 200: idEnvelope },
      },
      config: { permission: 'role.add', audit: { module: '角色管理', kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx(
        (trx) => saveRole(trx, req.body, auth, clock.now(), config.TEST_WRITE_DELAY_MS),
        { targetId: (newId) => newId },
      );
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/role/save',
    {
      schema: {
        tags: ['role'],
        summary: '修改角色及其授权',
        body: saveRoleBody.required({ id: true, version: true }),
        response: { 200: idEnvelope },
      },
      config: { permission: 'role.edit', audit: { module: '角色管理', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx(
        (trx) => saveRole(trx, req.body, auth, clock.now(), config.TEST_WRITE_DELAY_MS),
        { targetId: req.body.id },
      );
      return ok({ id }, '保存成功');
    },
  );
  r.post(
    '/api/role/deleteById',
    {
      schema: {
        tags: ['role'],
        summary: '删除角色',
        querystring: idQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'role.delete', audit: { module: '角色管理', kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      // A refused delete (system role, still held) is logged against the role too.
      req.auditTarget = String(req.query.id);
      await req.tx((trx) => deleteRole(trx, req.query.id, clock.now(), auth.userId), {
        targetId: req.query.id,
      });
      return done('删除成功');
    },
  );

  r.post(
    '/api/role/saveRoleUser',
    {
      schema: {
        tags: ['role'],
        summary: '为用户分配角色（其登录立即失效）',
        body: roleUserBody,
        response: { 200: roleAssignEnvelope },
      },
      config: { permission: 'role.edit', audit: { module: '角色管理', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx(
        (trx) => assignRoleToUsers(trx, req.body.roleId, req.body.userIds, auth, clock.now()),
        { targetId: req.body.roleId },
      );
      return ok(res, `已为 ${res.assigned} 个用户分配角色`);
    },
  );

  resourceRoutes(app);
}
