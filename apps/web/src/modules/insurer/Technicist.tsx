import { EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { chinaTime, PagedTable, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  ID_TYPES,
  optionLabel,
  SERVICE_ITEMS,
  STAFF_TYPE,
  TECHNICIST_STATUS,
} from '../../platform/contracts.ts';
import {
  addTechnicist,
  deleteTechnicist,
  editTechnicist,
  listTechnicists,
  revealTechnicist,
  type TechnicistRow,
} from './api.ts';
import { TechnicistForm } from './TechnicistForm.tsx';

/** The full ID number and mobile, shown after an audited reveal call. */
function IdCell({ row }: { row: TechnicistRow }) {
  const [full, setFull] = useState<{ idNo: string; mobile: string } | null>(null);
  const reveal = useMutation({ mutationFn: () => revealTechnicist(row.id), onSuccess: setFull });
  return (
    <Space size={4}>
      <span data-testid={`tech-id-${row.id}`} style={{ fontFamily: 'monospace' }}>
        {full ? full.idNo : row.idNo}
      </span>
      <Action name="get">
        {full ? (
          <Tooltip title="隐藏">
            <Button
              type="link"
              size="small"
              icon={<EyeInvisibleOutlined />}
              onClick={() => setFull(null)}
              aria-label="隐藏证件号码"
            />
          </Tooltip>
        ) : (
          <Tooltip title="查看完整号码（将记录查看日志）">
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              loading={reveal.isPending}
              onClick={() => reveal.mutate()}
              aria-label="查看完整证件号码"
            />
          </Tooltip>
        )}
      </Action>
    </Space>
  );
}

/** /insurance/org/Technicist/route: the institution's technical staff (own and hired externally). */
export function Technicist() {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<{ open: boolean; record?: TechnicistRow }>({ open: false });
  const close = () => setEditing({ open: false });
  const reload = () => actionRef.current?.reload();

  const add = useMutation({
    mutationFn: addTechnicist,
    onSuccess: () => {
      message.success('新增成功');
      close();
      reload();
    },
  });
  const edit = useMutation({
    mutationFn: editTechnicist,
    onSuccess: () => {
      message.success('保存成功');
      close();
      reload();
    },
  });
  const remove = useMutation({
    mutationFn: (r: TechnicistRow) => deleteTechnicist(r.id, r.version),
    onSuccess: () => {
      message.success('删除成功');
      reload();
    },
  });

  const columns: ProColumns<TechnicistRow>[] = [
    { title: '姓名', dataIndex: 'name', width: 110, fieldProps: { placeholder: '请输入姓名' } },
    {
      title: '人员类型',
      dataIndex: 'staffType',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnumOf(STAFF_TYPE),
      render: (_, r) => (
        <Tag color={r.staffType === 1 ? 'green' : 'blue'}>{optionLabel(STAFF_TYPE, r.staffType)}</Tag>
      ),
    },
    {
      title: '证件类型',
      dataIndex: 'idType',
      width: 100,
      search: false,
      render: (_, r) => optionLabel(ID_TYPES, r.idType) || r.idType,
    },
    { title: '证件号码', dataIndex: 'idNo', width: 230, search: false, render: (_, r) => <IdCell row={r} /> },
    { title: '手机号', dataIndex: 'mobile', width: 120, search: false },
    { title: '职务/职称', dataIndex: 'title', width: 130, search: false, ellipsis: true },
    {
      title: '学历/专业',
      dataIndex: 'education',
      width: 150,
      search: false,
      ellipsis: true,
      render: (_, r) => [r.education, r.major].filter(Boolean).join(' / ') || '-',
    },
    { title: '所在单位', dataIndex: 'employer', width: 180, search: false, ellipsis: true },
    { title: '从业年限', dataIndex: 'years', width: 90, search: false, render: (_, r) => `${r.years}年` },
    {
      title: '主要服务项目',
      dataIndex: 'serviceItems',
      width: 220,
      search: false,
      render: (_, r) =>
        r.serviceItems.length === 0 ? (
          '-'
        ) : (
          <Typography.Text
            ellipsis={{ tooltip: r.serviceItems.map((s) => optionLabel(SERVICE_ITEMS, s)).join('、') }}
          >
            {r.serviceItems.map((s) => optionLabel(SERVICE_ITEMS, s)).join('、')}
          </Typography.Text>
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      valueType: 'select',
      valueEnum: TECHNICIST_STATUS.badgeEnum,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      search: false,
      render: (_, r) => chinaTime(r.updatedAt),
    },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, r) => [
        <Action name="edit" key="edit">
          <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
            编辑
          </Button>
        </Action>,
        <Action name="delete" key="delete">
          <Popconfirm
            title={`确定删除技术人员“${r.name}”吗？`}
            description="删除后不可恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Action>,
      ],
    },
  ];

  return (
    <Card variant="borderless">
      <PagedTable<TechnicistRow, { name?: string; staffType?: string; status?: string }>
        headerTitle="技术人员"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1500 }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: '暂无技术人员，点击“新增”添加本机构自有或外聘的技术人员' }}
        request={async ({ pageNo, pageSize, name, staffType, status }) =>
          listTechnicists({
            pageNo,
            pageSize,
            ...(name ? { name } : {}),
            ...(staffType !== undefined ? { staffType: Number(staffType) } : {}),
            ...(status !== undefined ? { status: Number(status) } : {}),
          })
        }
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
              新增
            </Button>
          </Action>,
        ]}
      />
      <TechnicistForm
        open={editing.open}
        record={editing.record}
        saving={add.isPending || edit.isPending}
        onCancel={close}
        onAdd={(v) => add.mutate(v)}
        onEdit={(v) => edit.mutate(v)}
      />
    </Card>
  );
}
