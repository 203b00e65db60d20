/** 风险预警 (GovRP) of the regulator and 预警信息 (InsuranceAlarm) of the insurer: alarms computed by the job, acknowledged per user. */
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { dateTimeText, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { ALARM_KINDS, ALARM_STATES } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { type AlarmFilters, type AlarmItem, alarmApi } from './api.ts';
import { HazardDrawer } from './HazardDrawer.tsx';
import { HAZARD_PATHS } from './paths.ts';

type Who = 'gov' | 'insurer';

const ACK_ENUM = { false: { text: '未确认' }, true: { text: '已确认' } };

export function alarmFiltersOf(q: Record<string, unknown>): AlarmFilters {
  const out: Record<string, unknown> = {};
  for (const k of ['keyword', 'districtCode', 'kind'] as const) {
    const v = q[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  if (q.state !== undefined && q.state !== '' && q.state !== null) out.state = Number(q.state);
  if (q.acknowledged === 'true' || q.acknowledged === 'false') out.acknowledged = q.acknowledged;
  return out as AlarmFilters;
}

/** The page an alarm's record opens on for `who` (null: shown in place, e.g. the hazard drawer). */
function targetPath(who: Who, a: AlarmItem): string | null {
  switch (a.targetType) {
    case 'enterprise':
      return who === 'gov' ? `${HAZARD_PATHS.govRiskDetail}?enterpriseId=${a.targetId}` : null;
    case 'policy':
      return who === 'insurer' ? `${HAZARD_PATHS.insurerPolicy}?id=${a.targetId}` : null;
    case 'claim':
      return who === 'insurer' ? `${HAZARD_PATHS.insurerClaim}?id=${a.targetId}` : null;
    case 'fund':
      return who === 'insurer' ? `${HAZARD_PATHS.insurerFund}?tab=fund` : null;
    default:
      return null;
  }
}

function AlarmList({ who }: { who: Who }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const districts = useDistrictOptions();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const hazardId = Number(params.get('hazardId')) || null;
  const setHazard = (id: number | null) => {
    const p = new URLSearchParams(params);
    if (id === null) p.delete('hazardId');
    else p.set('hazardId', String(id));
    setParams(p, { replace: true });
  };

  const ack = async (ids: number[]) => {
    setBusy(true);
    try {
      const res = await alarmApi.ack(ids);
      message.success(res.message || `已确认${ids.length}条预警`);
      setSelected([]);
      actionRef.current?.reload();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const openTarget = (a: AlarmItem) => {
    if (a.targetType === 'hazard') return setHazard(a.targetId);
    const path = targetPath(who, a);
    if (path) navigate(path);
  };

  const columns: ProColumns<AlarmItem>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '企业名称/关联记录' },
    },
    {
      title: '预警类型',
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: ALARM_KINDS.valueEnum,
      width: 170,
      render: (_, a) => (
        <Tag color={ALARM_KINDS.color(a.kind)} data-testid="alarm-kind">
          {a.kindLabel}
        </Tag>
      ),
    },
    { title: '企业', dataIndex: 'enterpriseName', search: false, width: 160, ellipsis: true },
    ...(who === 'gov'
      ? [
          {
            title: '所属区县',
            dataIndex: 'districtCode',
            valueType: 'select',
            valueEnum: Object.fromEntries(districts.options.map((d) => [d.value, { text: d.label }])),
            hideInTable: true,
          } as ProColumns<AlarmItem>,
        ]
      : []),
    {
      title: '关联记录',
      dataIndex: 'targetLabel',
      search: false,
      width: 200,
      render: (_, a) =>
        a.targetType === 'hazard' || targetPath(who, a) ? (
          <Typography.Link onClick={() => openTarget(a)} data-testid={`alarm-target-${a.id}`}>
            {a.targetLabel}
          </Typography.Link>
        ) : (
          a.targetLabel
        ),
    },
    {
      title: '预警规则',
      dataIndex: 'rule',
      search: false,
      width: 220,
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          <span>{a.rule}</span>
          {a.detail ? <Typography.Text type="secondary">{a.detail}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '首次发现',
      dataIndex: 'firstSeenAt',
      search: false,
      width: 140,
      render: (_, a) => dateTimeText(a.firstSeenAt),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: ALARM_STATES.valueEnum,
      width: 120,
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          <Tag color={ALARM_STATES.color(a.state)}>{a.stateLabel}</Tag>
          {a.resolvedAt ? (
            <Typography.Text type="secondary">{dateTimeText(a.resolvedAt)}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: '确认情况',
      dataIndex: 'acknowledged',
      valueType: 'select',
      valueEnum: ACK_ENUM,
      width: 170,
      render: (_, a) =>
        a.acknowledgedBy.length ? (
          <Tooltip title={a.acknowledgedBy.map((x) => `${x.name} ${dateTimeText(x.at)}`).join('；')}>
            <span data-testid="alarm-acked">
              {a.acknowledged ? <Tag color="success">我已确认</Tag> : null}
              {a.acknowledgedBy.map((x) => x.name).join('、')}
            </span>
          </Tooltip>
        ) : (
          <Tag color="warning">未确认</Tag>
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 110,
      render: (_, a) => [
        a.targetType === 'hazard' || targetPath(who, a) ? (
          <Typography.Link key="open" onClick={() => openTarget(a)}>
            查看
          </Typography.Link>
        ) : null,
        !a.acknowledged ? (
          <Action key="ack" name="edit">
            <Typography.Link onClick={() => void ack([a.id])} data-testid={`alarm-ack-${a.id}`}>
              确认
            </Typography.Link>
          </Action>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <PagedTable<AlarmItem>
        actionRef={actionRef}
        headerTitle={who === 'gov' ? '辖区风险预警' : '预警信息'}
        columns={columns}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        data-testid="alarm-list"
        locale={{ emptyText: '暂无预警' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (a) => ({ disabled: a.acknowledged }),
        }}
        tableAlertRender={false}
        request={(q) => {
          const next = alarmFiltersOf(q as unknown as Record<string, unknown>);
          return alarmApi.list({ ...next, pageNo: q.pageNo, pageSize: q.pageSize });
        }}
        toolBarRender={() => [
          <Action key="ack" name="edit">
            <Button
              type="primary"
              disabled={!selected.length}
              loading={busy}
              onClick={() => void ack(selected)}
            >
              确认所选{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Action>,
        ]}
      />
      <HazardDrawer id={hazardId} onClose={() => setHazard(null)} />
    </>
  );
}

export const GovRP = () => <AlarmList who="gov" />;
export const InsuranceAlarm = () => <AlarmList who="insurer" />;
