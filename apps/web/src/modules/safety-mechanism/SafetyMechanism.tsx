import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { MechanismRow } from '@aqzrx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, InputNumber, Row, Select, Space, Tag, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { useRef, useState } from 'react';
import { DeleteAction, EditModal, RemarkField, StatusField } from '../../components/form-parts.tsx';
import { chinaTime, PagedTable, thousands } from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import {
  ENABLE_STATUS,
  IP_ALLOWLIST_MAX,
  IP_ENTRY_MESSAGE,
  isIpOrCidr,
  ORDER_NO_MESSAGE,
  ORDER_NO_PATTERN,
  RATE_PER_MINUTE,
} from '../../platform/contracts.ts';
import { listSubsystems } from '../subsystem/index.ts';
import {
  addMechanism,
  checkOrderNo,
  deleteMechanism,
  findMechanisms,
  type MechanismQuery,
  mechanismKeys,
  updateMechanism,
} from './api.ts';
import { MechanismApis } from './MechanismApis.tsx';

interface MechanismFormValues {
  name: string;
  orderNo: string;
  subsystemId: number | null;
  status: number;
  ipAllowlist: string[];
  ratePerMinute: number;
  remark: string;
}

/** The first allowlist entry that is not an address or CIDR block, or null. */
export function badIpEntry(entries: readonly string[]): string | null {
  return entries.map((e) => e.trim()).find((e) => !isIpOrCidr(e)) ?? null;
}

/**
 * Order number rules: the server's format, then (on blur and on save) whether another mechanism holds
 * it. `selfId` is the mechanism being edited.
 */
export function orderNoRules(selfId: number | undefined, check = checkOrderNo): Rule[] {
  return [
    { required: true, whitespace: true, message: '请输入编号' },
    { max: 32, message: '编号最多32个字符' },
    { pattern: ORDER_NO_PATTERN, message: ORDER_NO_MESSAGE },
    {
      validator: async (_r, value: string | undefined) => {
        const v = (value ?? '').trim();
        if (!v || v.length > 32 || !ORDER_NO_PATTERN.test(v)) return;
        let free: boolean;
        try {
          free = await check(v, selfId);
        } catch {
          throw new Error('暂时无法检查编号是否重复，请稍后再试');
        }
        if (!free) throw new Error(`编号 ${v} 已被其他安全机制使用，请换一个编号`);
      },
    },
  ];
}

const ipRules: Rule[] = [
  {
    validator: async (_r, value: string[] | undefined) => {
      const list = value ?? [];
      if (list.length > IP_ALLOWLIST_MAX) throw new Error('最多100个IP地址或网段');
      const bad = badIpEntry(list);
      if (bad !== null) throw new Error(`“${bad}”${IP_ENTRY_MESSAGE}`);
    },
  },
];

/** Safety mechanisms: access policies of external systems over the platform's API entries. */
export function SafetyMechanism() {
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const canQueryApis = useAccess().canOnRoute('query');
  const [editing, setEditing] = useState<MechanismRow | 'new' | null>(null);
  const [apisOf, setApisOf] = useState<MechanismRow | null>(null);

  const subsystems = useQuery({
    queryKey: mechanismKeys.subsystemOptions,
    queryFn: () => listSubsystems({ pageNo: 1, pageSize: 500 }),
  });
  const subsystemOptions = (subsystems.data?.list ?? []).map((s) => ({
    value: s.id,
    label: `${s.name}（${s.code}）`,
  }));

  const reload = () => ref.current?.reload();
  const add = useMutation({
    mutationFn: addMechanism,
    onSuccess: () => {
      message.success('新增成功');
      setEditing(null);
      reload();
    },
  });
  const update = useMutation({
    mutationFn: updateMechanism,
    onSuccess: () => {
      message.success('保存成功');
      setEditing(null);
      reload();
    },
  });
  const remove = useMutation({
    mutationFn: deleteMechanism,
    onSuccess: () => {
      message.success('删除成功');
      reload();
    },
  });

  const columns: ProColumns<MechanismRow>[] = [
    { title: '编号', dataIndex: 'orderNo', width: 120 },
    { title: '机制名称', dataIndex: 'name', ellipsis: true },
    {
      title: '子系统',
      dataIndex: 'subsystemId',
      valueType: 'select',
      fieldProps: { options: subsystemOptions, showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => r.subsystemName || '—',
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      valueType: 'select',
      valueEnum: ENABLE_STATUS.badgeEnum,
    },
    {
      title: 'IP白名单',
      dataIndex: 'ipAllowlist',
      search: false,
      render: (_, r) =>
        r.ipAllowlist.length === 0 ? (
          '不限'
        ) : (
          <Tooltip title={r.ipAllowlist.join('，')}>
            <span>
              {r.ipAllowlist.slice(0, 2).join('，')}
              {r.ipAllowlist.length > 2 ? ` 等${r.ipAllowlist.length}个` : ''}
            </span>
          </Tooltip>
        ),
    },
    {
      title: '每分钟上限',
      dataIndex: 'ratePerMinute',
      width: 110,
      search: false,
      render: (_, r) => `${thousands(r.ratePerMinute)} 次`,
    },
    {
      title: '接口数',
      dataIndex: 'apiCount',
      width: 80,
      search: false,
      render: (_, r) => (r.apiCount > 0 ? r.apiCount : <Tag>未关联</Tag>),
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
      key: 'op',
      width: 200,
      search: false,
      render: (_, r) => (
        <Space size={0}>
          <Action
            name="edit"
            fallback={
              // Without edit, the attached entries can still be looked at (read-only list).
              canQueryApis ? (
                <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => setApisOf(r)}>
                  查看接口
                </Button>
              ) : null
            }
          >
            <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => setApisOf(r)}>
              关联接口
            </Button>
          </Action>
          <Action name="edit">
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          </Action>
          <DeleteAction
            title={`确认删除安全机制“${r.name}”？`}
            description={r.apiCount > 0 ? `其关联的 ${r.apiCount} 个接口将一并解除。` : undefined}
            onConfirm={() => remove.mutate(r.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<MechanismRow, Omit<MechanismQuery, 'pageNo' | 'pageSize'>>
        headerTitle="安全机制"
        actionRef={ref}
        columns={columns}
        request={(q) => findMechanisms(q)}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: '暂无安全机制' }}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增安全机制
            </Button>
          </Action>,
        ]}
      />
      <MechanismFormModal
        editing={editing}
        subsystemOptions={subsystemOptions}
        saving={add.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v) => {
          if (editing === 'new') add.mutate(v);
          else if (editing) update.mutate({ ...v, id: editing.id, version: editing.version });
        }}
      />
      <MechanismApis mechanism={apisOf} onClose={() => setApisOf(null)} onChanged={reload} />
    </>
  );
}

export function MechanismFormModal({
  editing,
  subsystemOptions,
  saving,
  onCancel,
  onSubmit,
}: {
  editing: MechanismRow | 'new' | null;
  subsystemOptions: { value: number; label: string }[];
  saving: boolean;
  onCancel: () => void;
  onSubmit: (v: MechanismFormValues) => void;
}) {
  const [form] = Form.useForm<MechanismFormValues>();
  const selfId = editing && editing !== 'new' ? editing.id : undefined;
  return (
    <EditModal
      editing={editing}
      valuesOf={mechanismFormValues}
      form={form}
      title={editing === 'new' ? '新增安全机制' : editing ? `编辑安全机制：${editing.name}` : ''}
      saving={saving}
      onCancel={onCancel}
      onSubmit={(v) =>
        onSubmit({
          ...v,
          orderNo: v.orderNo.trim(),
          subsystemId: v.subsystemId ?? null,
          ipAllowlist: (v.ipAllowlist ?? []).map((s) => s.trim()),
          remark: v.remark ?? '',
        })
      }
      width={640}
      name="mechanism"
    >
      <Row gutter={16}>
        <Col span={10}>
          <Form.Item
            name="orderNo"
            label="编号"
            validateTrigger="onBlur"
            validateDebounce={0}
            hasFeedback
            rules={orderNoRules(selfId)}
            extra="唯一，不区分大小写"
          >
            <Input maxLength={32} placeholder="例如 SM-001" />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item
            name="name"
            label="机制名称"
            rules={[
              { required: true, whitespace: true, message: '请输入机制名称' },
              { max: 100, message: '机制名称最多100个字符' },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="subsystemId" label="适用子系统" tooltip="不选则为通用机制">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          options={subsystemOptions}
          placeholder="选择子系统"
        />
      </Form.Item>
      <Form.Item
        name="ipAllowlist"
        label="IP白名单"
        rules={ipRules}
        extra="输入IP地址或CIDR网段后回车，可填多个；不填表示不限来源地址"
      >
        <Select
          mode="tags"
          tokenSeparators={[',', '，', ' ']}
          open={false}
          placeholder="例如 10.1.2.3 或 10.1.0.0/16"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="ratePerMinute"
            label="每分钟请求上限"
            rules={[
              { required: true, message: '请输入每分钟请求上限' },
              {
                type: 'integer',
                min: RATE_PER_MINUTE.min,
                max: RATE_PER_MINUTE.max,
                message: '每分钟请求上限为1-100000的整数',
              },
            ]}
          >
            <InputNumber addonAfter="次/分钟" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <StatusField />
        </Col>
      </Row>
      <RemarkField />
    </EditModal>
  );
}

/** A new mechanism: general (no subsystem), enabled, any address, the default rate; an edit: its fields. */
function mechanismFormValues(editing: MechanismRow | 'new'): MechanismFormValues {
  return editing === 'new'
    ? {
        name: '',
        orderNo: '',
        subsystemId: null,
        status: 1,
        ipAllowlist: [],
        ratePerMinute: RATE_PER_MINUTE.default,
        remark: '',
      }
    : {
        name: editing.name,
        orderNo: editing.orderNo,
        subsystemId: editing.subsystemId,
        status: editing.status,
        ipAllowlist: editing.ipAllowlist,
        ratePerMinute: editing.ratePerMinute,
        remark: editing.remark,
      };
}
