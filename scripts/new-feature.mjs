#!/usr/bin/env node
// `npm run new:feature <name> [-- --title 中文名称]`: scaffolds one feature across the layers with one name
// (docs/ARCHITECTURE.md, "Adding a feature"): contract and option list, migration and table types, server
// module (routes, service, repository, API test) registered in app.ts, permission and menu resource, web
// module (api, list screen with add/edit/delete, screen test) registered in the screen map. The result
// passes `npm test` as generated; the feature starts as a list of records owned by the insurer's
// organisation (rows of other organisations answer 404) — reshape it from there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--'));
const titleAt = args.indexOf('--title');
const title = titleAt >= 0 ? args[titleAt + 1] : undefined;

function fail(msg) {
  process.stderr.write(`${msg}\n`);
  process.exit(1);
}
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
  fail(
    '用法：npm run new:feature <name> [-- --title 中文名称]；name 为小写字母、数字和短横线，如 demo-thing',
  );

const kebab = name;
const camel = kebab.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = camel[0].toUpperCase() + camel.slice(1);
const snake = kebab.replaceAll('-', '_');
const CONST = snake.toUpperCase();
const label = title ?? pascal;
const screen = `${pascal}Manage`;
const apiBase = `/api/${camel}`;

const file = (rel) => path.join(root, rel);
const created = [];
const edited = [];
function write(rel, text) {
  if (fs.existsSync(file(rel))) fail(`${rel} 已存在：功能 ${kebab} 可能已经生成过`);
  fs.mkdirSync(path.dirname(file(rel)), { recursive: true });
  fs.writeFileSync(file(rel), text);
  created.push(rel);
}
/** Inserts `text` before the first match of `anchor` (a string or RegExp) in `rel`; fails if missing. */
function insertBefore(rel, anchor, text) {
  const src = fs.readFileSync(file(rel), 'utf8');
  const at = typeof anchor === 'string' ? src.indexOf(anchor) : src.search(anchor);
  if (at < 0) fail(`${rel}: 找不到插入位置 ${anchor}`);
  fs.writeFileSync(file(rel), src.slice(0, at) + text + src.slice(at));
  if (!edited.includes(rel)) edited.push(rel);
}
function replaceIn(rel, from, to) {
  const src = fs.readFileSync(file(rel), 'utf8');
  if (!src.includes(from)) fail(`${rel}: 找不到 ${from}`);
  fs.writeFileSync(file(rel), src.replace(from, to));
  if (!edited.includes(rel)) edited.push(rel);
}

if (fs.existsSync(file(`apps/server/src/modules/${kebab}`))) fail(`模块 ${kebab} 已存在`);

// ---------------------------------------------------------------------------------------------- contracts
write(
  `packages/contracts/src/${kebab}-options.ts`,
  `/** Zod-free option lists of ${label} (${kebab}). */
import { defineOptions, type OptionValue } from './options.ts';

export const ${CONST}_STATUS = defineOptions([
  { value: 'active', label: '启用', color: 'success' },
  { value: 'inactive', label: '停用', color: 'default' },
]);
export type ${pascal}Status = OptionValue<typeof ${CONST}_STATUS>;
`,
);
write(
  `packages/contracts/src/${kebab}.ts`,
  `/** ${label} (${kebab}): request and response schemas. */
import { z } from 'zod';
import { ${CONST}_STATUS } from './${kebab}-options.ts';

export const ${camel}SaveBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入名称').max(100, '名称不能超过100个字符'),
    status: z.enum(${CONST}_STATUS.values, { message: '状态须为启用或停用' }).default('active'),
    remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
  })
  .strict();
export type ${pascal}SaveBody = z.infer<typeof ${camel}SaveBody>;

/** The list's filters, written once: the route validates with it, the service takes its output, the web its input. */
export const ${camel}ListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
    status: z.enum(${CONST}_STATUS.values).optional(),
  })
  .strict();

export const ${camel}Item = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(${CONST}_STATUS.values),
  statusName: z.string(),
  remark: z.string(),
  version: z.number(),
  updatedAt: z.string(),
});
export type ${pascal}Item = z.infer<typeof ${camel}Item>;
`,
);
replaceIn(
  'packages/contracts/src/index.ts',
  "export * from './constants.ts';",
  `export * from './constants.ts';\nexport * from './${kebab}.ts';`,
);
replaceIn(
  'packages/contracts/src/constants.ts',
  "export * from './options.ts';",
  `export * from './options.ts';\nexport * from './${kebab}-options.ts';`,
);
insertBefore(
  'packages/contracts/src/permissions.ts',
  /\n\} as const;\nexport type PermissionId/,
  `\n  ${camel}: '${label}',`,
);
insertBefore(
  'packages/contracts/src/resource-tree.ts',
  /\n {2}\],\n\n {2}ROLE_SERVICE:/,
  `\n    group('${label}', '/insurance/${camel}', 'AppstoreOutlined', [
      leaf('${label}', '/insurance/${camel}/${screen}/route', '${screen}', '${camel}', CRUD),
    ]),`,
);

// ---------------------------------------------------------------------------------------------- database
const migrationsDir = file('apps/server/src/db/migrations');
const last = fs
  .readdirSync(migrationsDir)
  .map((f) => /^(\d{4})_/.exec(f)?.[1])
  .filter(Boolean)
  .sort()
  .at(-1);
const num = String(Number(last) + 1).padStart(4, '0');
const migration = `${num}_${snake}`;
write(
  `apps/server/src/db/migrations/${migration}.ts`,
  `import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/** ${label}: records owned by an organisation (owner_org_id), with the audit columns and a version. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    \`CREATE TABLE ${snake} (
       id serial PRIMARY KEY,
       owner_org_id integer NOT NULL REFERENCES sys_org(id),
       name varchar(100) NOT NULL,
       status varchar(10) NOT NULL DEFAULT 'active',
       remark varchar(500) NOT NULL DEFAULT '',
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       created_by integer,
       updated_by integer,
       version integer NOT NULL DEFAULT 1,
       deleted_at timestamptz,
       CONSTRAINT ${snake}_status_ck CHECK (status IN ('active','inactive'))
     );
     CREATE INDEX ${snake}_owner_idx ON ${snake} (owner_org_id, id DESC) WHERE deleted_at IS NULL;\`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, 'DROP TABLE IF EXISTS ${snake};');
}
`,
);
insertBefore(
  'apps/server/src/db/migrate.ts',
  "import type { DB } from './schema.ts';",
  `import * as m${num} from './migrations/${migration}.ts';\n`,
);
insertBefore(
  'apps/server/src/db/migrate.ts',
  /\n\};\n\nclass StaticProvider/,
  `\n  '${migration}': m${num},`,
);
write(
  `apps/server/src/db/tables/${kebab}.ts`,
  `import type { ${pascal}Status } from '@aqzrx/contracts';
import type { Generated } from 'kysely';
import type { Audit, NullableTimestamp } from '../columns.ts';

export interface ${pascal}Table extends Audit {
  id: Generated<number>;
  ownerOrgId: number;
  name: string;
  status: Generated<${pascal}Status>;
  remark: Generated<string>;
  deletedAt: NullableTimestamp;
}

export interface ${pascal}Tables {
  ${camel}: ${pascal}Table;
}
`,
);
insertBefore(
  'apps/server/src/db/tables/index.ts',
  '// new:feature imports',
  `import type { ${pascal}Tables } from './${kebab}.ts';\n`,
);
replaceIn(
  'apps/server/src/db/tables/index.ts',
  'Record<never, never>',
  `Record<never, never> & ${pascal}Tables`,
);

// ---------------------------------------------------------------------------------------------- server
const mod = `apps/server/src/modules/${kebab}`;
write(
  `${mod}/index.ts`,
  `/** Public entry of the ${label} module. */\nexport { ${camel}Routes } from './${kebab}.routes.ts';\n`,
);
write(
  `${mod}/${kebab}.repo.ts`,
  `import type { ${pascal}Item, ${pascal}Status } from '@aqzrx/contracts';
import { ${CONST}_STATUS } from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';
import { containsPattern } from '../../db/sql.ts';

/** SQL of ${label}: every query is limited to one owner organisation. */

const COLUMNS = ['id', 'name', 'status', 'remark', 'version', 'updatedAt'] as const;

function toItem(r: {
  id: number;
  name: string;
  status: ${pascal}Status;
  remark: string;
  version: number;
  updatedAt: Date;
}): ${pascal}Item {
  return { ...r, statusName: ${CONST}_STATUS.label(r.status), updatedAt: r.updatedAt.toISOString() };
}

function owned(db: Db, ownerOrgId: number) {
  return db.selectFrom('${camel}').where('ownerOrgId', '=', ownerOrgId).where('deletedAt', 'is', null);
}

export async function findPage(
  db: Db,
  ownerOrgId: number,
  q: { pageNo: number; pageSize: number; keyword?: string | undefined; status?: ${pascal}Status | undefined },
): Promise<{ list: ${pascal}Item[]; total: number }> {
  let base = owned(db, ownerOrgId);
  if (q.keyword) base = base.where('name', 'ilike', containsPattern(q.keyword));
  if (q.status) base = base.where('status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toItem), total: Number(total.c) };
}

export async function findOne(db: Db, ownerOrgId: number, id: number): Promise<${pascal}Item | undefined> {
  const row = await owned(db, ownerOrgId).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toItem(row);
}

export async function insert(
  db: Db,
  values: { ownerOrgId: number; name: string; status: ${pascal}Status; remark: string; by: number; now: Date },
): Promise<number> {
  const { by, now, ...rest } = values;
  const row = await db
    .insertInto('${camel}')
    .values({ ...rest, createdAt: now, updatedAt: now, createdBy: by, updatedBy: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
`,
);
write(
  `${mod}/${kebab}.service.ts`,
  `import type { ${pascal}SaveBody, ${camel}ListQuery, Paged, ${pascal}Item } from '@aqzrx/contracts';
import type { z } from 'zod';
import type { AuthContext, Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { updateVersioned } from '../../platform/versioned.ts';
import { findOne, findPage, insert } from './${kebab}.repo.ts';

/**
 * Rules of ${label}: a record belongs to the organisation of the user who created it; users of another
 * organisation (the same role included) are answered 404, exactly like a missing record.
 */

const MISSING = '${label}不存在';

function ownerOf(auth: AuthContext): number {
  // A user without an organisation owns nothing: its reads find nothing, its writes are 404.
  return auth.orgId ?? 0;
}

export async function list${pascal}(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof ${camel}ListQuery>,
): Promise<Paged<${pascal}Item>> {
  const page = await findPage(db, ownerOf(auth), q);
  return { ...page, pageNum: q.pageNo, pageSize: q.pageSize };
}

export async function get${pascal}(db: Db, auth: AuthContext, id: number): Promise<${pascal}Item> {
  const item = await findOne(db, ownerOf(auth), id);
  if (!item) throw notFound(MISSING);
  return item;
}

export async function add${pascal}(db: Db, auth: AuthContext, body: ${pascal}SaveBody, now: Date): Promise<number> {
  if (!auth.orgId) throw notFound(MISSING);
  return insert(db, {
    ownerOrgId: auth.orgId,
    name: body.name,
    status: body.status,
    remark: body.remark,
    by: auth.userId,
    now,
  });
}

export async function update${pascal}(
  db: Db,
  auth: AuthContext,
  body: ${pascal}SaveBody & { id: number; version: number },
  now: Date,
): Promise<void> {
  await get${pascal}(db, auth, body.id);
  await updateVersioned(
    db,
    '${camel}',
    { id: body.id, version: body.version },
    { name: body.name, status: body.status, remark: body.remark, updatedAt: now, updatedBy: auth.userId },
    { notDeleted: true },
  );
}

export async function delete${pascal}(
  db: Db,
  auth: AuthContext,
  key: { id: number; version: number },
  now: Date,
): Promise<void> {
  await get${pascal}(db, auth, key.id);
  await updateVersioned(db, '${camel}', key, { deletedAt: now, updatedAt: now, updatedBy: auth.userId }, { notDeleted: true });
}
`,
);
write(
  `${mod}/${kebab}.routes.ts`,
  `import {
  envelope,
  idQuery,
  messageEnvelope,
  paged,
  ${camel}Item,
  ${camel}ListQuery,
  ${camel}SaveBody,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { add${pascal}, delete${pascal}, get${pascal}, list${pascal}, update${pascal} } from './${kebab}.service.ts';

const MODULE = '${label}';
const TAGS = ['${camel}'];

/** ${label}: list, detail, add, update and delete of the caller organisation's records (${camel}.*). */
export function ${camel}Routes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '${apiBase}/list',
    {
      schema: { tags: TAGS, summary: '${label}列表', querystring: ${camel}ListQuery, response: { 200: envelope(paged(${camel}Item)) } },
      config: { permission: '${camel}.query' },
    },
    async (req) => ok(await list${pascal}(app.db, requireAuth(req), req.query)),
  );
  r.post(
    '${apiBase}/detail',
    {
      schema: { tags: TAGS, summary: '${label}详情', querystring: idQuery, response: { 200: envelope(${camel}Item) } },
      config: { permission: '${camel}.get' },
    },
    async (req) => ok(await get${pascal}(app.db, requireAuth(req), req.query.id)),
  );
  r.post(
    '${apiBase}/add',
    {
      schema: {
        tags: TAGS,
        summary: '新增${label}',
        body: ${camel}SaveBody.omit({ id: true, version: true }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: '${camel}.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => add${pascal}(trx, auth, req.body, clock.now()), { targetId: (x) => x });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '${apiBase}/update',
    {
      schema: {
        tags: TAGS,
        summary: '修改${label}',
        body: ${camel}SaveBody.required({ id: true, version: true }),
        response: { 200: messageEnvelope },
      },
      config: { permission: '${camel}.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => update${pascal}(trx, auth, req.body, clock.now()), { targetId: req.body.id });
      return done('保存成功');
    },
  );
  r.post(
    '${apiBase}/delete',
    {
      schema: {
        tags: TAGS,
        summary: '删除${label}',
        querystring: z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive() }).strict(),
        response: { 200: messageEnvelope },
      },
      config: { permission: '${camel}.delete', audit: { module: MODULE, kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => delete${pascal}(trx, auth, req.query, clock.now()), { targetId: req.query.id });
      return done('删除成功');
    },
  );
}
`,
);
write(
  `${mod}/${kebab}.test.ts`,
  `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { makeUser } from '../policy/policy.testkit.ts';

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['insurer', 'ent']) tok[u] = await t.login(u);
  // A second insurer: same role, another organisation.
  const other = await makeOrg(t, 'insurer', '另一家保险公司（${label}测试）');
  tok.other = await makeUser(t, 'insurer', '${camel}_other', { orgId: other });
});
afterAll(() => t.close());

const post = (url: string, token: string | undefined, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

async function add(name: string): Promise<number> {
  const res = await post('${apiBase}/add', tok.insurer, { name, remark: '备注' });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

describe('${label} (${kebab})', () => {
  it('adds, lists, updates and deletes the caller organisation’s records', async () => {
    const id = await add('第一条');
    const list = await post('${apiBase}/list?keyword=第一', tok.insurer);
    expect(list.json().data.list).toEqual([
      expect.objectContaining({ id, name: '第一条', status: 'active', statusName: '启用', version: 1 }),
    ]);
    const upd = await post('${apiBase}/update', tok.insurer, { id, version: 1, name: '改名', status: 'inactive' });
    expect(upd.statusCode).toBe(200);
    const detail = await post(\`${apiBase}/detail?id=\${id}\`, tok.insurer);
    expect(detail.json().data).toMatchObject({ name: '改名', status: 'inactive', statusName: '停用', version: 2 });
    expect((await post(\`${apiBase}/delete?id=\${id}&version=2\`, tok.insurer)).statusCode).toBe(200);
    expect((await post(\`${apiBase}/detail?id=\${id}\`, tok.insurer)).statusCode).toBe(404);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const res = await post('${apiBase}/add', tok.insurer, { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toContain('请输入名称');
    const list = await post('${apiBase}/list?pageSize=100', tok.insurer);
    expect(list.json().data.list.some((r: { name: string }) => r.name.trim() === '')).toBe(false);
  });

  it('answers 401 without a token and 403 to a role without the permission', async () => {
    expect((await post('${apiBase}/list', undefined)).statusCode).toBe(401);
    expect((await post('${apiBase}/list', tok.ent)).statusCode).toBe(403);
  });

  it('answers 404 to another organisation of the same role, and changes nothing', async () => {
    const id = await add('只属于本机构');
    expect((await post(\`${apiBase}/detail?id=\${id}\`, tok.other)).statusCode).toBe(404);
    const upd = await post('${apiBase}/update', tok.other, { id, version: 1, name: '越权修改' });
    expect(upd.statusCode).toBe(404);
    expect((await post(\`${apiBase}/delete?id=\${id}&version=1\`, tok.other)).statusCode).toBe(404);
    expect((await post('${apiBase}/list', tok.other)).json().data.total).toBe(0);
    const mine = await post(\`${apiBase}/detail?id=\${id}\`, tok.insurer);
    expect(mine.json().data).toMatchObject({ name: '只属于本机构', version: 1 });
  });

  it('answers 409 to a stale version', async () => {
    const id = await add('并发');
    expect((await post('${apiBase}/update', tok.insurer, { id, version: 1, name: '甲' })).statusCode).toBe(200);
    const stale = await post('${apiBase}/update', tok.insurer, { id, version: 1, name: '乙' });
    expect(stale.statusCode).toBe(409);
  });
});
`,
);
insertBefore(
  'apps/server/src/app.ts',
  '// new:feature imports',
  `import { ${camel}Routes } from './modules/${kebab}/index.ts';\n`,
);
insertBefore('apps/server/src/app.ts', '  // new:feature routes', `  ${camel}Routes(app);\n`);
insertBefore(
  'apps/server/test/ownership-sweep.test.ts',
  '  // new:feature routes',
  `  '${apiBase}/add': 'creates a record of the caller’s organisation',
  '${apiBase}/update': 'another organisation of the same role gets 404 (modules/${kebab}/${kebab}.test.ts)',
  '${apiBase}/delete': 'another organisation of the same role gets 404 (modules/${kebab}/${kebab}.test.ts)',
`,
);

// ---------------------------------------------------------------------------------------------- web
const web = `apps/web/src/modules/${kebab}`;
write(
  `${web}/api.ts`,
  `import type { ${pascal}Item, ${camel}ListQuery, ${camel}SaveBody, Paged, z } from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData } from '../../platform/request.ts';

/** Calls of ${label}; request types come from the contract schemas (type-only: zod stays out of the bundle). */

export type ${pascal}Query = z.input<typeof ${camel}ListQuery>;
export type ${pascal}Body = z.input<typeof ${camel}SaveBody>;

export const list${pascal} = (params: ${pascal}Query): Promise<PageResult<${pascal}Item>> =>
  fetchData<Paged<${pascal}Item>>('/${camel}/list', { method: 'POST', params: { ...params } });
export const add${pascal} = (data: ${pascal}Body) =>
  fetchData<{ id: number }>('/${camel}/add', { method: 'POST', data });
export const update${pascal} = (data: ${pascal}Body & { id: number; version: number }) =>
  fetchData<null>('/${camel}/update', { method: 'POST', data });
export const delete${pascal} = (id: number, version: number) =>
  fetchData<null>('/${camel}/delete', { method: 'POST', params: { id, version } });
`,
);
write(
  `${web}/${screen}.tsx`,
  `import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { ${pascal}Item } from '@aqzrx/contracts';
import { ${CONST}_STATUS } from '@aqzrx/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { DeleteAction, EditModal, RemarkField } from '../../components/form-parts.tsx';
import { chinaTime, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { add${pascal}, delete${pascal}, list${pascal}, type ${pascal}Body, type ${pascal}Query, update${pascal} } from './api.ts';

type FormValues = Required<Pick<${pascal}Body, 'name' | 'status' | 'remark'>>;

/** ${label}: the organisation's records, with add, edit and delete. */
export function ${screen}() {
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<${pascal}Item | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const done = (text: string) => {
    message.success(text);
    setEditing(null);
    ref.current?.reload();
  };
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      editing && editing !== 'new' ? update${pascal}({ ...v, id: editing.id, version: editing.version }) : add${pascal}(v),
    onSuccess: () => done(editing === 'new' ? '新增成功' : '保存成功'),
  });
  const remove = useMutation({
    mutationFn: (r: ${pascal}Item) => delete${pascal}(r.id, r.version),
    onSuccess: () => done('删除成功'),
  });

  const columns: ProColumns<${pascal}Item>[] = [
    { title: '名称', dataIndex: 'name', ellipsis: true, search: false },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true },
    { title: '状态', dataIndex: 'status', width: 90, valueType: 'select', valueEnum: ${CONST}_STATUS.badgeEnum },
    { title: '备注', dataIndex: 'remark', ellipsis: true, search: false },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, search: false, render: (_, r) => chinaTime(r.updatedAt) },
    {
      title: '操作',
      key: 'op',
      width: 140,
      search: false,
      render: (_, r) => (
        <Space size={0}>
          <Action name="edit">
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          </Action>
          <DeleteAction title={\`确认删除“\${r.name}”？\`} onConfirm={() => remove.mutate(r)} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<${pascal}Item, Omit<${pascal}Query, 'pageNo' | 'pageSize'>>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        request={(p) => list${pascal}(p)}
        toolBarRender={() => [
          <Action key="add" name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增
            </Button>
          </Action>,
        ]}
      />
      <EditModal<${pascal}Item | 'new', FormValues>
        editing={editing}
        valuesOf={(e) => (e === 'new' ? { name: '', status: 'active', remark: '' } : { name: e.name, status: e.status, remark: e.remark })}
        form={form}
        title={editing === 'new' ? '新增${label}' : editing ? \`编辑${label}：\${editing.name}\` : ''}
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v) => save.mutate(v)}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }, { max: 100, message: '名称不能超过100个字符' }]}>
          <Input placeholder="请输入名称" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select options={${CONST}_STATUS.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <RemarkField />
      </EditModal>
    </>
  );
}
`,
);
write(
  `${web}/${screen}.test.tsx`,
  `import type { ${pascal}Item } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { ${screen} } from './${screen}.tsx';

afterEach(() => vi.unstubAllGlobals());

const row: ${pascal}Item = {
  id: 3,
  name: '示例记录',
  status: 'active',
  statusName: '启用',
  remark: '第一条',
  version: 2,
  updatedAt: '2026-03-01T02:30:00Z',
};

describe('${screen}', () => {
  it('lists the rows with their status and China time', async () => {
    fakeApi({ 'POST /api/${camel}/list': () => ({ list: [row], total: 1, pageNum: 1, pageSize: 10 }) });
    renderScreen(<${screen} />, ['query', 'add', 'edit', 'delete']);
    expect(await screen.findByText('示例记录')).toBeTruthy();
    expect(screen.getAllByText('启用').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-03-01 10:30')).toBeTruthy();
  });

  it('adds a record with the typed name', async () => {
    const calls = fakeApi({
      'POST /api/${camel}/list': () => ({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
      'POST /api/${camel}/add': () => ({ id: 9 }),
    });
    renderScreen(<${screen} />, ['query', 'add']);
    fireEvent.click(await screen.findByRole('button', { name: /新\\s*增/ }));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: '新记录' } });
    fireEvent.click(screen.getByRole('button', { name: /保\\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/${camel}/add')).toBe(true));
    expect(calls.find((c) => c.path === '/api/${camel}/add')?.body).toMatchObject({ name: '新记录', status: 'active' });
  });

  it('offers no add or edit without those actions', async () => {
    fakeApi({ 'POST /api/${camel}/list': () => ({ list: [row], total: 1, pageNum: 1, pageSize: 10 }) });
    renderScreen(<${screen} />, ['query']);
    await screen.findByText('示例记录');
    expect(screen.queryByRole('button', { name: /新\\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\\s*辑/ })).toBeNull();
  });
});
`,
);
write(
  `${web}/screens.ts`,
  `import type { ScreenLoader } from '../../screens.ts';

/** Screens of ${label}, keyed by the component name the server seeds (merged in src/screens.ts). */
export const ${camel}Screens: Readonly<Record<string, ScreenLoader>> = {
  ${screen}: () => import('./${screen}.tsx').then((m) => m.${screen}),
};
`,
);
write(
  `${web}/index.ts`,
  `/** Public entry of the ${label} module (screens load lazily through ./screens.ts). */\nexport { ${camel}Screens } from './screens.ts';\n`,
);
insertBefore(
  'apps/web/src/screens.ts',
  '// new:feature imports',
  `import { ${camel}Screens } from './modules/${kebab}/index.ts';\n`,
);
insertBefore('apps/web/src/screens.ts', '  // new:feature screens', `  ${camel}Screens,\n`);

// Formatting and import order as the repository's lint wants them.
spawnSync('npx', ['biome', 'check', '--write', ...created, ...edited], { cwd: root, stdio: 'ignore' });

process.stdout.write(
  [
    `功能 ${kebab}（${label}）已生成。`,
    '',
    '新建文件：',
    ...created.map((f) => `  ${f}`),
    '修改文件：',
    ...edited.map((f) => `  ${f}`),
    '',
    '下一步：npm test；然后按 docs/ARCHITECTURE.md 的清单把它改成真正的功能',
    '（菜单放到使用它的角色下、字段、演示数据、通知、浏览器测试）。',
    '',
  ].join('\n'),
);
