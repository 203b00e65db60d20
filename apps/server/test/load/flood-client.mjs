// The flooding client of apps/server/test/load/flood.test.ts (security.md R04), a process of its own so its
// load generation does not share an event loop with the colleague whose latencies the test measures.
// FLOOD (JSON): { seconds, targets: [{ url, method, headers, body, rate, connections }] }. Every target is
// driven at its own fixed rate (autocannon overallRate) at the same time. Prints `started` as the load begins,
// then one JSON line, per target: answers by status, errors, timeouts and the requests sent.
import autocannon from 'autocannon';

const spec = JSON.parse(process.env.FLOOD ?? '{}');

// The test starts its measurements from here (starting node and loading autocannon takes seconds when loaded).
process.stdout.write('started\n');
const results = await Promise.all(
  spec.targets.map(
    (t) =>
      new Promise((resolve, reject) => {
        autocannon(
          {
            url: t.url,
            method: t.method,
            headers: t.headers,
            body: t.body,
            connections: t.connections,
            overallRate: t.rate,
            duration: spec.seconds,
            timeout: 10,
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        );
      }),
  ),
);

process.stdout.write(
  `${JSON.stringify(
    results.map((r) => ({
      url: r.url,
      sent: r.requests.sent,
      total: r.requests.total,
      statuses: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
      errors: r.errors,
      timeouts: r.timeouts,
      latencyP97_5: r.latency.p97_5,
    })),
  )}\n`,
);
