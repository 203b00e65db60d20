import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { chinaTime, wan, yuan } from '../../components/index.ts';
import { ENDORSEMENT_TYPES, ID_TYPES, optionLabel, POLICY_STATES } from '../../platform/contracts.ts';
import { type PolicyDetail, type PolicySnapshot, policyApi } from './api.ts';

/** Fields compared between a stored version and the current policy. */
const FIELDS: Array<{ key: string; label: string; fmt: (v: unknown) => string }> = [
  { key: 'policyNo', label: '保单号', fmt: (v) => String(v ?? '-') },
  { key: 'holderName', label: '投保人名称', fmt: (v) => String(v ?? '-') },
  { key: 'address', label: '地址', fmt: (v) => String(v ?? '-') },
  { key: 'wsIndustryCode', label: '安全生产行业领域', fmt: (v) => String(v ?? '-') },
  { key: 'gbIndustryCode', label: '国民经济行业', fmt: (v) => String(v ?? '-') },
  { key: 'startDate', label: '保险起期', fmt: (v) => String(v ?? '-') },
  { key: 'endDate', label: '保险止期', fmt: (v) => String(v ?? '-') },
  { key: 'headcount', label: '参保人数', fmt: (v) => (v === undefined || v === null ? '-' : `${v} 人`) },
  {
    key: 'personCount',
    label: '已登记参保人员',
    fmt: (v) => (v === undefined || v === null ? '-' : `${v} 人`),
  },
  { key: 'perPersonLimit', label: '每人死亡伤残责任限额', fmt: (v) => yuan(v as number) },
  { key: 'medicalLimit', label: '每人医疗费用限额', fmt: (v) => yuan(v as number) },
  { key: 'perAccidentLimit', label: '每次事故责任限额（保额）', fmt: (v) => wan(v as number) },
  { key: 'premium', label: '实收保费', fmt: (v) => yuan(v as number) },
  { key: 'preventionFee', label: '事故预防服务费用', fmt: (v) => yuan(v as number) },
  {
    key: 'status',
    label: '状态',
    fmt: (v) =>
      v === 'approved' ? '已出单' : optionLabel(POLICY_STATES, String(v ?? '')) || String(v ?? '-'),
  },
];

function currentValue(p: PolicyDetail, key: string): unknown {
  if (key === 'personCount') return p.personCount ?? 0;
  if (key === 'perAccidentLimit') return p.perAccidentLimit;
  return (p as unknown as Record<string, unknown>)[key];
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const na = Number(a);
  const nb = Number(b);
  if (a !== null && b !== null && a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb))
    return na === nb;
  return String(a ?? '') === String(b ?? '');
}

/**
 * Versions of a policy: the snapshot taken when it was issued and one after each approved endorsement.
 * Any version opens side by side with the current values, the changed ones marked, so the old values
 * stay readable.
 */
export function PolicyVersions({ policy }: { policy: PolicyDetail }) {
  const versions = useQuery({
    queryKey: ['policy', 'versions', policy.id, policy.version],
    queryFn: () => policyApi.versions(policy.id),
  });
  const [open, setOpen] = useState<number | null>(null);
  const snap = useQuery({
    queryKey: ['policy', 'version', policy.id, open],
    queryFn: () => policyApi.version(policy.id, open!),
    enabled: open !== null,
  });
  const list = versions.data ?? [];
  if (!versions.isLoading && list.length === 0)
    return <Empty description="保单出单后生成版本；每次批改生效后生成新版本" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Table
        size="small"
        rowKey="policyVersion"
        loading={versions.isLoading}
        pagination={false}
        dataSource={list}
        columns={[
          {
            title: '版本',
            dataIndex: 'policyVersion',
            render: (_v: number, _r, i) => (
              <Space>
                <span>第 {list.length - i} 版</span>
                {i === 0 ? <Tag color="green">当前</Tag> : <Tag>历史</Tag>}
              </Space>
            ),
          },
          {
            title: '来源',
            dataIndex: 'reason',
            render: (_: unknown, r) =>
              r.reason === 'issue'
                ? '出单'
                : `批改 ${r.endorsementNo ?? ''}（${optionLabel(ENDORSEMENT_TYPES, r.type ?? '')}）`,
          },
          {
            title: '生成时间',
            dataIndex: 'createdAt',
            render: (v: string) => chinaTime(v),
          },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) => (
              <Typography.Link onClick={() => setOpen(open === r.policyVersion ? null : r.policyVersion)}>
                {open === r.policyVersion ? '收起' : '查看该版本'}
              </Typography.Link>
            ),
          },
        ]}
      />
      {open !== null ? <SnapshotCompare policy={policy} snap={snap.data} loading={snap.isLoading} /> : null}
    </Space>
  );
}

function SnapshotCompare({
  policy,
  snap,
  loading,
}: {
  policy: PolicyDetail;
  snap: PolicySnapshot | undefined;
  loading: boolean;
}) {
  const s = snap?.snapshot ?? {};
  const persons = Array.isArray(s.persons) ? s.persons : undefined;
  const rows = FIELDS.map((f) => {
    const then = f.key === 'personCount' ? persons?.length : s[f.key];
    const now = currentValue(policy, f.key);
    return {
      key: f.key,
      label: f.label,
      thenText: f.fmt(then),
      now: f.fmt(now),
      changed: snap ? !same(then, now) : false,
    };
  });
  return (
    <div data-testid="version-compare">
      <Table
        size="small"
        bordered
        loading={loading}
        pagination={false}
        rowKey="key"
        title={() =>
          snap
            ? `版本快照（${chinaTime(snap.createdAt)}，${snap.reason === 'issue' ? '出单' : '批改后'}）与当前保单对比`
            : '版本快照'
        }
        dataSource={rows}
        columns={[
          { title: '项目', dataIndex: 'label', width: 220 },
          {
            title: '该版本',
            dataIndex: 'thenText',
            render: (v: string, r) => (r.changed ? <Typography.Text type="warning">{v}</Typography.Text> : v),
          },
          {
            title: '当前',
            dataIndex: 'now',
            render: (v: string, r) => (r.changed ? <Typography.Text strong>{v}</Typography.Text> : v),
          },
          {
            title: '',
            key: 'c',
            width: 80,
            render: (_: unknown, r) => (r.changed ? <Tag color="orange">已变更</Tag> : null),
          },
        ]}
      />
      {persons?.length ? (
        <Table
          size="small"
          bordered
          style={{ marginTop: 12 }}
          pagination={persons.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          rowKey={(r) => `${r.idNo}-${r.name}`}
          title={() => `该版本的参保人员名单（${persons.length} 人）`}
          dataSource={persons}
          columns={[
            { title: '姓名', dataIndex: 'name' },
            { title: '证件类型', dataIndex: 'idType', render: (v: string) => optionLabel(ID_TYPES, v) },
            { title: '证件号码', dataIndex: 'idNo' },
            { title: '岗位', dataIndex: 'position', render: (v: string) => v || '-' },
            { title: '参保日期', dataIndex: 'joinedOn' },
          ]}
        />
      ) : null}
    </div>
  );
}
