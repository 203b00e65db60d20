import { randomBytes, randomUUID } from 'node:crypto';
import {
  optionLabel,
  PUSH_BATCH_MAX,
  PUSH_DATA_KINDS,
  PUSH_MAX_ATTEMPTS,
  PUSH_TIMEOUT_MS,
  type PushDataKind,
  PushHeader,
  type PushRunStatus,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import { decryptPii } from '../../platform/pii.ts';
import { recordPushAttempt, recordPushStart } from '../log/index.ts';
import { changedApProjects, changedApRecords } from '../prevention/index.ts';
import { sign, stringToSign } from '../subsystem/index.ts';
import {
  advanceCursor,
  type ChangedBatch,
  changedClaims,
  changedPolicies,
  claimPushLease,
  enabledTargets,
  loadTarget,
  type PushTarget,
  parseKinds,
  pushPlan,
  readCursor,
  recordRun,
  releasePushLease,
  renewPushLease,
} from './push.service.ts';

/**
 * The push worker: every interval, for each subsystem with pushes enabled, it sends the policies and claims
 * that changed since the subsystem's cursor to its push URL, in batches of at most 100, as signed JSON POSTs
 * (headers in README.md). A 2xx answer moves the cursor past the batch; anything else (status, timeout after
 * 10 s, connection error) is retried with exponential backoff up to 6 attempts, without moving the cursor, so
 * the next run starts from the same records. Every batch is one row of the push log (sys_push_log), updated
 * with each attempt.
 *
 * Runs of one subsystem never overlap in this process (the timer and "push now" share one guard), nor across
 * processes and instances (issue 18): a run first takes the subsystem's lease in the database
 * (sys_subsystem_push.run_owner/run_until, FOR UPDATE SKIP LOCKED, push.service.ts), renews it before each batch
 * and gives it back at the end; an instance that finds it held passes on. So each batch is sent by one instance
 * once. A lease outlives its instance by at most LEASE_MS (a killed process); the compare-and-set cursor keeps
 * runs from skipping records whatever happens, and receivers still treat (kind, id, version) as idempotent (a
 * batch whose answer was lost is sent again). Runs end when the app closes (in-flight requests and backoff waits
 * are aborted).
 */

export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Aborted when the worker stops. */
  signal: AbortSignal;
}
export interface PushResponse {
  status: number;
  /** The beginning of the answer's body (for the push log). */
  body: string;
}
/** Sends one pushed request; throws on a network error, timeout or abort. */
export interface PushSender {
  send(req: PushRequest): Promise<PushResponse>;
}

const RESPONSE_TEXT_MAX = 1000;
/**
 * How long a push lease holds without renewal: longer than one batch's worst case (six attempts of 10 s with
 * 2+4+8+16+32 s between them, about two minutes).
 */
export const LEASE_MS = 5 * 60_000;
/** What a run answers when another instance is pushing the subsystem (not recorded: that run records). */
export const PUSHING_ELSEWHERE = '另一个服务实例正在推送该子系统';

async function readSome(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

/** The real sender: Node's fetch, no redirects followed (a 3xx is a failure), a whole-request timeout. */
export const fetchSender: PushSender = {
  async send(req) {
    const res = await fetch(req.url, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: AbortSignal.any([req.signal, AbortSignal.timeout(req.timeoutMs)]),
    });
    return { status: res.status, body: await readSome(res, RESPONSE_TEXT_MAX) };
  },
};

export interface PushWorkerOptions {
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  sender?: PushSender;
  timeoutMs?: number;
  maxAttempts?: number;
  /** Wait before the 2nd attempt; doubled before each further one (2, 4, 8, 16, 32 s by default). */
  retryBaseMs?: number;
  /**
   * Records changed less than this long ago wait for the next run: a transaction that commits late with an
   * earlier updated_at must not be overtaken by the cursor.
   */
  settleMs?: number;
  batchSize?: number;
  /** Batches per data kind in one run (the rest follows in the next run). */
  maxBatchesPerRun?: number;
}

export interface PushRunResult {
  status: PushRunStatus;
  message: string;
  delivered: number;
}

export interface PushWorker {
  start(): void;
  stop(): Promise<void>;
  /** One run over every subsystem with pushes enabled. */
  runOnce(): Promise<void>;
  /** One run for a subsystem (waits for a run already under way instead of starting another). */
  runSubsystem(subsystemId: number): Promise<PushRunResult>;
  /** Starts a run in the background; false when one is under way. */
  trigger(subsystemId: number): boolean;
  isRunning(subsystemId: number): boolean;
}

const kindLabel = (k: PushDataKind) => optionLabel(PUSH_DATA_KINDS, k);

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function failureText(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `请求超时（${Math.round(timeoutMs / 1000)}秒未完成）`;
  if (e?.name === 'AbortError') return '推送已中止（服务停止）';
  const detail = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
  return `连接失败：${detail}`;
}

export function createPushWorker(app: FastifyInstance, opts: PushWorkerOptions): PushWorker {
  const { clock } = app.deps;
  const sender = opts.sender ?? fetchSender;
  const timeoutMs = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  const maxAttempts = opts.maxAttempts ?? PUSH_MAX_ATTEMPTS;
  const retryBaseMs = opts.retryBaseMs ?? 2000;
  const settleMs = opts.settleMs ?? 10_000;
  const batchSize = opts.batchSize ?? PUSH_BATCH_MAX;
  const maxBatches = opts.maxBatchesPerRun ?? 50;

  const runs = new Map<number, Promise<PushRunResult>>();
  /** This worker's name on the leases it takes. */
  const owner = randomUUID();
  let abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let cycle: Promise<void> | undefined;
  let stopped = true;

  /** Sends one batch, retrying; answers whether the receiver took it (2xx) and the last failure. */
  async function deliver(
    t: PushTarget,
    secret: string,
    kind: PushDataKind,
    batch: ChangedBatch,
  ): Promise<{ ok: boolean; message: string }> {
    const batchId = randomUUID();
    const url = new URL(t.pushUrl ?? '');
    const body = JSON.stringify({
      batchId,
      kind,
      subsystem: t.code,
      sentAt: clock.now().toISOString(),
      count: batch.items.length,
      items: batch.items,
    });
    const logId = await recordPushStart(
      app.db,
      {
        targetSystem: t.code,
        dataKind: kind,
        recordId: batchId,
        payloadSummary: `${kindLabel(kind)}${batch.items.length}条（id ${batch.firstId}–${batch.lastId}），推送至 ${url.host}${url.pathname}`,
      },
      clock.now(),
    );
    let message = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1 && !(await sleep(retryBaseMs * 2 ** (attempt - 2), abort.signal))) break;
      const timestamp = String(clock.now().getTime());
      const nonce = randomBytes(16).toString('hex');
      const signature = sign(secret, stringToSign('POST', url.pathname + url.search, timestamp, nonce, body));
      let ok = false;
      let code: number | null = null;
      try {
        const res = await sender.send({
          url: url.href,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            [PushHeader.APP_KEY]: t.appKey ?? '',
            [PushHeader.TIMESTAMP]: timestamp,
            [PushHeader.NONCE]: nonce,
            [PushHeader.SIGNATURE]: signature,
            [PushHeader.KIND]: kind,
            [PushHeader.BATCH]: batchId,
          },
          body,
          timeoutMs,
          signal: abort.signal,
        });
        code = res.status;
        ok = res.status >= 200 && res.status < 300;
        if (!ok) {
          const redirect =
            res.status >= 300 && res.status < 400 ? '（平台不跟随重定向，请填写最终地址）' : '';
          message = `HTTP ${res.status}${redirect}${res.body ? `：${res.body.slice(0, 200)}` : ''}`;
        }
      } catch (err) {
        message = failureText(err, timeoutMs);
      }
      await recordPushAttempt(
        app.db,
        logId,
        { ok, responseCode: code, errorMsg: ok ? '' : `第${attempt}次尝试：${message}` },
        clock.now(),
      );
      if (ok) return { ok: true, message: '' };
      if (abort.signal.aborted) break;
    }
    return { ok: false, message };
  }

  async function run(subsystemId: number): Promise<PushRunResult> {
    if (!(await claimPushLease(app.db, subsystemId, owner, clock.now(), LEASE_MS)))
      return { status: 'skipped', message: PUSHING_ELSEWHERE, delivered: 0 };
    try {
      return await runLeased(subsystemId);
    } finally {
      await releasePushLease(app.db, subsystemId, owner).catch((err) =>
        app.log.warn({ err, subsystemId }, 'push lease release failed (it expires by itself)'),
      );
    }
  }

  async function runLeased(subsystemId: number): Promise<PushRunResult> {
    const t = await loadTarget(app.db, subsystemId);
    if (!t?.enabled) return { status: 'skipped', message: '未启用推送', delivered: 0 };
    const { plan, problems } = await pushPlan(app.db, t, parseKinds(t.dataKinds ?? ''));
    const finish = async (r: PushRunResult) => {
      await recordRun(app.db, subsystemId, r.status, r.message, clock.now());
      return r;
    };
    if (!plan) return finish({ status: 'skipped', message: `未推送：${problems.join('；')}`, delivered: 0 });
    let secret: string;
    try {
      secret = decryptPii(t.secretEnc ?? '');
    } catch (err) {
      app.log.error({ err, subsystem: t.code }, 'subsystem secret cannot be decrypted');
      return finish({ status: 'fail', message: '子系统密钥无法解密，请重置密钥', delivered: 0 });
    }
    const done: string[] = [];
    let delivered = 0;
    let failure = '';
    for (const kind of plan.kinds) {
      let count = 0;
      for (let b = 0; b < maxBatches && !abort.signal.aborted; b++) {
        if (!(await renewPushLease(app.db, subsystemId, owner, clock.now(), LEASE_MS))) {
          failure = `${kindLabel(kind)}推送中断：推送租约已过期并被其他服务实例接管，将由其继续`;
          break;
        }
        const cursor = await readCursor(app.db, subsystemId, kind);
        const settleBefore = new Date(clock.now().getTime() - settleMs);
        const batch =
          kind === 'policy'
            ? await changedPolicies(app.db, plan.actor, cursor, settleBefore, batchSize, clock.now())
            : kind === 'claim'
              ? await changedClaims(app.db, plan.actor, cursor, settleBefore, batchSize)
              : kind === 'apProject'
                ? await changedApProjects(app.db, plan.actor, cursor, settleBefore, batchSize)
                : await changedApRecords(app.db, plan.actor, cursor, settleBefore, batchSize);
        if (!batch) break;
        const sent = await deliver(t, secret, kind, batch);
        if (!sent.ok) {
          failure = `${kindLabel(kind)}推送失败（已重试，下次运行从同一位置继续）：${sent.message}`;
          break;
        }
        count += batch.items.length;
        // Someone reset or moved the cursor meanwhile: the next run continues from where it is now.
        if (!(await advanceCursor(app.db, subsystemId, kind, cursor, batch.last, clock.now()))) break;
        if (batch.items.length < batchSize) break;
      }
      if (count) done.push(`${kindLabel(kind)}${count}条`);
      delivered += count;
      if (failure) break;
    }
    const sentText = done.length ? `已推送${done.join('、')}` : '';
    if (failure)
      return finish({ status: 'fail', message: [sentText, failure].filter(Boolean).join('；'), delivered });
    return finish(
      delivered
        ? { status: 'success', message: sentText, delivered }
        : { status: 'idle', message: '没有新的变更数据', delivered },
    );
  }

  function runSubsystem(subsystemId: number): Promise<PushRunResult> {
    const current = runs.get(subsystemId);
    if (current) return current;
    const p = run(subsystemId)
      .catch(async (err) => {
        app.log.error({ err, subsystemId }, 'push run failed');
        const r: PushRunResult = {
          status: 'fail',
          message: '推送出错（服务器内部错误），下次运行将重试',
          delivered: 0,
        };
        await recordRun(app.db, subsystemId, r.status, r.message, clock.now()).catch(() => undefined);
        return r;
      })
      .finally(() => runs.delete(subsystemId));
    runs.set(subsystemId, p);
    return p;
  }

  async function runOnce(): Promise<void> {
    for (const id of await enabledTargets(app.db)) {
      if (abort.signal.aborted) return;
      await runSubsystem(id);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      cycle = runOnce()
        .catch((err) => app.log.error({ err }, 'push cycle failed'))
        .finally(() => {
          cycle = undefined;
          schedule();
        });
    }, opts.intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      abort = new AbortController();
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abort.abort();
      await cycle;
      await Promise.allSettled([...runs.values()]);
    },
    runOnce,
    runSubsystem,
    trigger(subsystemId) {
      if (runs.has(subsystemId)) return false;
      void runSubsystem(subsystemId);
      return true;
    },
    isRunning: (subsystemId) => runs.has(subsystemId),
  };
}
