import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { UnderCoveredTag } from '../policy/index.ts';
import { EnterpriseFlags } from './display.tsx';
import { GovEntScore } from './GovEntScore.tsx';

const SLOW = { timeout: 8000 };
/** The stored score of the enterprise the detail call answers (null: not rated yet). */
let detailScore: number | null = 90;

const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function signIn(actions: string[]) {
  signInAs(
    testUser({
      uid: 2,
      username: 'gov',
      nickname: '',
      isOrg: true,
      orgId: 1,
      orgName: '',
      roleKey: 'ROLE_GOVERNMENT',
      roleName: '政府',
      permissions: { enterprise: actions },
    }),
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/enterprise/detail')
        return ok({ id: 7, name: '宿迁市恒安化工有限公司', scoredAt: null, score: detailScore });
      if (path === '/api/enterprise/params')
        return ok({ id: 7, version: 2, params: [], score: 90, scoreGrade: 1, lines: [] });
      if (path === '/api/enterprise/scoreHistory')
        return ok({ page: { list: [], total: 0, pageNum: 1, pageSize: 10 } });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  detailScore = 90;
  authStore.set((st) => ({ ...st, user: null }));
  vi.unstubAllGlobals();
});

describe('企业评分 actions', () => {
  it('调整企业参数 needs the enterprise edit right; reading the score does not', async () => {
    signIn(['query', 'get']);
    renderWithApp(<GovEntScore />, {
      path: '/government/govEnt/GovEntScore/route?id=7',
      actions: ['query', 'get'],
    });
    expect(await screen.findByRole('button', { name: '企业详情' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '调整企业参数' })).toBeNull();
  });

  it('a regulator holding enterprise.edit sees it', async () => {
    signIn(['query', 'get', 'edit']);
    renderWithApp(<GovEntScore />, {
      path: '/government/govEnt/GovEntScore/route?id=7',
      actions: ['query', 'get'],
    });
    expect(await screen.findByRole('button', { name: '调整企业参数' }, SLOW)).toBeTruthy();
  });
});

describe('企业评分 names its band 评分等级', () => {
  it('shows the score’s 评分等级 (优), never a 风险等级 label of the rule table', async () => {
    signIn(['query', 'get']);
    renderWithApp(<GovEntScore />, {
      path: '/government/govEnt/GovEntScore/route?id=7',
      actions: ['query', 'get'],
    });
    const grade = await screen.findByTestId('score-grade', {}, SLOW);
    expect(grade.textContent).toBe('优');
    expect(screen.getByText(/≥85 分为优/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '评分等级' })).toBeTruthy();
    expect(screen.queryByText(/风险等级|低风险/)).toBeNull();
  });
});

describe('enterprise flags', () => {
  it('shows 未全员投保 when an in-force policy does not cover the whole staff', () => {
    renderWithApp(<EnterpriseFlags mustInsure insuredNow blacklist={false} riskLevel={3} underCovered />);
    expect(screen.getByText('未全员投保')).toBeTruthy();
    expect(screen.queryByText('参保人数多于从业人员')).toBeNull();
  });

  it('shows 参保人数多于从业人员, not 未全员投保, when more people are insured than employed', () => {
    renderWithApp(<EnterpriseFlags mustInsure insuredNow blacklist={false} riskLevel={3} overCovered />);
    expect(screen.getByText('参保人数多于从业人员')).toBeTruthy();
    expect(screen.queryByText('未全员投保')).toBeNull();
  });

  it('a policy row is tagged only when the server derived underCovered', () => {
    renderWithApp(
      <>
        <UnderCoveredTag row={{ underCovered: true, headcount: 30, enterpriseEmployees: 33 }} />
        <UnderCoveredTag row={{ underCovered: false, headcount: 30, enterpriseEmployees: 30 }} />
      </>,
    );
    expect(screen.getAllByTestId('under-covered')).toHaveLength(1);
  });
});

describe('企业评分 of an enterprise that is not rated yet', () => {
  it('says 未评级 like the list, not the score its default parameters would give', async () => {
    detailScore = null;
    signIn(['query', 'get']);
    renderWithApp(<GovEntScore />, {
      path: '/government/govEnt/GovEntScore/route?id=7',
      actions: ['query', 'get'],
    });
    expect(await screen.findByText('企业尚未完善企业信息，完善后自动计算评分', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('未评级')).toBeTruthy();
    expect(screen.queryByText('计算更新于', { exact: false })).toBeNull();
  });
});
