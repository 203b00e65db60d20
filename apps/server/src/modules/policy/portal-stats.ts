import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/context.ts';

/**
 * The portal statistics registry (registerPortalStat) is process-wide and its providers take no
 * arguments, while tests build and close several apps in one process. Providers therefore read the
 * database of the most recently built app that is still open.
 */
const live: Array<{ db: Db; clock: Clock }> = [];

export function trackApp(app: FastifyInstance): void {
  const entry = { db: app.db, clock: app.deps.clock };
  if (live.some((e) => e.db === entry.db)) return;
  live.push(entry);
  app.addHook('onClose', async () => {
    const i = live.indexOf(entry);
    if (i >= 0) live.splice(i, 1);
  });
}

export function currentApp(): { db: Db; clock: Clock } | undefined {
  return live[live.length - 1];
}
