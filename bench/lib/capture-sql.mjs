// Preloaded into the benchmarked server (`node --import ./bench/lib/capture-sql.mjs`, set by bench/lib/server.mjs
// when BENCH_SQL_CAPTURE names a file): every SQL statement a request marked `x-bench-capture: 1` sends to
// PostgreSQL is appended to that file as one JSON line {text, values}. The bare server of bench/lib/bare.mjs
// replays exactly these statements, so the full stack is compared with the same SQL. Requests without the header
// pay one AsyncLocalStorage lookup per statement and nothing else.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const file = process.env.BENCH_SQL_CAPTURE;
// BENCH_SQL_CAPTURE_ALL=1: every statement, marked or not (diagnosis: what a request costs besides its own).
const all = process.env.BENCH_SQL_CAPTURE_ALL === '1';
if (file) {
  const marked = new AsyncLocalStorage();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, ...rest) {
    if (event === 'request' && req?.headers?.['x-bench-capture'] === '1') {
      return marked.run(true, () => emit.call(this, event, req, ...rest));
    }
    return emit.call(this, event, req, ...rest);
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, ...rest) {
    const result = query.call(this, config, values, ...rest);
    if (all || marked.getStore()) {
      const text = typeof config === 'string' ? config : config?.text;
      const vals = typeof config === 'string' ? values : (config?.values ?? values);
      // Written once the statement completes (in call order: a request's statements run one after another),
      // with its first row, so the replay can carry a generated id into the statements that use it.
      if (typeof text === 'string' && typeof result?.then === 'function') {
        result.then(
          (r) =>
            fs.appendFileSync(
              file,
              `${JSON.stringify({ text, values: Array.isArray(vals) ? vals : [], row: r?.rows?.[0] ?? null })}\n`,
            ),
          () => undefined,
        );
      }
    }
    return result;
  };
}
