import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import type { TrainingDetail, TrainingRow, TrainingSignUp } from './api-activity.ts';
import { EntAPSignUp, GovApTrain, PublisherTraining } from './Training.tsx';

afterEach(() => vi.unstubAllGlobals());

const noActions = { edit: false, cancel: false, record: false, signUp: false, cancelSignUp: false };
const row = (over: Partial<TrainingRow> = {}): TrainingRow => ({
  id: 7,
  topic: '危化品企业安全培训',
  mode: 'offline',
  modeLabel: '线下',
  startsAt: '2026-05-10T01:00:00Z',
  endsAt: '2026-05-10T04:00:00Z',
  place: '宿城区会议中心',
  onlineLink: '',
  capacity: 50,
  signedParticipants: 12,
  signedEnterprises: 2,
  seatsLeft: 38,
  targetDistricts: ['321302'],
  targetDistrictNames: '宿城区',
  targetIndustries: [],
  targetIndustryNames: '全部行业',
  status: 'published',
  statusLabel: '已发布',
  phase: 'open',
  phaseLabel: '报名中',
  publisherId: 11,
  publisherName: '安泰安全技术服务',
  publisherType: 'service',
  publisherTypeLabel: '服务机构',
  attendedEnterprises: 0,
  attendees: 0,
  createdAt: '2026-04-01T01:00:00Z',
  version: 2,
  mySignUp: null,
  actions: noActions,
  ...over,
});
const signUp = (over: Partial<TrainingSignUp> = {}): TrainingSignUp => ({
  id: 31,
  trainingId: 7,
  enterpriseId: 21,
  enterpriseName: '宿迁化工有限公司',
  districtCode: '321302',
  districtName: '宿城区',
  participants: 5,
  contactName: '王工',
  contactPhone: '138****0000',
  remark: '',
  status: 'signed',
  statusLabel: '已报名',
  signedAt: '2026-04-02T01:00:00Z',
  cancelledAt: null,
  attended: null,
  attendeeCount: null,
  version: 1,
  ...over,
});
const detail = (r: TrainingRow, signUps: TrainingSignUp[]): TrainingDetail => ({
  ...r,
  description: '',
  contactName: '',
  contactPhone: '',
  materials: [],
  photos: [{ id: '0f8b7c2e-8a51-4a53-9a7e-3d7f1e2b9c10', name: '现场.jpg', size: 4096, kind: 'image' }],
  summary: '讲解危化品储存要求',
  recordedAt: null,
  cancelReason: '',
  cancelledAt: null,
  signUps,
});
const page = (list: TrainingRow[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

describe('PublisherTraining (ServiceApTrain / ExpertApTrain / InsuranceApTrain)', () => {
  it('records attendance of every sign-up with summary and photos', async () => {
    const started = row({ phase: 'toRecord', phaseLabel: '待登记', actions: { ...noActions, record: true } });
    const calls = fakeApi({
      'POST /api/training/list': () => page([started]),
      'POST /api/training/detail': () =>
        detail(started, [signUp(), signUp({ id: 32, enterpriseName: '泗洪建材厂', participants: 3 })]),
      'POST /api/training/attendance': () => null,
    });
    renderScreen(<PublisherTraining />, ['add', 'query', 'get', 'edit']);
    expect(await screen.findByText('危化品企业安全培训')).toBeTruthy();
    expect(screen.getByText('12 / 50')).toBeTruthy();
    expect(screen.getByRole('button', { name: /发布培训/ })).toBeTruthy();
    fireEvent.click(screen.getByText('登记出勤'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('泗洪建材厂参加'));
    fireEvent.change(within(dialog).getByLabelText('宿迁化工有限公司实到人数'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存登记' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/training/attendance')).toBe(true));
    expect(calls.find((c) => c.path === '/api/training/attendance')!.body).toEqual({
      id: 7,
      version: 2,
      summary: '讲解危化品储存要求',
      photos: ['0f8b7c2e-8a51-4a53-9a7e-3d7f1e2b9c10'],
      materials: [],
      attendance: [
        { signUpId: 31, attended: true, attendeeCount: 4 },
        { signUpId: 32, attended: false, attendeeCount: 0 },
      ],
    });
  });

  it('without the add action there is no 发布培训', async () => {
    fakeApi({ 'POST /api/training/list': () => page([row()]) });
    renderScreen(<PublisherTraining />, ['query', 'get']);
    expect(await screen.findByText('危化品企业安全培训')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /发布培训/ })).toBeNull();
  });
});

describe('GovApTrain (培训记录)', () => {
  it('lists the sessions with publisher and attendance, and shows the sign-ups', async () => {
    const done = row({
      status: 'completed',
      statusLabel: '已完成',
      phase: 'completed',
      phaseLabel: '已完成',
      attendedEnterprises: 1,
      attendees: 4,
    });
    fakeApi({
      'POST /api/training/list': () => page([done]),
      'POST /api/training/detail': () => detail(done, [signUp({ attended: true, attendeeCount: 4 })]),
    });
    renderScreen(<GovApTrain />, ['query', 'get', 'export']);
    expect(await screen.findByText('安泰安全技术服务')).toBeTruthy();
    expect(screen.getByText('1家 4人')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出Excel/ })).toBeTruthy();
    fireEvent.click(screen.getByText('查看'));
    const signUps = await screen.findByTestId('training-signups');
    expect(within(signUps).getByText('宿迁化工有限公司')).toBeTruthy();
    expect(within(signUps).getByText('已参加 4人')).toBeTruthy();
  });
});

describe('EntAPSignUp (服务报名)', () => {
  it('signs up within the seats left, then lists its sign-ups where it can cancel', async () => {
    const open = row({ seatsLeft: 3, actions: { ...noActions, signUp: true } });
    const mine = row({
      mySignUp: signUp({ participants: 2, version: 4 }),
      actions: { ...noActions, cancelSignUp: true },
    });
    const calls = fakeApi({
      'POST /api/training/list': (c) => page([c.query.get('view') === 'mine' ? mine : open]),
      'POST /api/training/signUp': () => ({ id: 40 }),
      'POST /api/training/cancelSignUp': () => null,
    });
    renderScreen(<EntAPSignUp />, ['query', 'get', 'add', 'edit']);
    expect(await screen.findByText('3个')).toBeTruthy();
    fireEvent.click(screen.getByText('报名'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('本场共50个名额，剩余3个。')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('报名人数'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '王工' } });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13800000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认报名' }));
    expect(await within(dialog).findByText('名额不足：剩余3个，请减少报名人数')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('报名人数'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认报名' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/training/signUp')).toBe(true));
    expect(calls.find((c) => c.path === '/api/training/signUp')!.body).toEqual({
      trainingId: 7,
      participants: 2,
      contactName: '王工',
      contactPhone: '13800000000',
      remark: '',
    });

    fireEvent.click(screen.getByRole('tab', { name: '我的报名' }));
    fireEvent.click(await screen.findByText('取消报名'));
    fireEvent.click(await screen.findByRole('button', { name: '取消报名' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/training/cancelSignUp')?.body).toEqual({
        id: 31,
        version: 4,
      }),
    );
  });
});

describe('a message link (?id=) opens the session it names', () => {
  it('opens the drawer of the training in the link; closing it takes the id off the address', async () => {
    const r = row({ id: 42, topic: '有限空间作业安全培训' });
    const calls = fakeApi({
      'POST /api/training/list': () => page([row(), r]),
      'POST /api/training/detail': () => detail(r, [signUp({ trainingId: 42 })]),
    });
    renderScreen(<GovApTrain />, ['query', 'get'], '/government/govAp/GovApTrain/route?id=42');
    const signUps = await screen.findByTestId('training-signups');
    expect(within(signUps).getByText('宿迁化工有限公司')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/api/training/detail');
    expect(asked?.query.get('id')).toBe('42');
    fireEvent.click(screen.getByRole('button', { name: /Close|关闭/ }));
    await waitFor(() => expect(screen.queryByTestId('training-signups')).toBeNull());
  });
});
