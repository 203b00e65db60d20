import { execSync } from 'node:child_process';
import path from 'node:path';
import { usccCheckChar } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { post, profileBody } from '../../src/modules/policy/policy.testkit.ts';
import { pgUrl } from '../global-setup.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import {
  type Cluster,
  clusterAt,
  freePort,
  initCluster,
  pgBinDir,
  pgScratchDir,
  query,
  runAsPg,
} from './cluster.ts';

const code = (body17: string) => body17 + usccCheckChar(body17);

/**
 * Issue 18: DATABASE_REPLICA_URL on a real streaming standby (pg_basebackup -R of a private primary holding
 * the test template). Replay is paused on the standby so that what the primary holds and what the standby
 * holds differ, and the answers show which one served them.
 */
describe('read replica on a private primary and its streaming standby', () => {
  let root = '';
  let primary: Cluster;
  let standby: Cluster;
  let t: TestContext;
  const clusters: Cluster[] = [];

  beforeAll(async () => {
    root = pgScratchDir('replica');
    primary = initCluster(root, 'primary', await freePort(), ['wal_level = replica', 'max_wal_senders = 4']);
    primary.start();
    clusters.push(primary);
    await query(primary.url(), 'CREATE DATABASE aqzrx');
    const bin = pgBinDir();
    const template = pgUrl(process.env.TEST_DATABASE_URL!, inject('templateDb'));
    execSync(
      `"${path.join(bin, 'pg_dump')}" --no-owner --no-privileges "${template}" | "${path.join(bin, 'psql')}" -q -v ON_ERROR_STOP=1 "${primary.url('aqzrx')}"`,
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const standbyDir = path.join(root, 'standby');
    runAsPg(path.join(bin, 'pg_basebackup'), [
      '-d',
      primary.url(),
      '-D',
      standbyDir,
      '-R',
      '-Xstream',
      '-c',
      'fast',
    ]);
    standby = clusterAt(root, standbyDir, await freePort());
    standby.start();
    clusters.push(standby);

    t = await createTestContext(
      {
        DATABASE_URL: primary.url('aqzrx'),
        DATABASE_REPLICA_URL: standby.url('aqzrx'),
        // Replay is paused in this test for longer than the default lag bound allows.
        REPLICA_MAX_LAG_MS: '600000',
        REPLICA_CHECK_MS: '200',
      },
      (config) =>
        openDatabase({ databaseUrl: config.DATABASE_URL!, replicaUrl: config.DATABASE_REPLICA_URL! }),
    );
    // The standby has replayed the dump once it is usable.
    const until = Date.now() + 60_000;
    while (!(await t.app.reads.check()).usable && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    expect(t.app.reads.state()).toMatchObject({ configured: true, usable: true });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    for (const c of clusters.reverse()) {
      try {
        c.stop();
      } catch {
        // already stopped
      }
    }
    if (root) execSync(`rm -rf "${root}"`);
  });

  /** Names of the enterprises the list gives `token` for `keyword`. */
  async function listed(token: string, keyword: string): Promise<string[]> {
    const r = await post(t, `/api/enterprise/list?pageSize=50&keyword=${encodeURIComponent(keyword)}`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.data.page.list as Array<{ name: string }>).map((e) => e.name);
  }

  it('lists come from the standby; a user who just saved reads the primary; a lost standby leaves the primary answering', async () => {
    const gov = await t.login('gov');
    const govSy = await t.login('gov_sy');
    await query(standby.url('aqzrx'), 'SELECT pg_wal_replay_pause()');

    // Written on the primary behind the application's back: the standby, paused, does not have it.
    await query(
      primary.url('aqzrx'),
      `WITH o AS (
         INSERT INTO sys_org (org_type, name, uscc, district_code, created_at, updated_at)
         VALUES ('enterprise', '宿迁市副本未达有限公司', '${code('91321323MA9RP0001')}', '321323', now(), now())
         RETURNING id)
       INSERT INTO ins_enterprise
         SELECT (jsonb_populate_record(NULL::ins_enterprise, to_jsonb(e) || jsonb_build_object('id', (SELECT id FROM o)))).*
         FROM ins_enterprise e JOIN sys_org so ON so.id = e.id WHERE so.district_code = '321323' LIMIT 1`,
    );
    expect(await listed(gov, '副本未达')).toEqual([]);
    expect(await listed(govSy, '副本未达')).toEqual([]);

    // gov saves an enterprise through the application: its next list reads the primary and shows both.
    const add = await post(
      t,
      '/api/enterprise/add',
      gov,
      profileBody({
        uscc: code('91321323MA9RP0002'),
        name: '宿迁市副本自写有限公司',
        districtCode: '321323',
      }),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect((await listed(gov, '宿迁市副本')).sort()).toEqual([
      '宿迁市副本未达有限公司',
      '宿迁市副本自写有限公司',
    ]);
    // A colleague who wrote nothing still reads the standby.
    expect(await listed(govSy, '宿迁市副本')).toEqual([]);

    // The standby stops: the next read falls back to the primary, answered, not an error.
    standby.stop();
    expect((await listed(govSy, '宿迁市副本')).sort()).toEqual([
      '宿迁市副本未达有限公司',
      '宿迁市副本自写有限公司',
    ]);
    expect(t.app.reads.state().usable).toBe(false);
    expect(t.app.reads.state().reason).toContain('只读副本');
    // And it comes back once the standby is up and has caught up.
    standby.start();
    await query(standby.url('aqzrx'), 'SELECT pg_wal_replay_resume()').catch(() => undefined);
    const until = Date.now() + 60_000;
    while (!(await t.app.reads.check()).usable && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    expect(t.app.reads.state().usable).toBe(true);
    expect((await listed(govSy, '宿迁市副本')).sort()).toEqual([
      '宿迁市副本未达有限公司',
      '宿迁市副本自写有限公司',
    ]);
  }, 240_000);
});
