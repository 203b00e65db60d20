import type { ConsultItem } from '@aqzrx/contracts';
import { vi } from 'vitest';

/** Test-only helpers of the consultation screens (a fake API over fetch). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const ok = (data: unknown, result = '操作成功') => json(200, { error: 0, apiError: 0, result, data });
export const fail = (status: number, result: string) =>
  json(status, { error: status, apiError: status, result });

export const CLASSES = [
  { id: 1, kind: 'consult', name: '投保咨询', sort: 1, remark: '', count: 0, version: 1 },
  { id: 2, kind: 'consult', name: '理赔咨询', sort: 2, remark: '', count: 0, version: 1 },
];

export function consult(over: Partial<ConsultItem> = {}): ConsultItem {
  return {
    id: 7,
    classId: 2,
    className: '理赔咨询',
    title: '理赔材料需要原件吗？',
    content: '事故理赔时医疗票据是否必须提交原件？',
    status: 0,
    statusName: '待回复',
    askerName: '安全员',
    askerOrgName: '宿迁市恒安化工有限公司',
    createdAt: '2026-03-01T02:00:00.000Z',
    answer: '',
    answererName: '',
    answererOrgName: '',
    answeredAt: null,
    closedAt: null,
    isPublic: false,
    version: 3,
    asAnswerer: true,
    ...over,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs fetch with `routes` (path without /api → handler). Returns the recorded calls; an unknown
 * path answers 404 so a wrong URL fails the test.
 */
export function fakeApi(routes: Record<string, (c: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[call.path];
    return handler ? handler(call) : fail(404, `no route ${call.path}`);
  });
  vi.stubGlobal('fetch', mock);
  return { calls, mock, to: (path: string) => calls.filter((c) => c.path === path) };
}
