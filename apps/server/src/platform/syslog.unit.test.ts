import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ChainedOperLog } from './log-chain.ts';
import { createSyslogShipper, formatSyslog, parseSyslogUrl } from './syslog.ts';

const row = (over: Partial<ChainedOperLog> = {}): ChainedOperLog => ({
  id: 7,
  createdAt: new Date('2026-06-15T01:02:03.004Z'),
  userId: 3,
  username: 'admin',
  roleKey: 'ROLE_ADMIN',
  orgName: '宿迁市应急管理局',
  module: '用户管理',
  kind: 'edit',
  method: 'POST',
  path: '/api/sys/user/edit',
  params: '',
  targetId: '12',
  ip: '10.1.2.3',
  durationMs: 5,
  outcome: 'success',
  errorMsg: '',
  requestId: 'req-1',
  hmac: 'ab'.repeat(32),
  ...over,
});

describe('RFC 5424 lines (security.md L04)', () => {
  it('header, structured data and message', () => {
    const line = formatSyslog(row(), { hostname: 'web1', procId: 42 });
    expect(line).toBe(
      '<110>1 2026-06-15T01:02:03.004Z web1 aqzrx 42 edit [aqzrx@32473 id="7" userId="3" user="admin" role="ROLE_ADMIN" ' +
        'org="宿迁市应急管理局" module="用户管理" kind="edit" outcome="success" method="POST" path="/api/sys/user/edit" ' +
        `target="12" ip="10.1.2.3" durationMs="5" requestId="req-1" hmac="${'ab'.repeat(32)}"] \uFEFF用户管理 edit success`,
    );
  });

  it('a failure is a warning; quotes, brackets and line breaks cannot break the line or its fields', () => {
    const line = formatSyslog(row({ outcome: 'fail', username: 'a"b]c\\', errorMsg: '403 x\ny' }), {
      hostname: 'web1',
    });
    expect(line.startsWith('<108>1 ')).toBe(true);
    expect(line).toContain('user="a\\"b\\]c\\\\"');
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.endsWith('用户管理 edit fail 403 x\\ny')).toBe(true);
  });

  it('SYSLOG_URL: udp or tcp, port 514 by default', () => {
    expect(parseSyslogUrl('udp://log.example:1514')).toEqual({
      protocol: 'udp',
      host: 'log.example',
      port: 1514,
    });
    expect(parseSyslogUrl('tcp://10.0.0.9')).toEqual({ protocol: 'tcp', host: '10.0.0.9', port: 514 });
    expect(() => parseSyslogUrl('http://x')).toThrow('SYSLOG_URL');
  });
});

describe('TCP shipping', () => {
  it('one LF-terminated line per row, in order; rows shipped while connecting wait', async () => {
    const lines: string[] = [];
    let buf = '';
    const server = net.createServer((s) =>
      s.setEncoding('utf8').on('data', (d: string) => {
        buf += d;
        const parts = buf.split('\n');
        buf = parts.pop()!;
        lines.push(...parts);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const shipper = createSyslogShipper(`tcp://127.0.0.1:${port}`);
    shipper.ship(row({ id: 1 }));
    shipper.ship(row({ id: 2 }));
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toContain('id="1"');
    expect(lines[1]).toContain('id="2"');
    await shipper.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('an unreachable server never throws to the caller', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const errors: unknown[] = [];
    const shipper = createSyslogShipper(`tcp://127.0.0.1:${port}`, (err) => errors.push(err));
    expect(() => shipper.ship(row())).not.toThrow();
    const udp = createSyslogShipper(`udp://127.0.0.1:${port}`);
    expect(() => udp.ship(row())).not.toThrow();
    await shipper.close();
    await udp.close();
  });
});
