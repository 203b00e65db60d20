import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { OrgRow } from '@aqzrx/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  actionsWidth,
  cleanParams,
  dateText,
  PagedTable,
  tableWidth,
  valueEnumOf,
} from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import {
  CITY_CODE,
  CITY_NAME,
  DISTRICTS,
  isValidLandline,
  isValidMobile,
  isValidUscc,
  ORG_CONTACT_NAME_MESSAGE,
  ORG_CONTACT_PHONE_MESSAGE,
  ORG_MANAGED_TYPES,
  ORG_STATUS,
  ORG_TYPES,
  ORG_USCC_REQUIRED,
  OrgStatus,
  type OrgType,
  optionLabel,
} from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { isApiError } from '../../platform/request.ts';
import { USER_SCREENS, useScreenPath } from '../../platform/screen-path.ts';
import { addOrg, type OrgFormBody, saveOrg, searchOrgs, setOrgStatus } from './api.ts';

type Filters = Record<string, unknown>;

const TYPE_COLOR: Record<string, string> = {
  platform: 'magenta',
  government: 'red',
  enterprise: 'blue',
  insurer: 'gold',
  service: 'green',
  expert: 'cyan',
};

/** Districts an organisation may sit in: the city itself (市级) and its five districts. */
export const ORG_DISTRICTS = [{ value: CITY_CODE, label: `${CITY_NAME}（市级）` }, ...DISTRICTS];

const ONE_LINE = { whiteSpace: 'nowrap' } as const;
const ACTIONS = ['编辑', '停用'];

/**
 * 机构管理 (AdminOrg): every organisation (regulators, enterprises, insurers, service organisations,
 * expert panels) with its contacts. The operations admin adds and edits regulator offices, insurer
 * branches, service organisations and expert panels (enterprises are kept in 企业管理), and suspends
 * (停用: its users cannot sign in) or enables any organisation.
 */
export function AdminOrg() {
  const navigate = useNavigate();
  const access = useAccess();
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<OrgRow | 'new' | null>(null);
  const usersPath = useScreenPath(USER_SCREENS.list);
  const canSeeUsers = usersPath !== null && access.hasPermission('user.query');
  const reload = () => ref.current?.reload();

  const status = useMutation({
    mutationFn: ({ row, enable }: { row: OrgRow; enable: boolean }) => setOrgStatus(row, enable),
    onSuccess: (text) => message.success(text),
    // The client shows the refusal; a stale row (409) is refreshed either way.
    onSettled: reload,
  });

  // Widths fit the list beside the menu at 1440 px (LIST_WIDTH_AT_1440): every column in view, none under
  // the fixed 操作 column, whose links keep one line (actionsWidth); the code sits under the name.
  const columns: ProColumns<OrgRow>[] = [
    {
      title: '机构名称',
      dataIndex: 'name',
      width: 232,
      fieldProps: { placeholder: '机构名称（模糊匹配）' },
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Text ellipsis title={r.name} style={{ display: 'block', maxWidth: 216 }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.uscc || '无统一社会信用代码'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '机构类型',
      dataIndex: 'orgType',
      width: 112,
      valueType: 'select',
      valueEnum: valueEnumOf(ORG_TYPES),
      render: (_, r) => <Tag color={TYPE_COLOR[r.orgType] ?? 'default'}>{r.orgTypeLabel}</Tag>,
    },
    {
      title: '所在区县',
      dataIndex: 'districtCode',
      width: 92,
      valueType: 'select',
      valueEnum: valueEnumOf(ORG_DISTRICTS),
      render: (_, r) => districtName(r.districtCode) || '-',
    },
    {
      title: '联系人',
      dataIndex: 'contactName',
      width: 88,
      search: false,
      ellipsis: true,
      render: (_, r) => r.contactName || '-',
    },
    {
      title: '联系电话',
      dataIndex: 'contactPhone',
      width: 126,
      search: false,
      render: (_, r) => r.contactPhone || '-',
    },
    {
      title: '用户数',
      dataIndex: 'userCount',
      width: 72,
      search: false,
      align: 'right',
      render: (_, r) =>
        canSeeUsers && r.userCount > 0 ? (
          <Typography.Link
            onClick={() =>
              navigate(
                `${usersPath}?orgId=${r.id}&orgName=${encodeURIComponent(`${r.name}（${r.orgTypeLabel}）`)}`,
              )
            }
          >
            {r.userCount}
          </Typography.Link>
        ) : (
          r.userCount
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 76,
      valueType: 'select',
      valueEnum: valueEnumOf(ORG_STATUS),
      render: (_, r) => {
        const opt = ORG_STATUS.find((o) => o.value === r.status);
        return <Tag color={opt?.color ?? 'default'}>{opt?.label ?? r.status}</Tag>;
      },
    },
    {
      title: '创建日期',
      dataIndex: 'createdAt',
      width: 104,
      search: false,
      render: (_, r) => dateText(r.createdAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: actionsWidth(ACTIONS),
      render: (_, r) => [
        ORG_MANAGED_TYPES.includes(r.orgType as OrgType) ? (
          <Action name="edit" key="edit">
            <Typography.Link style={ONE_LINE} onClick={() => setEditing(r)}>
              编辑
            </Typography.Link>
          </Action>
        ) : null,
        r.status === OrgStatus.SUSPENDED ? (
          <Action name="enable" key="enable">
            <Popconfirm
              title={`启用“${r.name}”？`}
              description="启用后该机构的用户可以重新登录。"
              okText="启用"
              cancelText="取消"
              onConfirm={() => status.mutate({ row: r, enable: true })}
            >
              <Typography.Link style={ONE_LINE}>启用</Typography.Link>
            </Popconfirm>
          </Action>
        ) : (
          <Action name="disable" key="disable">
            <Popconfirm
              title={`停用“${r.name}”？`}
              description={`停用后该机构的 ${r.userCount} 个用户不能登录，已登录的立即退出。`}
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => status.mutate({ row: r, enable: false })}
            >
              <Typography.Link type="danger" style={ONE_LINE}>
                停用
              </Typography.Link>
            </Popconfirm>
          </Action>
        ),
      ],
    },
  ];

  return (
    <>
      <PagedTable<OrgRow, Filters>
        headerTitle="机构列表"
        actionRef={ref}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false }}
        request={(params) => {
          const { pageNo, pageSize, sortField: _sf, sortOrder: _so, ...rest } = params;
          return searchOrgs({ ...cleanParams(rest), pageNo, pageSize });
        }}
        locale={{ emptyText: '没有符合条件的机构' }}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增机构
            </Button>
          </Action>,
        ]}
      />
      <OrgFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          message.success(text);
          setEditing(null);
          reload();
        }}
        onStale={() => {
          setEditing(null);
          reload();
        }}
      />
    </>
  );
}

interface OrgFormValues {
  orgType: OrgType;
  name: string;
  uscc: string;
  districtCode: OrgFormBody['districtCode'];
  contactName: string;
  contactPhone: string;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The server's rules, with its wording (contracts orgAddBody / orgSaveBody). */
export const orgRules = {
  orgType: [{ required: true, message: '请选择机构类型' }] as Rule[],
  name: [
    {
      validator: async (_r: unknown, v: unknown) => {
        const s = trimmed(v);
        if (s === '') throw new Error('请输入机构名称');
        if (s.length < 2) throw new Error('机构名称至少2个字');
        if (s.length > 100) throw new Error('机构名称最多100个字');
      },
    },
  ] as Rule[],
  uscc: (orgType: OrgType | undefined): Rule[] => [
    {
      validator: async (_r, v: unknown) => {
        const s = trimmed(v);
        if (s === '') {
          if (orgType && ORG_USCC_REQUIRED.includes(orgType))
            throw new Error(`${optionLabel(ORG_TYPES, orgType)}须填写统一社会信用代码`);
          return;
        }
        if (!isValidUscc(s)) throw new Error('统一社会信用代码格式或校验位不正确，请核对18位代码');
      },
    },
  ],
  districtCode: [{ required: true, message: '请选择所在区县' }] as Rule[],
  contactName: [
    {
      validator: async (_r: unknown, v: unknown) => {
        const s = trimmed(v);
        if (s === '') throw new Error('请输入联系人');
        if (s.length < 2 || s.length > 20) throw new Error(ORG_CONTACT_NAME_MESSAGE);
      },
    },
  ] as Rule[],
  /** On an edit the phone may stay empty (the stored one is kept). */
  contactPhone: (required: boolean): Rule[] => [
    {
      validator: async (_r, v: unknown) => {
        const s = trimmed(v);
        if (s === '') {
          if (required) throw new Error('请输入联系电话');
          return;
        }
        if (!isValidMobile(s) && !isValidLandline(s)) throw new Error(ORG_CONTACT_PHONE_MESSAGE);
      },
    },
  ],
};

/** 新增机构 / 编辑机构: the type is chosen when adding and fixed afterwards. */
export function OrgFormModal({
  editing,
  onClose,
  onSaved,
  onStale,
}: {
  editing: OrgRow | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** The organisation changed since it was listed (409): the list is to be refreshed. */
  onStale: () => void;
}) {
  const [form] = Form.useForm<OrgFormValues>();
  const orgType = Form.useWatch('orgType', form);
  const isNew = editing === 'new';
  const save = useMutation({
    mutationFn: (v: OrgFormValues) => {
      const body = {
        name: v.name.trim(),
        uscc: trimmed(v.uscc),
        districtCode: v.districtCode,
        contactName: v.contactName.trim(),
      };
      const phone = trimmed(v.contactPhone);
      if (editing === 'new') return addOrg({ ...body, orgType: v.orgType, contactPhone: phone });
      const row = editing as OrgRow;
      return saveOrg({
        ...body,
        id: row.id,
        version: row.version,
        ...(phone === '' ? {} : { contactPhone: phone }),
      });
    },
    onSuccess: onSaved,
    onError: (e) => {
      if (isApiError(e) && e.status === 409 && e.code === 'STALE_VERSION') onStale();
    },
  });

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing === 'new'
        ? {
            orgType: 'service',
            name: '',
            uscc: '',
            districtCode: undefined,
            contactName: '',
            contactPhone: '',
          }
        : {
            orgType: editing.orgType as OrgType,
            name: editing.name,
            uscc: editing.uscc,
            // An organisation's stored district is one of ORG_DISTRICTS (the server's orgDistrict).
            districtCode: editing.districtCode as OrgFormBody['districtCode'],
            contactName: editing.contactName,
            contactPhone: '',
          },
    );
  }, [editing, form]);

  const current = editing && editing !== 'new' ? editing.contactPhone : '';
  return (
    <Modal
      open={editing !== null}
      title={isNew ? '新增机构' : editing ? `编辑机构：${editing.name}` : ''}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        try {
          save.mutate(await form.validateFields());
        } catch {
          // the form shows what to fix
        }
      }}
      width={640}
      destroyOnHidden
    >
      <Form form={form} name="org" layout="vertical" preserve={false}>
        <Form.Item
          name="orgType"
          label="机构类型"
          rules={orgRules.orgType}
          extra={isNew ? '企业在“企业管理”中新增。' : '机构类型新增后不能修改。'}
        >
          <Select
            disabled={!isNew}
            options={ORG_TYPES.filter((o) => ORG_MANAGED_TYPES.includes(o.value)).map((o) => ({
              value: o.value,
              label: o.label,
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label="机构名称" rules={orgRules.name}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="uscc"
          label="统一社会信用代码"
          dependencies={['orgType']}
          rules={orgRules.uscc(orgType)}
          extra={
            orgType && ORG_USCC_REQUIRED.includes(orgType) ? undefined : '政府部门、专家机构没有时可不填'
          }
        >
          <Input maxLength={18} placeholder="18位代码" />
        </Form.Item>
        <Form.Item name="districtCode" label="所在区县" rules={orgRules.districtCode}>
          <Select options={ORG_DISTRICTS} placeholder="请选择" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="contactName" label="联系人" rules={orgRules.contactName}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="contactPhone"
              label="联系电话"
              rules={orgRules.contactPhone(isNew)}
              extra={
                isNew ? '手机号或座机号，如 0527-84361234' : `留空则不修改（当前 ${current || '未填写'}）`
              }
            >
              <Input maxLength={30} placeholder={isNew ? '' : '留空则不修改'} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
