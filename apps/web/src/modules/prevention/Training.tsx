/**
 * Training sessions (培训, service item 01): the publisher's screen (InsuranceApTrain, ServiceApTrain,
 * ExpertApTrain), the regulator's record (GovApTrain, .xlsx export) and the enterprise's sign-up
 * (EntAPSignUp).
 */

import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { chinaTime, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  TRAINING_MODES,
  TRAINING_PHASES,
  TRAINING_SIGNUP_STATUS,
  type TrainingView,
} from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { useUrlId } from '../../platform/url-id.ts';
import { FileLinks, OptionTag, ReasonModal } from './activity-parts.tsx';
import {
  type TrainingDetail,
  type TrainingListQuery,
  type TrainingRow,
  type TrainingSignUp,
  trainingApi,
} from './api-activity.ts';
import { AttendanceModal, SignUpModal, TrainingFormModal } from './TrainingForms.tsx';

type Side = 'publisher' | 'gov' | 'ent';

export function PhaseTag({ row }: { row: Pick<TrainingRow, 'phase' | 'phaseLabel'> }) {
  return <OptionTag list={TRAINING_PHASES} value={row.phase} label={row.phaseLabel} />;
}

function when(r: Pick<TrainingRow, 'startsAt' | 'endsAt'>) {
  const s = chinaTime(r.startsAt);
  const e = chinaTime(r.endsAt);
  return s.slice(0, 10) === e.slice(0, 10) ? `${s} 至 ${e.slice(11)}` : `${s} 至 ${e}`;
}

function SignUpTable({ rows, side }: { rows: TrainingSignUp[]; side: Side }) {
  return (
    <Table<TrainingSignUp>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      data-testid="training-signups"
      locale={{ emptyText: '暂无报名' }}
      columns={[
        ...(side === 'ent' ? [] : [{ title: '报名企业', dataIndex: 'enterpriseName' }]),
        { title: '区县', dataIndex: 'districtName', width: 80 },
        { title: '报名人数', dataIndex: 'participants', width: 80, align: 'right' },
        {
          title: '联系人',
          key: 'contact',
          render: (_, s) => (
            <span>
              {s.contactName}{' '}
              <MaskedPhone
                value={s.contactPhone}
                reveal={{ kind: 'trainingSignUp', id: s.id, field: 'contactPhone' }}
                empty=""
              />
            </span>
          ),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 80,
          render: (_, s) => (
            <OptionTag list={TRAINING_SIGNUP_STATUS} value={s.status} label={s.statusLabel} />
          ),
        },
        {
          title: '出勤',
          key: 'attended',
          width: 100,
          render: (_, s) =>
            s.attended === null ? '未登记' : s.attended ? `已参加 ${s.attendeeCount ?? 0}人` : '未参加',
        },
        { title: '报名时间', dataIndex: 'signedAt', width: 140, render: (v: string) => chinaTime(v) },
      ]}
    />
  );
}

function TrainingBody({ d, side }: { d: TrainingDetail; side: Side }) {
  return (
    <>
      {d.status === 'cancelled' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`培训已取消：${d.cancelReason}`}
        />
      )}
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="培训主题" span={2}>
          {d.topic}
        </Descriptions.Item>
        <Descriptions.Item label="发布机构" span={2}>
          {d.publisherName}（{d.publisherTypeLabel}）
        </Descriptions.Item>
        <Descriptions.Item label="培训形式">{d.modeLabel}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <PhaseTag row={d} />
        </Descriptions.Item>
        <Descriptions.Item label="培训时间" span={2}>
          {when(d)}
        </Descriptions.Item>
        <Descriptions.Item label={d.mode === 'online' ? '培训链接' : '培训地点'} span={2}>
          {d.mode === 'online' ? d.onlineLink : d.place}
        </Descriptions.Item>
        <Descriptions.Item label="名额">
          共{d.capacity}人，已报名{d.signedParticipants}人，剩余{d.seatsLeft}个
        </Descriptions.Item>
        <Descriptions.Item label="报名企业">{d.signedEnterprises}家</Descriptions.Item>
        <Descriptions.Item label="面向区县">{d.targetDistrictNames}</Descriptions.Item>
        <Descriptions.Item label="面向行业">{d.targetIndustryNames}</Descriptions.Item>
        <Descriptions.Item label="联系人" span={2}>
          {d.contactName || d.contactPhone ? (
            <span>
              {d.contactName}{' '}
              <MaskedPhone
                value={d.contactPhone}
                reveal={{ kind: 'training', id: d.id, field: 'contactPhone' }}
                empty=""
              />
            </span>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="培训说明" span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{d.description || '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="培训资料" span={2}>
          <FileLinks files={d.materials} onOpen={(f) => trainingApi.file(d.id, f.id, f.name)} />
        </Descriptions.Item>
        {d.status === 'completed' && (
          <>
            <Descriptions.Item label="出勤">
              {d.attendedEnterprises}家企业，{d.attendees}人
            </Descriptions.Item>
            <Descriptions.Item label="登记时间">{chinaTime(d.recordedAt)}</Descriptions.Item>
            <Descriptions.Item label="培训情况" span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{d.summary}</span>
            </Descriptions.Item>
            <Descriptions.Item label="现场照片" span={2}>
              <FileLinks files={d.photos} onOpen={(f) => trainingApi.file(d.id, f.id, f.name)} />
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {side === 'ent' ? '本企业报名' : '报名企业'}
      </Typography.Title>
      <SignUpTable rows={d.signUps} side={side} />
    </>
  );
}

function useTrainingDetail(id: number | null) {
  return useQuery({
    queryKey: ['training', 'detail', id],
    enabled: id !== null,
    queryFn: () => trainingApi.detail(id!),
  });
}

function TrainingDrawer({
  id,
  side,
  onClose,
  footer,
}: {
  id: number | null;
  side: Side;
  onClose: () => void;
  footer?: (d: TrainingDetail) => ReactNode;
}) {
  const q = useTrainingDetail(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={780}
      title={q.data?.topic ?? '培训详情'}
      footer={q.data && footer ? footer(q.data) : undefined}
      destroyOnHidden
    >
      {q.isError ? (
        <Alert type="error" showIcon message="培训加载失败，请稍后重试" />
      ) : q.data ? (
        <TrainingBody d={q.data} side={side} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

function baseColumns(
  side: Side,
  districtOptions: { value: string; label: string }[],
): ProColumns<TrainingRow>[] {
  return [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '培训主题' } },
    { title: '培训主题', dataIndex: 'topic', search: false, width: 200, ellipsis: true },
    ...(side === 'publisher'
      ? []
      : [
          {
            title: '发布机构',
            dataIndex: 'publisherName',
            search: false,
            width: 160,
            ellipsis: true,
          } satisfies ProColumns<TrainingRow>,
        ]),
    {
      title: '形式',
      dataIndex: 'mode',
      valueType: 'select',
      valueEnum: TRAINING_MODES.valueEnum,
      width: 70,
      render: (_, r) => r.modeLabel,
    },
    {
      title: '培训时间',
      dataIndex: 'startsAt',
      search: false,
      width: 190,
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{when(r)}</span>,
    },
    {
      title: '地点 / 链接',
      dataIndex: 'place',
      search: false,
      width: 160,
      ellipsis: true,
      render: (_, r) => (r.mode === 'online' ? r.onlineLink : r.place),
    },
    {
      // The header is a whole word at 1440 px (it was cut at 120 px).
      title: '已报 / 名额',
      dataIndex: 'capacity',
      search: false,
      width: 110,
      render: (_, r) => `${r.signedParticipants} / ${r.capacity}`,
    },
    ...(side === 'ent'
      ? []
      : [
          {
            title: '面向区县',
            dataIndex: 'district',
            valueType: 'select',
            fieldProps: { options: districtOptions },
            width: 140,
            ellipsis: true,
            render: (_: unknown, r: TrainingRow) => r.targetDistrictNames,
          } satisfies ProColumns<TrainingRow>,
          {
            title: '出勤',
            dataIndex: 'attendees',
            search: false,
            width: 110,
            render: (_: unknown, r: TrainingRow) =>
              r.status === 'completed' ? `${r.attendedEnterprises}家 ${r.attendees}人` : '-',
          } satisfies ProColumns<TrainingRow>,
        ]),
    {
      title: '状态',
      dataIndex: 'phase',
      valueType: 'select',
      valueEnum: TRAINING_PHASES.valueEnum,
      width: 90,
      render: (_, r) => <PhaseTag row={r} />,
    },
  ];
}

/**
 * The publisher's screen (InsuranceApTrain, ServiceApTrain, ExpertApTrain): publish sessions, see who
 * signed up, change or cancel one before it starts, record attendance and photos after it starts.
 */
export function PublisherTraining() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const actionRef = useRef<ActionType>(undefined);
  const districts = useDistrictOptions();
  const [viewId, setViewId] = useUrlId();
  const [form, setForm] = useState<{ editing: TrainingDetail | null } | null>(null);
  const [recording, setRecording] = useState<TrainingDetail | null>(null);
  const [cancelling, setCancelling] = useState<TrainingRow | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['training'] });
    actionRef.current?.reload();
  };
  const withDetail = async (id: number, then: (d: TrainingDetail) => void) => {
    try {
      then(await trainingApi.detail(id));
    } catch {
      message.error('培训加载失败，请稍后重试');
    }
  };

  const columns: ProColumns<TrainingRow>[] = [
    ...baseColumns('publisher', districts.options),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 190,
      render: (_, r) => (
        <Space size={8} wrap>
          <Action name="get">
            <Typography.Link onClick={() => setViewId(r.id)}>查看</Typography.Link>
          </Action>
          <Action name="edit">
            {r.actions.edit && (
              <Typography.Link onClick={() => void withDetail(r.id, (d) => setForm({ editing: d }))}>
                修改
              </Typography.Link>
            )}
            {r.actions.record && (
              <Typography.Link onClick={() => void withDetail(r.id, setRecording)}>
                {r.status === 'completed' ? '更正出勤' : '登记出勤'}
              </Typography.Link>
            )}
            {r.actions.cancel && (
              <Typography.Link type="danger" onClick={() => setCancelling(r)}>
                取消培训
              </Typography.Link>
            )}
          </Action>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<TrainingRow>
        headerTitle="培训服务"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无培训，点击“发布培训”开始' }}
        request={(q) => trainingApi.list(q as TrainingListQuery)}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
              发布培训
            </Button>
          </Action>,
        ]}
      />
      <TrainingDrawer id={viewId} side="publisher" onClose={() => setViewId(null)} />
      {form && (
        <TrainingFormModal
          editing={form.editing}
          onClose={() => setForm(null)}
          onDone={() => {
            setForm(null);
            refresh();
          }}
        />
      )}
      {recording && (
        <AttendanceModal
          training={recording}
          onClose={() => setRecording(null)}
          onDone={() => {
            setRecording(null);
            refresh();
          }}
        />
      )}
      <ReasonModal
        open={cancelling !== null}
        title={cancelling ? `取消培训：${cancelling.topic}` : '取消培训'}
        label="取消原因"
        okText="取消培训"
        onCancel={() => setCancelling(null)}
        onSubmit={async (reason) => {
          const t = cancelling!;
          await trainingApi.cancel({ id: t.id, version: t.version, reason });
          message.success('培训已取消，已报名的企业将收到通知');
          setCancelling(null);
          refresh();
        }}
      />
    </>
  );
}

/** /government/govAp/GovApTrain/route (培训记录): every session targeting the regulator's districts. */
export function GovApTrain() {
  const districts = useDistrictOptions();
  const [viewId, setViewId] = useUrlId();
  const [filters, setFilters] = useState<TrainingListQuery>({});
  const [exporting, setExporting] = useState(false);
  const columns: ProColumns<TrainingRow>[] = [
    ...baseColumns('gov', districts.options),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 70,
      render: (_, r) => (
        <Action name="get">
          <Typography.Link onClick={() => setViewId(r.id)}>查看</Typography.Link>
        </Action>
      ),
    },
  ];
  return (
    <>
      <PagedTable<TrainingRow>
        headerTitle="培训记录"
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '辖区暂无培训' }}
        request={(q) => {
          const {
            pageNo: _p,
            pageSize: _s,
            sortField: _f,
            sortOrder: _o,
            ...rest
          } = q as TrainingListQuery & {
            sortField?: string;
            sortOrder?: string;
          };
          setFilters(rest);
          return trainingApi.list(q as TrainingListQuery);
        }}
        toolBarRender={() => [
          <Action name="export" key="export">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                void trainingApi
                  .export(filters)
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              导出Excel
            </Button>
          </Action>,
        ]}
      />
      <TrainingDrawer id={viewId} side="gov" onClose={() => setViewId(null)} />
    </>
  );
}

/**
 * /ent/EntAPSignUp/route (服务报名): the sessions the enterprise may join (seats shown) and its own
 * sign-ups; it signs up, or cancels a sign-up before the session starts.
 */
export function EntAPSignUp() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const actionRef = useRef<ActionType>(undefined);
  const [view, setView] = useState<TrainingView>('open');
  const [viewId, setViewId] = useUrlId();
  const [signing, setSigning] = useState<TrainingRow | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['training'] });
    actionRef.current?.reload();
  };
  const cancelSignUp = async (r: TrainingRow) => {
    if (!r.mySignUp) return;
    try {
      await trainingApi.cancelSignUp({ id: r.mySignUp.id, version: r.mySignUp.version });
      message.success(`已取消报名：${r.topic}`);
      refresh();
    } catch {
      // shown by the client
    }
  };
  const columns: ProColumns<TrainingRow>[] = [
    ...baseColumns('ent', []),
    {
      title: '剩余名额',
      dataIndex: 'seatsLeft',
      search: false,
      width: 90,
      render: (_, r) => (r.phase === 'open' || r.phase === 'full' ? `${r.seatsLeft}个` : '-'),
    },
    {
      title: '我的报名',
      dataIndex: 'mySignUp',
      search: false,
      width: 120,
      render: (_, r) =>
        r.mySignUp ? (
          <Space size={4}>
            <OptionTag
              list={TRAINING_SIGNUP_STATUS}
              value={r.mySignUp.status}
              label={r.mySignUp.statusLabel}
            />
            {r.mySignUp.status === 'signed' && `${r.mySignUp.participants}人`}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 140,
      render: (_, r) => (
        <Space size={8}>
          <Action name="get">
            <Typography.Link onClick={() => setViewId(r.id)}>查看</Typography.Link>
          </Action>
          {r.actions.signUp && (
            <Action name="add">
              <Typography.Link onClick={() => setSigning(r)}>报名</Typography.Link>
            </Action>
          )}
          {r.actions.cancelSignUp && (
            <Action name="edit">
              <Popconfirm
                title={`确认取消“${r.topic}”的报名？`}
                okText="取消报名"
                cancelText="再想想"
                onConfirm={() => cancelSignUp(r)}
              >
                <Typography.Link type="danger">取消报名</Typography.Link>
              </Popconfirm>
            </Action>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Tabs
        activeKey={view}
        onChange={(k) => setView(k as TrainingView)}
        items={[
          { key: 'open', label: '可报名培训' },
          { key: 'mine', label: '我的报名' },
        ]}
        style={{ marginBottom: -8 }}
      />
      <PagedTable<TrainingRow>
        key={view}
        headerTitle={view === 'open' ? '可报名培训' : '我的报名'}
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        params={{ view }}
        locale={{ emptyText: view === 'open' ? '暂无可报名的培训' : '暂无报名记录' }}
        request={(q) => trainingApi.list(q as TrainingListQuery)}
      />
      <TrainingDrawer id={viewId} side="ent" onClose={() => setViewId(null)} />
      {signing && (
        <SignUpModal
          training={signing}
          onClose={() => setSigning(null)}
          onDone={() => {
            setSigning(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
