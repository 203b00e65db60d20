import {
  envelope,
  fileResponse,
  idEnvelope,
  insurerDocInput,
  insurerDocListQuery,
  insurerDocRow,
  insurerOption,
  insurerProfile,
  insurerProfileInput,
  insurerRecordSaved,
  messageEnvelope,
  paged,
  publishedDocListQuery,
  technicistEditInput,
  technicistInput,
  technicistListQuery,
  technicistRevealed,
  technicistRow,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { assertAttachable, idQuery, resolveActor, sendAttachment } from '../enterprise/index.ts';
import {
  addDoc,
  addTechnicist,
  deleteDoc,
  deleteTechnicist,
  editDoc,
  editTechnicist,
  getDoc,
  getInsurer,
  getTechnicist,
  insurerHeadMobile,
  insurerOptions,
  listDocs,
  listTechnicists,
  revealTechnicistIdNo,
  saveInsurer,
} from './insurer.service.ts';

const idVersion = z
  .object({
    id: z.coerce.number().int().positive(),
    version: z.coerce.number().int().positive('请提供数据版本号'),
  })
  .strict();

/** Insurance institutions: profile, technicists (staff type 1 own / 2 hired), documents. */
export function insurersRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));

  // The full 负责人手机号 of the own institution (security P04): its own users with the profile's permission.
  app.piiReveals.register('insurer', 'insurer.get', {
    headMobile: async (db, auth, id) => insurerHeadMobile(db, await resolveActor(db, auth), id),
  });
  r.post(
    '/api/insurer/mine',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(insurerProfile) },
        summary: '本机构信息（负责人手机号脱敏，完整号码经 /api/pii/reveal 查看）',
      },
      config: { permission: 'insurer.get' },
    },
    async (req) => ok(await getInsurer(app.db, await actorOf(req))),
  );
  r.post(
    '/api/insurer/saveMine',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(z.object({ version: z.number().int() })) },
        summary: '保存本机构信息（需提供 version）',
        body: insurerProfileInput,
      },
      config: { permission: 'insurer.edit', audit: { module: '机构信息', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const version = await req.tx((trx) => saveInsurer(trx, actor, req.body, clock.now()), {
        targetId: actor.kind === 'insurer' ? actor.orgId : '',
      });
      return ok({ version }, '保存成功');
    },
  );
  r.post(
    '/api/insurer/options',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(z.array(insurerOption)) },
        summary: '保险机构列表（选择主承、共保机构）',
      },
      config: { permission: 'policy.query' },
    },
    async () => ok(await insurerOptions(app.db)),
  );

  // Technicists --------------------------------------------------------------------------------------
  r.post(
    '/api/technicist/list',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(z.object({ page: paged(technicistRow) })) },
        summary: '技术人员列表（证件号、手机号脱敏）',
        querystring: technicistListQuery,
      },
      config: { permission: 'technicist.query', audit: { module: '技术人员', kind: 'query' } },
    },
    async (req) => ok({ page: await listTechnicists(app.db, await actorOf(req), req.query) }),
  );
  r.post(
    '/api/technicist/detail',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(technicistRow) },
        summary: '技术人员详情（脱敏）',
        querystring: idQuery,
      },
      config: { permission: 'technicist.get' },
    },
    async (req) => ok(await getTechnicist(app.db, await actorOf(req), req.query.id)),
  );
  r.post(
    '/api/technicist/revealIdNo',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(technicistRevealed) },
        summary: '查看完整证件号码与手机号（记录审计日志）',
        querystring: idQuery,
      },
      config: { permission: 'technicist.get', audit: { module: '技术人员', kind: 'get' } },
    },
    async (req) => {
      req.auditTarget = String(req.query.id);
      return ok(await revealTechnicistIdNo(app.db, await actorOf(req), req.query.id));
    },
  );
  r.post(
    '/api/technicist/add',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: idEnvelope },
        summary: '新增技术人员',
        body: technicistInput,
      },
      config: { permission: 'technicist.add', audit: { module: '技术人员', kind: 'add' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const id = await req.tx((trx) => addTechnicist(trx, actor, req.body, clock.now()), {
        targetId: (newId) => newId,
      });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/technicist/edit',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(insurerRecordSaved) },
        summary: '编辑技术人员（证件号、手机号不填则保持不变）',
        body: technicistEditInput,
      },
      config: { permission: 'technicist.edit', audit: { module: '技术人员', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const { id, version, ...fields } = req.body;
      const v = await req.tx((trx) => editTechnicist(trx, actor, id, version, fields, clock.now()), {
        targetId: id,
      });
      return ok({ id, version: v }, '保存成功');
    },
  );
  r.post(
    '/api/technicist/delete',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: messageEnvelope },
        summary: '删除技术人员',
        querystring: idVersion,
      },
      config: { permission: 'technicist.delete', audit: { module: '技术人员', kind: 'delete' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      await req.tx((trx) => deleteTechnicist(trx, actor, req.query.id, req.query.version, clock.now()), {
        targetId: req.query.id,
      });
      return done('删除成功');
    },
  );

  // Documents ----------------------------------------------------------------------------------------
  r.post(
    '/api/insurerDoc/list',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(z.object({ page: paged(insurerDocRow) })) },
        summary: '本机构文档',
        querystring: insurerDocListQuery,
      },
      config: { permission: 'insurerDoc.query' },
    },
    async (req) => ok({ page: await listDocs(app.db, await actorOf(req), req.query) }),
  );
  r.post(
    '/api/insurerDoc/published',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(z.object({ page: paged(insurerDocRow) })) },
        summary: '各保险机构公布的条款、费率表（企业投保时查阅）',
        querystring: publishedDocListQuery,
      },
      config: { permission: 'policy.query' },
    },
    async (req) => ok({ page: await listDocs(app.db, 'published', req.query) }),
  );
  r.get(
    '/api/insurerDoc/file',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: fileResponse('文档内容（Content-Type 为文件的类型）', '*/*') },
        summary: '下载机构文档',
        querystring: idQuery,
      },
      config: { permission: 'policy.query' },
    },
    async (req, reply) => {
      const doc = await getDoc(app.db, 'published', req.query.id);
      return sendAttachment(app.db, storage, reply, doc.fileId, [doc.fileId]);
    },
  );
  r.post(
    '/api/insurerDoc/add',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: idEnvelope },
        summary: '新增文档（先上传文件）',
        body: insurerDocInput,
      },
      config: { permission: 'insurerDoc.add', audit: { module: '机构文档', kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      await assertAttachable(app.db, auth, [req.body.fileId]);
      const id = await req.tx((trx) => addDoc(trx, actor, req.body, clock.now()), { targetId: (x) => x });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/insurerDoc/edit',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: envelope(insurerRecordSaved) },
        summary: '编辑文档',
        body: insurerDocInput.extend({
          id: z.number().int().positive(),
          version: z.number().int().positive(),
        }),
      },
      config: { permission: 'insurerDoc.edit', audit: { module: '机构文档', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      const { id, version, ...f } = req.body;
      await assertAttachable(app.db, auth, [f.fileId]);
      const v = await req.tx((trx) => editDoc(trx, actor, id, version, f, clock.now()), { targetId: id });
      return ok({ id, version: v }, '保存成功');
    },
  );
  r.post(
    '/api/insurerDoc/delete',
    {
      schema: {
        tags: ['insurer'],
        response: { 200: messageEnvelope },
        summary: '删除文档',
        querystring: idVersion,
      },
      config: { permission: 'insurerDoc.delete', audit: { module: '机构文档', kind: 'delete' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      await req.tx((trx) => deleteDoc(trx, actor, req.query.id, req.query.version, clock.now()), {
        targetId: req.query.id,
      });
      return done('删除成功');
    },
  );
}
