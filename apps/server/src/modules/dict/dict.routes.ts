import {
  dictAccidentTypeQuery,
  dictAddBody,
  dictFindAllQuery,
  dictLinkAreaBody,
  dictNode,
  dictOptionNode,
  dictPidQuery,
  dictUpdateBody,
  envelope,
  idEnvelope,
  messageEnvelope,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { QUERY_OR_BODY as EITHER, queryAsBody } from '../../platform/query-body.ts';
import {
  accidentTypeChildren,
  addDict,
  childrenTree,
  deleteDict,
  findAll,
  linkArea,
  updateDict,
} from './dict.service.ts';

const AUDIT = '数据字典';
const idQuery = z.object({ id: z.coerce.number().int().positive('id 必须是正整数') }).strict();

/**
 * Dictionaries (spec 7 /api/dict/* and the dictionary reads under /api/manage/parameter/). Reads that
 * forms and selects make are open to every logged-in user; writes need dict.* actions.
 */
export function dictsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '/api/dict/findAll',
    {
      schema: {
        tags: ['dict'],
        summary: '字典查询：上级的直接下级、整棵子树（tree=true）或按编码/名称搜索',
        querystring: dictFindAllQuery,
        response: { 200: envelope(z.object({ list: z.array(dictNode) })) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok({ list: await findAll(app.db, req.query) }),
  );
  r.post(
    '/api/dict/add',
    {
      schema: {
        tags: ['dict'],
        summary: `新增字典${EITHER}`,
        body: dictAddBody,
        response: { 200: idEnvelope },
      },
      preValidation: queryAsBody(dictAddBody),
      config: { permission: 'dict.add', audit: { module: AUDIT, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addDict(trx, req.body, auth.userId, clock.now()), {
        targetId: (newId) => newId,
      });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/dict/update',
    {
      schema: {
        tags: ['dict'],
        summary: `修改字典（需带 version）${EITHER}`,
        body: dictUpdateBody,
        response: { 200: messageEnvelope },
      },
      preValidation: queryAsBody(dictUpdateBody),
      config: { permission: 'dict.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => updateDict(trx, req.body, auth.userId, clock.now()), { targetId: req.body.id });
      return done('保存成功');
    },
  );
  r.post(
    '/api/dict/delete',
    {
      schema: {
        tags: ['dict'],
        summary: '删除字典（有下级时不能删除）',
        querystring: idQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'dict.delete', audit: { module: AUDIT, kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => deleteDict(trx, req.query.id, auth.userId, clock.now()), {
        targetId: req.query.id,
      });
      return done('删除成功');
    },
  );
  r.post(
    '/api/dict/linkArea',
    {
      schema: {
        tags: ['dict'],
        summary: `设置字典适用的行政区划（空数组 = 全部地区；查询串中 areaCodes 以逗号分隔）${EITHER}`,
        body: dictLinkAreaBody,
        response: { 200: envelope(z.object({ id: z.number(), areaCodes: z.array(z.string()) })) },
      },
      preValidation: queryAsBody(dictLinkAreaBody),
      config: { permission: 'dict.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const areaCodes = await req.tx((trx) => linkArea(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, areaCodes }, '关联成功');
    },
  );
  r.post(
    '/api/manage/parameter/findChildrenByPid',
    {
      schema: {
        tags: ['dict'],
        summary: '字典子树（pid=036 为企业类型级联）',
        querystring: dictPidQuery,
        response: { 200: envelope(z.object({ page: z.array(dictOptionNode) })) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok({ page: await childrenTree(app.db, req.query.pid) }),
  );
  r.post(
    '/api/manage/parameter/findChildrenByAccidentType',
    {
      schema: {
        tags: ['dict'],
        summary: '事故类型的下级类型',
        querystring: dictAccidentTypeQuery,
        response: { 200: envelope(z.object({ list: z.array(dictOptionNode) })) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok({ list: await accidentTypeChildren(app.db, req.query.accidentType) }),
  );
}
