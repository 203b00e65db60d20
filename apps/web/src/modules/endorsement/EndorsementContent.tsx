import { Descriptions, Space, Table, Tag, Timeline, Typography } from 'antd';
import { chinaTime, wan, yuan } from '../../components/index.ts';
import { wsIndustryTop } from '../../platform/contracts.ts';
import { AttachmentList } from '../policy/index.ts';
import type { EndorsementDetail, RosterEntryView } from './api.ts';
import { EndorsementStatusTag } from './parts.tsx';
import { signedYuan } from './rules.ts';
import '../../components/nowrap.css';

/** Labels and formats of the values an endorsement changes (before/after). */
const CHANGE_FIELDS: Array<{ key: string; label: string; fmt: (v: unknown) => string }> = [
  { key: 'headcount', label: '参保人数', fmt: (v) => `${v} 人` },
  { key: 'holderName', label: '投保人名称', fmt: (v) => String(v) },
  { key: 'address', label: '地址', fmt: (v) => String(v) },
  {
    key: 'wsIndustryCode',
    label: '安全生产行业领域',
    fmt: (v) => `${wsIndustryTop(String(v))?.label ?? ''}（${String(v)}）`,
  },
  { key: 'gbIndustryCode', label: '国民经济行业', fmt: (v) => String(v) },
  { key: 'perPersonLimit', label: '每人死亡伤残责任限额', fmt: (v) => yuan(v as number) },
  { key: 'medicalLimit', label: '每人医疗费用限额', fmt: (v) => yuan(v as number) },
  { key: 'perAccidentLimit', label: '每次事故责任限额（保额）', fmt: (v) => wan(v as number) },
  { key: 'startDate', label: '保险起期', fmt: (v) => String(v) },
  { key: 'endDate', label: '保险止期', fmt: (v) => String(v) },
  { key: 'premium', label: '实收保费', fmt: (v) => yuan(v as number) },
  { key: 'status', label: '保单状态', fmt: (v) => (v === 'cancelled' ? '已注销' : '有效') },
];

export interface ChangeRow {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** The before/after rows of an endorsement, in a fixed order. */
export function changeRows(before: Record<string, unknown>, after: Record<string, unknown>): ChangeRow[] {
  return CHANGE_FIELDS.filter((f) => after[f.key] !== undefined || before[f.key] !== undefined).map((f) => ({
    key: f.key,
    label: f.label,
    before:
      before[f.key] === undefined ? (f.key === 'status' ? '有效' : '（按原保单计算）') : f.fmt(before[f.key]),
    after: after[f.key] === undefined ? '-' : f.fmt(after[f.key]),
  }));
}

export function ChangeTable({
  before,
  after,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}) {
  const rows = changeRows(before, after);
  if (!rows.length) return <Typography.Text type="secondary">该批改不改变保单数值项</Typography.Text>;
  return (
    <div data-testid="endorsement-change">
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { title: '批改项目', dataIndex: 'label', width: 200, className: 'aq-nowrap' },
          { title: '批改前', dataIndex: 'before' },
          {
            title: '批改后',
            dataIndex: 'after',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
        ]}
      />
    </div>
  );
}

/**
 * The persons an endorsement names: who leaves (减少/换出) and who joins (新增/换入), with ID type, the
 * masked ID number the server sends (first 6 and last 4) and position.
 */
export function RosterView({ type, roster }: { type: string; roster: RosterEntryView[] }) {
  const label = (d: 'in' | 'out') =>
    type === '03' ? (d === 'in' ? '换入' : '换出') : d === 'in' ? '新增' : '减少';
  const ins = roster.filter((r) => r.direction === 'in').length;
  const outs = roster.length - ins;
  return (
    <div data-testid="endorsement-roster">
      <Table<RosterEntryView>
        size="small"
        bordered
        pagination={roster.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        rowKey={(r) => `${r.direction}-${r.idNo}-${r.name}`}
        dataSource={roster}
        title={() =>
          [outs ? `${label('out')} ${outs} 人` : '', ins ? `${label('in')} ${ins} 人` : '']
            .filter(Boolean)
            .join('，')
        }
        columns={[
          { title: '序号', key: 'i', width: 60, render: (_: unknown, _r, i) => i + 1 },
          {
            title: '变动',
            dataIndex: 'direction',
            width: 80,
            render: (d: 'in' | 'out') => <Tag color={d === 'in' ? 'green' : 'red'}>{label(d)}</Tag>,
          },
          { title: '姓名', dataIndex: 'name' },
          { title: '证件类型', dataIndex: 'idTypeLabel', width: 110 },
          {
            title: '证件号码',
            dataIndex: 'idNo',
            render: (v: string) => <span className="aq-mono">{v}</span>,
          },
          { title: '岗位', dataIndex: 'position', render: (v: string) => v || '-' },
        ]}
      />
    </div>
  );
}

const LAPSE_MARK = '到期未能生效：';
const at = (iso: string) => chinaTime(iso);

/**
 * The steps of domain 3.3 as a timeline: applied; reviewed (returned, or approved); and the change taking
 * effect on the effective date: at approval when that date had come, else on the date by the daily job
 * (or it lapsed then, with the reason the server added to the review remark).
 */
export function endorsementTimeline(
  en: Pick<
    EndorsementDetail,
    'appliedAt' | 'reviewedAt' | 'reviewRemark' | 'status' | 'effectiveDate' | 'withdrawnAt'
  >,
): Array<{ color: string; label: string; children: string }> {
  const items = [{ color: 'blue', label: at(en.appliedAt), children: '企业申请批改' }];
  if (en.status === 'withdrawn')
    return [
      ...items,
      {
        color: 'gray',
        label: en.withdrawnAt ? at(en.withdrawnAt) : '',
        children: '企业撤回申请（未经审核，保单未变更）',
      },
    ];
  if (!en.reviewedAt) return [...items, { color: 'gray', label: '', children: '等待出单保险机构审核' }];
  const lapse = en.reviewRemark.indexOf(LAPSE_MARK);
  const remark = (lapse >= 0 ? en.reviewRemark.slice(0, lapse) : en.reviewRemark).replace(/；$/, '');
  const approvedLine = `保险机构审核通过${remark ? `：${remark}` : ''}`;
  if (en.status === 'returned' && lapse < 0)
    return [
      ...items,
      { color: 'red', label: at(en.reviewedAt), children: `保险机构退回：${en.reviewRemark}` },
    ];
  const sameDay = chinaTime(en.reviewedAt, 'date') >= en.effectiveDate;
  if (en.status === 'approved' && sameDay)
    return [
      ...items,
      {
        color: 'green',
        label: at(en.reviewedAt),
        children: `保险机构审核通过，批改生效，保单生成新版本${remark ? `：${remark}` : ''}`,
      },
    ];
  items.push({ color: 'green', label: at(en.reviewedAt), children: approvedLine });
  if (en.status === 'awaiting')
    items.push({
      color: 'gray',
      label: en.effectiveDate,
      children: `待生效：将于批改生效日期由系统自动生效，保单届时生成新版本`,
    });
  else if (en.status === 'approved')
    items.push({ color: 'green', label: en.effectiveDate, children: '批改生效，保单生成新版本' });
  else
    items.push({
      color: 'red',
      label: en.effectiveDate,
      children: `到期未能生效：${en.reviewRemark.slice(lapse + LAPSE_MARK.length)}`,
    });
  return items;
}

/** Everything about one endorsement: policy, type, reason, dates, premium change, before/after, roster, review. */
export function EndorsementContent({ en }: { en: EndorsementDetail }) {
  const persons = (list: string[] | undefined, color: string) =>
    list?.length ? (
      <Space wrap>
        {list.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; two people may share a name
          <Tag key={`${n}-${i}`} color={color}>
            {n}
          </Tag>
        ))}
      </Space>
    ) : null;
  const timeline = endorsementTimeline(en);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        className="aq-descriptions"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      >
        <Descriptions.Item label="批单号">
          <span className="aq-num">{en.endorsementNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <EndorsementStatusTag status={en.status} />
        </Descriptions.Item>
        <Descriptions.Item label="保单号">
          <span className="aq-num">{en.policyNo ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="投保企业">{en.holderName}</Descriptions.Item>
        <Descriptions.Item label="批改类型">{en.typeLabel}</Descriptions.Item>
        <Descriptions.Item label="批改生效日期">
          <span className="aq-num">{en.effectiveDate}</span>
        </Descriptions.Item>
        <Descriptions.Item label="保费变化" span={2}>
          <Typography.Text
            className="aq-num"
            type={en.premiumDelta < 0 ? 'success' : en.premiumDelta > 0 ? 'warning' : undefined}
          >
            {signedYuan(en.premiumDelta)}
            {en.premiumDelta > 0 ? '（加收）' : en.premiumDelta < 0 ? '（退还）' : ''}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="批改原因" span={2}>
          {en.reason}
        </Descriptions.Item>
        {en.roster?.length ? null : en.change.personsIn?.length ? (
          <Descriptions.Item label={en.type === '03' ? '换入人员' : '新增人员'} span={2}>
            {persons(en.change.personsIn, 'green')}
          </Descriptions.Item>
        ) : null}
        {en.roster?.length ? null : en.change.personsOut?.length ? (
          <Descriptions.Item label={en.type === '03' ? '换出人员' : '减少人员'} span={2}>
            {persons(en.change.personsOut, 'red')}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="附件" span={2}>
          <AttachmentList
            ids={en.attachments}
            files={en.attachmentFiles}
            url="/endorsement/file"
            recordId={en.id}
          />
        </Descriptions.Item>
      </Descriptions>
      {en.roster?.length ? (
        <div>
          <Typography.Title level={5}>人员名单</Typography.Title>
          <RosterView type={en.type} roster={en.roster} />
        </div>
      ) : null}
      <div>
        <Typography.Title level={5}>批改前后对比</Typography.Title>
        <ChangeTable before={en.before} after={en.after} />
      </div>
      <div>
        <Typography.Title level={5}>处理记录</Typography.Title>
        <Timeline mode="left" items={timeline} />
      </div>
    </Space>
  );
}
