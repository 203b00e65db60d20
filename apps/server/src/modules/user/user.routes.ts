import {
  addUserBody,
  dutyRoleBody,
  envelope,
  idEnvelope,
  messageEnvelope,
  paged,
  resetPasswordBody,
  resetPasswordQuery,
  saveUserBody,
  sessionRow,
  sessionsEndedEnvelope,
  USER_EXPORT_FILENAME,
  userDetail,
  userExportQuery,
  userGetQuery,
  userIdQuery,
  userListQuery,
  userRow,
  userSaveEnvelope,
  userStatusQuery,
  userUnlockEnvelope,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { AuditKind, Tx } from '../../platform/context.ts';
import { done, ok } from '../../platform/envelope.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { holdsPermission } from '../../platform/permissions.ts';
import { sendXlsx } from '../../platform/xlsx.ts';
import { buildUserWorkbook } from './user.export.ts';
import {
  addUser,
  assignDutyRole,
  deleteUser,
  disableIdleAccount,
  endOwnSession,
  fieldError,
  forceLogout,
  getUser,
  liveSessions,
  resetPassword,
  saveUser,
  searchUsers,
  setUserStatus,
  unlockUser,
  userScope,
  userSessions,
  usersForExport,
} from './user.service.ts';

const MODULE = '用户管理';
/** The security administrator's account operations (三权分立, security.md Z04). */
const SECURITY_MODULE = '账号安全';

/**
 * An audited write whose kind is only known from the input (enable/disable on one path): the change
 * and its log row commit together; a refusal or failure is logged as 'fail' and rethrown.
 */
async function auditedWrite<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  kind: AuditKind,
  targetId: string,
  fn: (trx: Tx) => Promise<T>,
): Promise<T> {
  const now = app.deps.clock.now();
  try {
    return await app.db.transaction().execute(async (trx) => {
      const result = await fn(trx);
      await writeAudit(trx, req, { kind, module: MODULE, outcome: 'success', targetId }, now);
      return result;
    });
  } catch (err) {
    if (err instanceof AppError) {
      await writeAudit(
        app.db,
        req,
        { kind, module: MODULE, outcome: 'fail', targetId, errorMsg: `${err.status} ${err.message}` },
        now,
      );
      req.auditDone = true;
    }
    throw err;
  }
}

export function usersRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, settings, config } = app.deps;

  r.post(
    '/api/sys/user/searchUserList.json',
    {
      schema: {
        tags: ['user'],
        summary: '用户分页查询（手机号脱敏）',
        querystring: userListQuery,
        response: { 200: envelope(paged(userRow)) },
      },
      config: { permission: 'user.query', audit: { module: MODULE, kind: 'query' } },
    },
    async (req) =>
      ok(
        await searchUsers(
          app.db,
          req.query,
          clock.now(),
          userScope(requireAuth(req)),
          config.IDLE_ACCOUNT_DAYS,
        ),
      ),
  );

  r.post(
    '/api/sys/user/getUserById',
    {
      schema: {
        tags: ['user'],
        summary: '用户详情；reveal=true 查看完整手机号与邮箱（需 userSensitive.get，记审计）',
        querystring: userGetQuery,
        response: { 200: envelope(userDetail) },
      },
      config: { permission: 'user.get' },
    },
    async (req) => {
      const auth = requireAuth(req);
      const reveal = req.query.reveal === true;
      const scope = userScope(auth);
      if (!reveal)
        return ok(await getUser(app.db, req.query.id, clock.now(), false, scope, config.IDLE_ACCOUNT_DAYS));
      const audit = { kind: 'get' as const, module: '用户敏感信息', targetId: String(req.query.id) };
      if (!(await holdsPermission(app.db, auth, 'userSensitive.get'))) {
        await writeAudit(app.db, req, { ...audit, outcome: 'fail', errorMsg: '403' }, clock.now());
        req.auditDone = true; // one row per denial: the platform's 403 row is not needed
        throw forbidden('查看完整手机号需要“敏感信息查看”权限，请联系管理员授权');
      }
      // The view and its audit row go together: no row, no data (security.md P04, L03).
      const detail = await app.db.transaction().execute(async (trx) => {
        const d = await getUser(trx, req.query.id, clock.now(), true, scope, config.IDLE_ACCOUNT_DAYS);
        await writeAudit(trx, req, { ...audit, outcome: 'success' }, clock.now());
        return d;
      });
      return ok(detail);
    },
  );

  r.post(
    '/api/sys/user/add',
    {
      schema: { tags: ['user'], summary: '新增用户', body: addUserBody, response: { 200: idEnvelope } },
      config: { permission: 'user.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addUser(trx, req.body, auth, clock.now()), { targetId: (v) => v });
      return ok({ id }, '新增成功');
    },
  );

  r.post(
    '/api/sys/user/save',
    {
      schema: {
        tags: ['user'],
        summary: '修改用户（需 version；改角色会使其登录失效）',
        body: saveUserBody,
        response: { 200: userSaveEnvelope },
      },
      config: { permission: 'user.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.body.id);
      const res = await req.tx((trx) => saveUser(trx, req.body, auth, clock.now()), {
        targetId: req.body.id,
      });
      return ok(res, res.roleChanged ? '保存成功，该用户需重新登录' : '保存成功');
    },
  );

  r.post(
    '/api/sys/user/delete',
    {
      schema: {
        tags: ['user'],
        summary: '删除用户（逻辑删除，登录立即失效）',
        querystring: userIdQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'user.delete', audit: { module: MODULE, kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.query.id);
      await req.tx((trx) => deleteUser(trx, req.query.id, auth, clock.now()), { targetId: req.query.id });
      return done('删除成功');
    },
  );

  r.post(
    '/api/sys/user/pwd/reset',
    {
      schema: {
        tags: ['user'],
        summary: '管理员重置密码（临时密码，下次登录须修改；其登录立即失效）',
        querystring: resetPasswordQuery,
        body: resetPasswordBody,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'user.edit', audit: { module: MODULE, kind: 'security' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const newPwd = req.body?.newPwd ?? req.query.newPwd;
      if (!newPwd) throw fieldError('newPwd', '请输入新密码');
      req.auditTarget = String(req.query.id);
      await req.tx((trx) => resetPassword(trx, req.query.id, newPwd, auth, clock.now()), {
        targetId: req.query.id,
      });
      return done('密码已重置，该用户下次登录须修改密码');
    },
  );

  r.post(
    '/api/sys/user/unlock',
    {
      schema: {
        tags: ['user'],
        summary: '解除登录失败锁定（安全管理员）',
        querystring: userIdQuery,
        response: { 200: userUnlockEnvelope },
      },
      config: { permission: 'userSecurity.edit', audit: { module: SECURITY_MODULE, kind: 'security' } },
    },
    async (req) => {
      const scope = userScope(requireAuth(req));
      req.auditTarget = String(req.query.id);
      const wasLocked = await req.tx((trx) => unlockUser(trx, req.query.id, scope), {
        targetId: req.query.id,
      });
      return ok({ wasLocked }, wasLocked ? '已解除锁定' : '该用户未被锁定');
    },
  );

  r.post(
    '/api/sys/user/disableIdle',
    {
      schema: {
        tags: ['user'],
        summary: '停用长期未登录账号（安全管理员；其登录立即失效，启用由系统管理员在用户管理中办理）',
        querystring: userIdQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'userSecurity.edit', audit: { module: SECURITY_MODULE, kind: 'disable' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.query.id);
      const changed = await req.tx(
        (trx) => disableIdleAccount(trx, req.query.id, auth, clock.now(), config.IDLE_ACCOUNT_DAYS),
        { targetId: req.query.id },
      );
      return done(changed ? '已停用，该用户的登录已失效' : '该用户已是停用状态');
    },
  );

  // One path for both directions (spec 7); enabling needs user.enable and disabling user.disable
  // (security.md Z01), so the route admits any signed-in user and checks the right one here.
  r.post(
    '/api/sys/admin/updateByStatus.json',
    {
      schema: {
        tags: ['user'],
        summary: '启用（status=1，需 user.enable）或停用（status=2，需 user.disable）用户',
        querystring: userStatusQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { id, status } = req.query;
      const kind = status === 1 ? 'enable' : 'disable';
      if (!(await holdsPermission(app.db, auth, `user.${kind}`))) {
        await writeAudit(
          app.db,
          req,
          { kind, module: MODULE, outcome: 'fail', targetId: String(id), errorMsg: '403' },
          clock.now(),
        );
        req.auditDone = true; // one row per denial: the platform's 403 row is not needed
        throw forbidden();
      }
      const changed = await auditedWrite(app, req, kind, String(id), (trx) =>
        setUserStatus(trx, id, status as 1 | 2, auth, clock.now()),
      );
      if (!changed) return done(status === 1 ? '该用户已是启用状态' : '该用户已是停用状态');
      return done(status === 1 ? '已启用' : '已停用，该用户的登录已失效');
    },
  );

  r.post(
    '/api/sys/user/searchUserListByExcl.json',
    {
      schema: {
        tags: ['user'],
        summary:
          '按查询条件导出用户（.xlsx，最多50000行；手机号脱敏；mobiles=full 并填写 exportReason 时导出完整手机号，需 userSensitive.export，原因记入操作日志）',
        querystring: userExportQuery,
        response: { 200: xlsxResponse('用户 .xlsx') },
      },
      config: { permission: 'user.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      // Full mobiles only by the dialog's explicit choice, with a reason, for holders of the sensitive-export
      // permission (security.md P04). The reason stays in the export's log row (its parameters); a refusal is
      // logged by the platform (403, the same parameters).
      const { mobiles, exportReason: _reason, ...filters } = req.query;
      const unmasked = mobiles === 'full';
      if (unmasked && !(await holdsPermission(app.db, auth, 'userSensitive.export')))
        throw forbidden('导出完整手机号需要“用户敏感信息 导出”权限，请联系管理员授权，或改为导出脱敏手机号');
      // The rows and the audit row (with the row count) are read/written in one transaction.
      const rows = await req.tx(
        (trx) => usersForExport(trx, filters, clock.now(), userScope(auth), config.IDLE_ACCOUNT_DAYS),
        {
          targetId: (list) => `rows=${list.length}${unmasked ? ',unmasked' : ''}`,
        },
      );
      const buf = await buildUserWorkbook(rows, unmasked);
      return sendXlsx(
        reply.header('x-export-rows', String(rows.length)),
        USER_EXPORT_FILENAME,
        buf,
        'users.xlsx',
      );
    },
  );

  r.post(
    '/api/sys/user/sessions',
    {
      schema: {
        tags: ['user'],
        summary: '我的登录会话',
        response: { 200: envelope(z.array(sessionRow)) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const auth = requireAuth(req);
      return ok(
        await liveSessions(
          app.db,
          auth.userId,
          clock.now(),
          (await settings.get('security')).idleTimeoutMinutes,
          auth.sessionId,
        ),
      );
    },
  );

  r.post(
    '/api/sys/user/sessions/end',
    {
      schema: {
        tags: ['user'],
        summary: '结束我的一个会话',
        querystring: userIdQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'authenticated', audit: { module: '会话管理', kind: 'security' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.query.id);
      await req.tx((trx) => endOwnSession(trx, auth, req.query.id, clock.now()), { targetId: req.query.id });
      return done('会话已结束');
    },
  );

  r.post(
    '/api/sys/user/getUserSessions',
    {
      schema: {
        tags: ['user'],
        summary: '某用户的登录会话（安全管理员）',
        querystring: userIdQuery,
        response: { 200: envelope(z.array(sessionRow)) },
      },
      config: { permission: 'userSecurity.get' },
    },
    async (req) =>
      ok(
        await userSessions(
          app.db,
          req.query.id,
          clock.now(),
          (await settings.get('security')).idleTimeoutMinutes,
          userScope(requireAuth(req)),
        ),
      ),
  );

  r.post(
    '/api/sys/user/forceLogout',
    {
      schema: {
        tags: ['user'],
        summary: '强制下线：结束某用户的全部会话，或指定 sessionId 的一个（安全管理员）',
        querystring: z
          .object({
            id: z.coerce.number().int().positive('id 必须是正整数'),
            sessionId: z.coerce.number().int().positive('sessionId 必须是正整数').optional(),
          })
          .strict(),
        response: { 200: sessionsEndedEnvelope },
      },
      config: { permission: 'userSecurity.edit', audit: { module: '会话管理', kind: 'security' } },
    },
    async (req) => {
      const scope = userScope(requireAuth(req));
      req.auditTarget = String(req.query.id);
      const ended = await req.tx(
        (trx) => forceLogout(trx, req.query.id, req.query.sessionId, clock.now(), scope),
        {
          targetId: req.query.id,
        },
      );
      return ok({ ended }, ended > 0 ? `已结束 ${ended} 个会话` : '该用户当前没有登录会话');
    },
  );

  r.post(
    '/api/sys/user/dutyRole',
    {
      schema: {
        tags: ['user'],
        summary: '授予、撤销或调整安全管理员、审计管理员角色（安全管理员；其登录立即失效）',
        body: dutyRoleBody,
        response: { 200: userSaveEnvelope },
      },
      config: { permission: 'userSecurity.edit', audit: { module: SECURITY_MODULE, kind: 'security' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.body.id);
      const res = await req.tx((trx) => assignDutyRole(trx, req.body, auth, clock.now()), {
        targetId: req.body.id,
      });
      return ok(res, res.roleChanged ? '角色已调整，该用户需重新登录' : '该用户已是此角色');
    },
  );
}
