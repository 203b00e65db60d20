import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { chinaTime } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  DISTRICTS,
  EXPERT_STATUS,
  EXPIRY_FLAGS,
  ID_TYPES,
  ORG_STATUS,
  optionLabel,
  PLAN_STATUSES,
  ratingText,
  SERVICE_ITEMS,
  STAFF_TYPE,
  WS_INDUSTRIES,
} from '../../platform/contracts.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { type PoolServiceRecord, poolApi } from './api.ts';

export type PoolMode = 'admin' | 'gov' | 'insurer';

/**
 * The 状态 column of both pool pages: a filter for the admin, hidden from the insurer (who sees active
 * ones only).
 */
export function statusColumn<T extends { status: number }>(
  mode: PoolMode,
  badgeEnum: ProColumns<T>['valueEnum'],
): ProColumns<T> {
  return {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    valueType: 'select',
    valueEnum: badgeEnum,
    search: mode === 'admin' ? undefined : false,
    hideInTable: mode === 'insurer',
    render: (_, r) => (
      <Tag color={r.status === 1 ? 'success' : 'error'}>{r.status === 1 ? '正常' : '停用'}</Tag>
    ),
  };
}

/**
 * 停用 (confirmed, with what it means) or 启用 of a pool row, each behind its permission; `onSet(enable)`
 * makes the call (the page shows the result and reloads).
 */
export function StatusAction({
  active,
  confirmTitle,
  confirmText,
  onSet,
}: {
  active: boolean;
  confirmTitle: string;
  confirmText: string;
  onSet: (enable: boolean) => Promise<unknown>;
}) {
  return active ? (
    <Action name="disable">
      <Popconfirm
        title={confirmTitle}
        description={confirmText}
        okText="停用"
        okButtonProps={{ danger: true }}
        onConfirm={() => onSet(false)}
      >
        <Button type="link" size="small" danger>
          停用
        </Button>
      </Popconfirm>
    </Action>
  ) : (
    <Action name="enable">
      <Button type="link" size="small" onClick={() => onSet(true).catch(() => undefined)}>
        启用
      </Button>
    </Action>
  );
}

export const districtName = (c: string | null | undefined) => (c ? optionLabel(DISTRICTS, c) || c : '-');

/** Option labels of codes as tags ('-' for none). */
export function CodeTags({
  list,
  codes,
  color,
}: {
  list: ReadonlyArray<{ value: string; label: string }>;
  codes: readonly string[];
  color?: string;
}) {
  if (codes.length === 0) return <>-</>;
  return (
    <Space size={[0, 4]} wrap>
      {codes.map((c) => (
        <Tag key={c} color={color}>
          {list.find((o) => o.value === c)?.label ?? c}
        </Tag>
      ))}
    </Space>
  );
}

/** The qualification expiry flag (30 days ahead) with the date. */
export function ExpiryCell({ flag, date }: { flag: 'expired' | 'expiring' | null; date: string | null }) {
  if (!date) return <>-</>;
  return (
    <Space size={4} wrap>
      <span>{date}</span>
      {flag && <Tag color={flag === 'expired' ? 'error' : 'warning'}>{optionLabel(EXPIRY_FLAGS, flag)}</Tag>}
    </Space>
  );
}

export function RatingCell({ rating, count }: { rating: number | null; count: number }) {
  return <span data-rating={rating ?? ''}>{ratingText(rating, count)}</span>;
}

export const itemNames = (codes: readonly string[]) =>
  codes.map((c) => optionLabel(SERVICE_ITEMS, c) || c).join('、') || '-';

export function RecordsTable({ records }: { records: PoolServiceRecord[] }) {
  return (
    <Table<PoolServiceRecord>
      size="small"
      rowKey="planId"
      dataSource={records}
      pagination={records.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: '暂无可查看的预防服务记录' }}
      aria-label="服务记录"
      columns={[
        { title: '服务计划', dataIndex: 'name', ellipsis: true },
        {
          title: '服务项目',
          dataIndex: 'item',
          width: 170,
          render: (v: string) => optionLabel(SERVICE_ITEMS, v) || v,
        },
        { title: '服务企业', dataIndex: 'enterpriseName', ellipsis: true },
        { title: '区县', dataIndex: 'districtCode', width: 80, render: (v: string) => districtName(v) },
        {
          title: '计划时间',
          dataIndex: 'plannedStart',
          width: 110,
          render: (v: string) => chinaTime(v, 'date'),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 80,
          render: (v: number) => optionLabel(PLAN_STATUSES, v) || String(v),
        },
        {
          title: '企业评分',
          dataIndex: 'rating',
          width: 90,
          render: (v: number | null) => (v === null ? '-' : v.toFixed(1)),
        },
      ]}
    />
  );
}

/** 服务机构详情: profile, qualification, rating and the service records the reader may see. */
export function OrgDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['pool', 'org', id],
    queryFn: () => poolApi.org(id!),
    enabled: id !== null,
  });
  const d = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={880}
      title={d ? d.name : '服务机构详情'}
      destroyOnHidden
    >
      {q.isLoading && <Spin />}
      {d && (
        <>
          <Descriptions bordered size="small" column={2} aria-label="机构资料">
            <Descriptions.Item label="统一社会信用代码">{d.uscc || '-'}</Descriptions.Item>
            <Descriptions.Item label="状态">{optionLabel(ORG_STATUS, d.status)}</Descriptions.Item>
            <Descriptions.Item label="所在区县">{districtName(d.districtCode)}</Descriptions.Item>
            <Descriptions.Item label="服务区域">
              {d.regionCodes.map(districtName).join('、') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {d.address || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="服务项目" span={2}>
              <CodeTags list={SERVICE_ITEMS} codes={d.serviceItems} color="blue" />
              {d.itemOther && <Typography.Text type="secondary">（其他：{d.itemOther}）</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label="行业领域" span={2}>
              <CodeTags list={WS_INDUSTRIES} codes={d.industries} />
            </Descriptions.Item>
            <Descriptions.Item label="联系人">
              {d.contactName || '-'}{' '}
              <MaskedPhone
                value={d.contactPhone}
                reveal={{ kind: 'serviceOrg', id: d.orgId, field: 'contactPhone' }}
                empty=""
              />
            </Descriptions.Item>
            <Descriptions.Item label="人员数量">{d.staffCount}</Descriptions.Item>
            <Descriptions.Item label="法定代表人">
              {d.legalName || '-'}{' '}
              <MaskedPhone
                value={d.legalPhone}
                reveal={{ kind: 'serviceOrg', id: d.orgId, field: 'legalPhone' }}
                empty=""
              />
            </Descriptions.Item>
            <Descriptions.Item label="安全负责人">
              {d.safetyName || '-'}{' '}
              <MaskedPhone
                value={d.safetyPhone}
                reveal={{ kind: 'serviceOrg', id: d.orgId, field: 'safetyPhone' }}
                empty=""
              />
            </Descriptions.Item>
            <Descriptions.Item label="资质证书">
              {[d.certType, d.certNo].filter(Boolean).join(' ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="资质有效期">
              <ExpiryCell flag={d.expiryFlag} date={d.certExpiry} />
            </Descriptions.Item>
            <Descriptions.Item label="专家人数">{d.expertCount}</Descriptions.Item>
            <Descriptions.Item label="服务评分">
              <RatingCell rating={d.rating} count={d.ratingCount} />
            </Descriptions.Item>
            <Descriptions.Item label="机构简介" span={2}>
              {d.intro || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            预防服务记录（已完成 {d.serviceCount} 次）
          </Typography.Title>
          <RecordsTable records={d.records} />
        </>
      )}
      {q.isError && <Empty description="无法加载该服务机构" />}
    </Drawer>
  );
}

export function ExpertDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['pool', 'expert', id],
    queryFn: () => poolApi.expert(id!),
    enabled: id !== null,
  });
  const d = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={880}
      title={d ? `专家：${d.name}` : '专家详情'}
      destroyOnHidden
    >
      {q.isLoading && <Spin />}
      {d && (
        <>
          <Descriptions bordered size="small" column={2} aria-label="专家资料">
            <Descriptions.Item label="证件">
              {optionLabel(ID_TYPES, d.idType)} {d.idNo}
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{d.mobile}</Descriptions.Item>
            <Descriptions.Item label="人员类型">{optionLabel(STAFF_TYPE, d.staffType)}</Descriptions.Item>
            <Descriptions.Item label="状态">{optionLabel(EXPERT_STATUS, d.status)}</Descriptions.Item>
            <Descriptions.Item label="职称">{d.title || '-'}</Descriptions.Item>
            <Descriptions.Item label="学历/专业">
              {[d.education, d.major].filter(Boolean).join(' / ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="工作单位">{d.employer || '-'}</Descriptions.Item>
            <Descriptions.Item label="所属机构">{d.orgName || '-'}</Descriptions.Item>
            <Descriptions.Item label="所在区县">{districtName(d.districtCode)}</Descriptions.Item>
            <Descriptions.Item label="从业年限">{d.years}年</Descriptions.Item>
            <Descriptions.Item label="服务项目" span={2}>
              <CodeTags list={SERVICE_ITEMS} codes={d.serviceItems} color="blue" />
            </Descriptions.Item>
            <Descriptions.Item label="行业领域" span={2}>
              <CodeTags list={WS_INDUSTRIES} codes={d.industries} />
            </Descriptions.Item>
            <Descriptions.Item label="资格证书" span={2}>
              {d.certificates.length === 0
                ? '-'
                : d.certificates.map((c) => (
                    <div key={`${c.type}-${c.no}`}>
                      {c.type} {c.no} {c.validTo ? `有效期至 ${c.validTo}` : ''}
                    </div>
                  ))}
            </Descriptions.Item>
            <Descriptions.Item label="资质到期">
              <ExpiryCell flag={d.expiryFlag} date={d.certExpiry} />
            </Descriptions.Item>
            <Descriptions.Item label="服务评分">
              <RatingCell rating={d.rating} count={d.ratingCount} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            参与的预防服务（已完成 {d.serviceCount} 次）
          </Typography.Title>
          <RecordsTable records={d.records} />
        </>
      )}
      {q.isError && <Empty description="无法加载该专家" />}
    </Drawer>
  );
}
