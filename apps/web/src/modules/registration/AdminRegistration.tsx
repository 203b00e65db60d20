import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Input, Modal, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { actionsWidth, cleanParams, PagedTable, tableWidth, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { REG_KINDS, REG_STATUS, RegStatus, SERVICE_ITEMS, WS_INDUSTRIES } from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { useUrlId } from '../../platform/url-id.ts';
import {
  listRegistrations,
  type RegDetail,
  type RegRow,
  registrationDetail,
  reviewRegistration,
} from './api.ts';

const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'green' };
const FORM_LABELS: Record<string, string> = {
  contactName: '联系人',
  certNo: '资质证书编号',
  certExpiry: '资质有效期至',
  certFileId: '资质证书扫描件',
  serviceItems: '服务项目',
  itemOther: '其他服务内容',
  staffCount: '从业人员数',
  regionCodes: '服务区域',
  title: '职称',
  industries: '擅长行业',
  employer: '工作单位',
  certificates: '资格证书',
  position: '职务',
};

function formValue(key: string, v: unknown) {
  if (key === 'serviceItems')
    return (v as string[]).map((c) => SERVICE_ITEMS.label(c as never) || c).join('、');
  if (key === 'industries')
    return (v as string[]).map((c) => WS_INDUSTRIES.label(c as never) || c).join('、');
  if (key === 'regionCodes') return (v as string[]).map((c) => districtName(c)).join('、');
  if (key === 'certFileId')
    return (
      <Typography.Link href={`/api/file/${String(v)}`} target="_blank">
        查看扫描件
      </Typography.Link>
    );
  if (key === 'certificates')
    return (
      (v as { type: string; no: string; validTo: string | null }[])
        .map((c) => `${c.type} ${c.no}${c.validTo ? `（至${c.validTo}）` : ''}`)
        .join('；') || '无'
    );
  return String(v ?? '');
}

function Detail({ id, onDone }: { id: number; onDone: () => void }) {
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['registration', id], queryFn: () => registrationDetail(id) });
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const d: RegDetail | undefined = q.data;
  if (!d) return null;
  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      message.success(
        await reviewRegistration({ id: d.id, version: d.version, approve, ...(approve ? {} : { reason }) }),
      );
      setReturning(false);
      onDone();
    } catch {
      // A stale or decided application: the API client showed why; the drawer stays.
      q.refetch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {d.linkedOrgName && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`通过后账号将关联已导入的企业“${d.linkedOrgName}”`}
        />
      )}
      {d.status === RegStatus.RETURNED && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`已退回：${d.reason}`} />
      )}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="申请类型">{d.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLOR[d.status]}>{d.statusLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="名称/姓名">{d.name}</Descriptions.Item>
        {d.uscc && <Descriptions.Item label="统一社会信用代码">{d.uscc}</Descriptions.Item>}
        {d.districtCode && (
          <Descriptions.Item label="所属区县">{districtName(d.districtCode)}</Descriptions.Item>
        )}
        {d.idNoMask && <Descriptions.Item label="身份证号">{d.idNoMask}</Descriptions.Item>}
        {d.targetOrgName && <Descriptions.Item label="所属机构">{d.targetOrgName}</Descriptions.Item>}
        {/* A field the applicant left empty because it did not apply (其他服务内容 without item 07) is not shown. */}
        {Object.entries(d.form)
          .filter(([, v]) => v !== '' && v !== null && v !== undefined)
          .map(([k, v]) => (
            <Descriptions.Item key={k} label={FORM_LABELS[k] ?? k}>
              {formValue(k, v)}
            </Descriptions.Item>
          ))}
        <Descriptions.Item label="用户名">{d.username}</Descriptions.Item>
        <Descriptions.Item label="手机号">{d.mobile}</Descriptions.Item>
        <Descriptions.Item label="提交时间">
          {d.submittedAt}
          {d.submitCount > 1 ? `（第${d.submitCount}次提交）` : ''}
        </Descriptions.Item>
      </Descriptions>
      {d.status === RegStatus.PENDING && (
        <Action name="edit">
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" loading={busy} onClick={() => decide(true)}>
              审核通过
            </Button>
            <Button danger onClick={() => setReturning(true)}>
              退回
            </Button>
          </Space>
        </Action>
      )}
      <Modal
        title="退回注册申请"
        open={returning}
        okText="退回"
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading: busy }}
        onOk={() => decide(false)}
        onCancel={() => setReturning(false)}
      >
        <Input.TextArea
          rows={4}
          maxLength={500}
          showCount
          placeholder="退回原因（申请人登录后可见，至少2个字）"
          aria-label="退回原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}

/**
 * 注册审核 (AdminRegistration): self-registrations of enterprises, service organisations, experts and
 * managers, waiting ones first; the operations admin opens one (?id=, the to-do's link), approves it (the
 * account opens) or returns it with a reason the applicant reads after signing in. Mobiles are masked.
 */
export function AdminRegistration() {
  const ref = useRef<ActionType | undefined>(undefined);
  const [id, setId] = useUrlId();
  const columns: ProColumns<RegRow>[] = [
    {
      title: '名称/姓名',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '名称、用户名或信用代码' },
    },
    { title: '名称/姓名', dataIndex: 'name', width: 220, search: false, ellipsis: true },
    {
      title: '申请类型',
      dataIndex: 'kind',
      width: 130,
      valueType: 'select',
      valueEnum: valueEnumOf(REG_KINDS),
      render: (_, r) => r.kindLabel,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnumOf(REG_STATUS),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag>,
    },
    { title: '用户名', dataIndex: 'username', width: 120, search: false },
    { title: '手机号', dataIndex: 'mobile', width: 120, search: false },
    {
      title: '所属机构',
      dataIndex: 'targetOrgName',
      width: 180,
      search: false,
      ellipsis: true,
      render: (_, r) => r.targetOrgName ?? '-',
    },
    { title: '提交时间', dataIndex: 'submittedAt', width: 160, search: false },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: actionsWidth(['审核']),
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => setId(r.id)}>
          {r.status === RegStatus.PENDING ? '审核' : '查看'}
        </Typography.Link>,
      ],
    },
  ];
  return (
    <>
      <PagedTable<RegRow, Record<string, unknown>>
        headerTitle="注册申请"
        actionRef={ref}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false }}
        request={(params) => {
          const { pageNo, pageSize, sortField: _sf, sortOrder: _so, ...rest } = params;
          return listRegistrations({ ...cleanParams(rest), pageNo, pageSize });
        }}
        locale={{ emptyText: '没有符合条件的注册申请' }}
      />
      <Drawer title="注册申请" width={640} open={id !== null} onClose={() => setId(null)} destroyOnClose>
        {id !== null && (
          <Detail
            id={id}
            onDone={() => {
              setId(null);
              ref.current?.reload();
            }}
          />
        )}
      </Drawer>
    </>
  );
}
