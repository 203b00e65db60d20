// The bare server of the side-by-side benchmarks (issue 18): Fastify + pg and nothing else — no session,
// permission, validation, audit, logging or row mapping — answering each scenario with the SQL the full stack
// sent to PostgreSQL for one warm request of that scenario (captured by bench/lib/capture-sql.mjs). Its pool is
// configured as the product's request pool (size, plan_cache_mode, no parallel workers, named prepared
// statements), so the ratio full stack / bare is the cost of everything the product adds around the same SQL.
//
// As a script (`node bench/lib/bare.mjs`, env DATABASE_URL, POOL_MAX): listens on a free port, prints it, takes
// scenarios by `PUT /scenario/:i` (a JSON array of {text, values}) and answers `POST /s/:i` by running them in
// order and sending the last statement's rows as JSON.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

/** Statements written by the capture preload since `offset` (bytes), minus the batched background writes. */
export function readCaptured(file, offset) {
  const text = fs.existsSync(file) ? fs.readFileSync(file).subarray(offset).toString('utf8') : '';
  return (
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      // The request log is written in batches of up to 200 requests by a timer, not per request.
      .filter((s) => !/\bsys_request_log\b/.test(s.text))
  );
}

/**
 * Parameters of statement k that carry a value an earlier statement generated (an id drawn by nextval or
 * returned by an INSERT … RETURNING, e.g. the operation-log row's id): at replay they take the value that
 * statement returns then, so a replayed insert does not repeat the captured key.
 */
export function carriedValues(statements, k) {
  const carry = {};
  statements[k].values.forEach((v, p) => {
    for (let j = k - 1; j >= 0; j--) {
      const s = statements[j];
      if (!s.row || !/nextval\(|\breturning\b/i.test(s.text)) continue;
      for (const [key, value] of Object.entries(s.row)) {
        // An id, or one of an array of ids (the operation log draws a batch's ids as one array).
        if (/(^|_)id$/i.test(key) && value !== null && String(value) === String(v)) {
          carry[p] = { from: j, key };
          return;
        }
        if (/(^|_)ids$/i.test(key) && Array.isArray(value)) {
          const index = value.findIndex((x) => String(x) === String(v));
          if (index >= 0) {
            carry[p] = { from: j, key, index };
            return;
          }
        }
      }
    }
  });
  return carry;
}

/**
 * The statements one warm request of a scenario sends: two unmarked requests first (the list's total is then
 * cached, as in the steady state the benchmark measures), then one marked for the capture preload.
 */
export async function captureStatements(file, url, init) {
  for (let i = 0; i < 2; i++) await (await fetch(url, init)).arrayBuffer();
  const offset = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const res = await fetch(url, { ...init, headers: { ...init.headers, 'x-bench-capture': '1' } });
  const body = await res.text();
  if (!res.ok) throw new Error(`capture ${url}: ${res.status} ${body.slice(0, 200)}`);
  // Statements after the answer (the audit row written on response) land shortly after it.
  await new Promise((r) => setTimeout(r, 300));
  return readCaptured(file, offset);
}

/** Starts the bare server as its own process (the load generator must not share its event loop). */
export function startBare(databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self], {
      env: { ...process.env, DATABASE_URL: databaseUrl, POOL_MAX: String(2 * os.cpus().length) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      const m = out.match(/bare listening on (\d+)/);
      if (m) {
        const base = `http://127.0.0.1:${m[1]}`;
        resolve({
          child,
          base,
          async define(i, statements) {
            const res = await fetch(`${base}/scenario/${i}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(statements),
            });
            if (!res.ok) throw new Error(`bare scenario ${i}: ${res.status} ${await res.text()}`);
            // One run now: a statement that fails alone must not be measured as fast 500s.
            const check = await fetch(`${base}/s/${i}`, { method: 'POST' });
            if (!check.ok) throw new Error(`bare scenario ${i} fails: ${await check.text()}`);
          },
          stop() {
            child.kill('SIGTERM');
            return new Promise((r) => child.on('exit', r));
          },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}: ${out}`)));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_MAX ?? 4),
    statement_timeout: 4000,
    options: '-c plan_cache_mode=auto -c max_parallel_workers_per_gather=0',
  });
  pool.on('error', () => undefined);
  const scenarios = new Map();
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  app.put('/scenario/:i', async (req) => {
    scenarios.set(
      req.params.i,
      req.body.map((s, k) => ({
        // Named prepared statements, as the product's pool prepares statements with parameters.
        ...(s.values.length > 0
          ? { name: `b${createHash('sha1').update(s.text).digest('hex').slice(0, 20)}` }
          : {}),
        text: s.text,
        values: s.values,
        carry: carriedValues(req.body, k),
      })),
    );
    return { ok: true };
  });
  app.post('/s/:i', async (req, reply) => {
    const statements = scenarios.get(req.params.i);
    if (!statements) return reply.code(404).send({ error: 'no such scenario' });
    const firstRows = [];
    let rows = [];
    const exec = async (q) => {
      for (const s of statements) {
        const values = s.values.map((v, p) => {
          const c = s.carry[p];
          if (!c) return v;
          const value = firstRows[c.from]?.[c.key];
          return c.index === undefined ? value : value?.[c.index];
        });
        rows = (await q({ name: s.name, text: s.text, values })).rows;
        firstRows.push(rows[0]);
      }
    };
    if (statements.some((s) => /^\s*(BEGIN|START TRANSACTION)\b/i.test(s.text))) {
      // A transaction runs on one connection, as the product runs it.
      const client = await pool.connect();
      try {
        await exec((s) => client.query(s));
      } finally {
        client.release();
      }
    } else {
      await exec((s) => pool.query(s));
    }
    return { code: 0, data: rows };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`bare listening on ${new URL(address).port}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

/**
 * Measures each scenario ({name, role, url, headers}: a POST of the full stack) with `run(name, role, opts)`;
 * with `captureFile` (the server started with BENCH_SQL_CAPTURE) each is first served by the bare server with
 * the same SQL, just before, and the row gets `bare` and `ratioToBare`.
 */
export async function measureSideBySide({ scenarios, run, databaseUrl, captureFile }) {
  const rows = [];
  const bare = captureFile ? await startBare(databaseUrl) : null;
  try {
    for (const [i, { name, role, url, headers }] of scenarios.entries()) {
      const opts = { url, method: 'POST', headers };
      if (!bare) {
        rows.push(await run(name, role, opts));
        continue;
      }
      const statements = await captureStatements(captureFile, url, { method: 'POST', headers });
      await bare.define(i, statements);
      const b = await run('  bare Fastify + pg, same SQL', role, {
        url: `${bare.base}/s/${i}`,
        method: 'POST',
      });
      const row = await run(name, role, opts);
      row.bare = { reqPerSec: b.reqPerSec, p50ms: b.p50ms, p99ms: b.p99ms, non2xx: b.non2xx };
      row.ratioToBare = Math.round((row.reqPerSec / b.reqPerSec) * 100) / 100;
      row.statements = statements.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 160));
      console.log(
        `${'  ratio full stack / bare'.padEnd(58)} ${row.ratioToBare.toFixed(2)}  (${statements.length} statements)`,
      );
      rows.push(row);
    }
  } finally {
    await bare?.stop();
  }
  return rows;
}
