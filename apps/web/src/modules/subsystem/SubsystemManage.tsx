import { EyeOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { SubsystemRow } from '@aqzrx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Modal, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DeleteAction, EditModal, SortField, StatusField } from '../../components/form-parts.tsx';
import { chinaTime, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  ENABLE_STATUS,
  SUBSYSTEM_CODE_MESSAGE,
  SUBSYSTEM_CODE_PATTERN,
  SUBSYSTEM_URL_MESSAGE,
  SUBSYSTEM_URL_PATTERN,
  UserStatus,
} from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { sanitizeHtml } from '../../platform/sanitize.ts';
import {
  addSubsystem,
  deleteSubsystem,
  listSubsystems,
  type SubsystemQuery,
  updateSubsystem,
} from './api.ts';
import { SubsystemCredentialsModal, serviceUserLabel } from './SubsystemCredentials.tsx';
import { SubsystemPushLink } from './SubsystemPush.tsx';
import { searchServiceUsers } from './subsystem-api.ts';

interface SubsystemFormValues {
  name: string;
  code: string;
  url: string;
  status: number;
  sort: number;
  helpContent: string;
  serviceUserId?: number | null;
}

export const subsystemRules = {
  name: [
    { required: true, whitespace: true, message: '请输入子系统名称' },
    { max: 100, message: '子系统名称最多100个字符' },
  ],
  code: [
    { required: true, whitespace: true, message: '请输入子系统编码' },
    { min: 2, message: '子系统编码至少2个字符' },
    { max: 40, message: '子系统编码最多40个字符' },
    { pattern: SUBSYSTEM_CODE_PATTERN, message: SUBSYSTEM_CODE_MESSAGE },
  ],
  url: [
    { max: 500, message: '访问地址最多500个字符' },
    {
      validator: async (_r: unknown, v: string | undefined) => {
        const s = (v ?? '').trim();
        if (s !== '' && !SUBSYSTEM_URL_PATTERN.test(s)) throw new Error(SUBSYSTEM_URL_MESSAGE);
      },
    },
  ],
  helpContent: [{ max: 20000, message: '帮助内容最多20000个字符' }],
};

/**
 * External systems linked from the platform, with the help text shown at /oauth-center-help/:code, the
 * service account their signed API calls run as, and their signing credentials (App Key and a secret shown
 * once). What a subsystem may call is decided by its safety mechanisms.
 */
export function SubsystemManage() {
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<SubsystemRow | 'new' | null>(null);
  const [preview, setPreview] = useState<SubsystemRow | null>(null);
  const [credentialsOf, setCredentialsOf] = useState<SubsystemRow | null>(null);
  const reload = () => ref.current?.reload();
  const after = (text: string) => () => {
    message.success(text);
    setEditing(null);
    reload();
  };
  const add = useMutation({ mutationFn: addSubsystem, onSuccess: after('新增成功') });
  const update = useMutation({ mutationFn: updateSubsystem, onSuccess: after('保存成功') });
  const remove = useMutation({ mutationFn: deleteSubsystem, onSuccess: after('删除成功') });

  const columns: ProColumns<SubsystemRow>[] = [
    { title: '子系统名称', dataIndex: 'name', width: 200, ellipsis: true },
    { title: '编码', dataIndex: 'code', width: 120 },
    {
      title: '访问地址',
      dataIndex: 'url',
      search: false,
      ellipsis: true,
      render: (_, r) =>
        r.url ? (
          <Typography.Link href={r.url} target="_blank" rel="noreferrer">
            {r.url}
          </Typography.Link>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      valueType: 'select',
      valueEnum: ENABLE_STATUS.badgeEnum,
    },
    {
      title: '服务账号',
      dataIndex: 'serviceUsername',
      search: false,
      ellipsis: true,
      render: (_, r) =>
        r.serviceUserId === null ? (
          <Typography.Text type="secondary">未绑定</Typography.Text>
        ) : (
          <Space size={4}>
            <span>{serviceUserLabel(r)}</span>
            {!r.serviceUserActive && <Tag color="error">已停用</Tag>}
          </Space>
        ),
    },
    {
      title: '接入凭据',
      dataIndex: 'appKey',
      width: 170,
      search: false,
      ellipsis: true,
      render: (_, r) => (r.appKey ? <Typography.Text code>{r.appKey}</Typography.Text> : <Tag>未生成</Tag>),
    },
    {
      title: '最近调用',
      dataIndex: 'lastUsedAt',
      width: 140,
      search: false,
      render: (_, r) => chinaTime(r.lastUsedAt, 'minute', '—'),
    },
    { title: '安全机制', dataIndex: 'mechanismCount', width: 80, search: false },
    {
      title: '数据推送',
      key: 'push',
      width: 110,
      search: false,
      render: (_, r) => <SubsystemPushLink subsystem={r} />,
    },
    { title: '排序', dataIndex: 'sort', width: 60, search: false },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 140,
      search: false,
      render: (_, r) => chinaTime(r.updatedAt),
    },
    {
      title: '操作',
      key: 'op',
      width: 270,
      search: false,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview(r)}>
            帮助预览
          </Button>
          <Action name="edit">
            <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setCredentialsOf(r)}>
              接入凭据
            </Button>
          </Action>
          <Action name="edit">
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          </Action>
          <DeleteAction
            blockedBy={
              r.mechanismCount > 0
                ? `该子系统仍被 ${r.mechanismCount} 个安全机制使用，请先修改或删除这些安全机制`
                : undefined
            }
            title={`确认删除子系统“${r.name}”？`}
            onConfirm={() => remove.mutate(r.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<SubsystemRow, Omit<SubsystemQuery, 'pageNo' | 'pageSize'>>
        headerTitle="子系统"
        tooltip="与本平台对接的外部系统。外部系统以绑定的服务账号身份、用平台生成的接入凭据签名调用接口，可调用的接口由「安全机制」决定。"
        actionRef={ref}
        scroll={{ x: 1300 }}
        columns={columns}
        request={(q) => listSubsystems(q)}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: '暂无子系统' }}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增子系统
            </Button>
          </Action>,
        ]}
      />
      <SubsystemFormModal
        editing={editing}
        saving={add.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v) => {
          if (editing === 'new') add.mutate(v);
          else if (editing) update.mutate({ ...v, id: editing.id, version: editing.version });
        }}
      />
      <SubsystemCredentialsModal
        subsystem={credentialsOf}
        onClose={() => setCredentialsOf(null)}
        onChanged={reload}
      />
      <Modal
        open={preview !== null}
        title={preview ? `帮助预览：${preview.name}` : ''}
        footer={null}
        onCancel={() => setPreview(null)}
        width={720}
      >
        {preview && (
          <>
            <Typography.Paragraph type="secondary">
              公开地址 /oauth-center-help/{preview.code}（接口 getSubsystemInfo?code={preview.code}）
            </Typography.Paragraph>
            {preview.helpContent ? (
              // Allow-listed on the server when saved, and sanitised again here before it is shown.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised help HTML
              <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(preview.helpContent) }} />
            ) : (
              <Typography.Text type="secondary">尚未填写帮助内容</Typography.Text>
            )}
          </>
        )}
      </Modal>
    </>
  );
}

/** Picks the service account by username; the current one stays listed while it is not in the results. */
export function ServiceUserSelect({
  id,
  value,
  onChange,
  current,
}: {
  /** Set by Form.Item, so the label points at the input. */
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  current?: { id: number; label: string } | undefined;
}) {
  const [keyword, setKeyword] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  const users = useQuery({
    queryKey: ['sys-config', 'service-users', term],
    queryFn: () => searchServiceUsers(term),
    retry: false,
  });
  const options = (users.data ?? []).map((u) => {
    const disabled = u.status === UserStatus.DISABLED;
    return {
      value: u.id,
      label: `${u.nickname ? `${u.nickname}（${u.username}）` : u.username} · ${u.roleDisplay}${disabled ? ' · 已停用' : ''}`,
      disabled,
    };
  });
  if (current && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: current.label, disabled: false });
  }
  const denied = users.isError && isApiError(users.error) && users.error.status === 403;
  return (
    <Select<number | null>
      {...(id ? { id } : {})}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setKeyword}
      options={options}
      placeholder="输入用户名搜索"
      notFoundContent={
        users.isFetching ? (
          <Spin size="small" />
        ) : denied ? (
          '没有查询用户的权限，请联系管理员'
        ) : users.isError ? (
          '用户查询失败，请稍后重试'
        ) : (
          '未找到用户'
        )
      }
    />
  );
}

export function SubsystemFormModal({
  editing,
  saving,
  onCancel,
  onSubmit,
}: {
  editing: SubsystemRow | 'new' | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (v: SubsystemFormValues) => void;
}) {
  const [form] = Form.useForm<SubsystemFormValues>();
  return (
    <EditModal
      editing={editing}
      valuesOf={subsystemFormValues}
      form={form}
      title={editing === 'new' ? '新增子系统' : editing ? `编辑子系统：${editing.name}` : ''}
      saving={saving}
      onCancel={onCancel}
      onSubmit={(v) =>
        onSubmit({
          ...v,
          url: (v.url ?? '').trim(),
          helpContent: v.helpContent ?? '',
          serviceUserId: v.serviceUserId ?? null,
        })
      }
      width={720}
      name="subsystem"
    >
      <Row gutter={16}>
        <Col span={14}>
          <Form.Item name="name" label="子系统名称" rules={subsystemRules.name}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item
            name="code"
            label="子系统编码"
            rules={subsystemRules.code}
            extra="帮助页地址 /oauth-center-help/编码"
          >
            <Input maxLength={40} placeholder="例如 sqfx" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="url" label="访问地址" rules={subsystemRules.url}>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item
        name="serviceUserId"
        label="服务账号"
        extra="外部系统调用接口时以该账号的身份和角色权限执行，角色决定可调用的功能和可见的数据范围。建议为每个子系统建立专用账号。"
      >
        <ServiceUserSelect
          current={
            editing && editing !== 'new' && editing.serviceUserId !== null
              ? { id: editing.serviceUserId, label: serviceUserLabel(editing) }
              : undefined
          }
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <StatusField />
        </Col>
        <Col span={12}>
          <SortField />
        </Col>
      </Row>
      <Form.Item
        name="helpContent"
        label="帮助内容"
        rules={subsystemRules.helpContent}
        extra="可填纯文本或简单HTML（标题、段落、列表、链接），其他标签和脚本会被服务器移除"
      >
        <Input.TextArea rows={8} maxLength={20000} showCount />
      </Form.Item>
    </EditModal>
  );
}

/** A new subsystem: empty, enabled, sort 0, no service account; an edit: its fields. */
function subsystemFormValues(editing: SubsystemRow | 'new'): SubsystemFormValues {
  return editing === 'new'
    ? { name: '', code: '', url: '', status: 1, sort: 0, helpContent: '', serviceUserId: null }
    : {
        serviceUserId: editing.serviceUserId,
        name: editing.name,
        code: editing.code,
        url: editing.url,
        status: editing.status,
        sort: editing.sort,
        helpContent: editing.helpContent,
      };
}
