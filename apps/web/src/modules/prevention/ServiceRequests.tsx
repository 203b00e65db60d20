/**
 * Enterprises' service requests (服务需求): the enterprise asks the lead insurer of a policy in force for a
 * service and sees the outcome (EntAPRequirement); the insurer accepts or declines with a reason
 * (InsuranceApRequirement).
 */
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { chinaTime, chinaToday, newIdempotencyKey, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  isValidLandline,
  isValidMobile,
  SERVICE_ITEMS,
  SERVICE_REQUEST_STATUS,
} from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { OptionTag, ReasonModal, useLinkedRecord } from './activity-parts.tsx';
import {
  type ServiceRequestInput,
  type ServiceRequestListQuery,
  type ServiceRequestRow,
  serviceRequestApi,
} from './api-activity.ts';
import { PlanFormModal } from './core-PlanForm.tsx';

export function RequestStatusTag({ row }: { row: Pick<ServiceRequestRow, 'status' | 'statusLabel'> }) {
  return <OptionTag list={SERVICE_REQUEST_STATUS} value={row.status} label={row.statusLabel} />;
}

function wished(r: Pick<ServiceRequestRow, 'wishedFrom' | 'wishedTo'>) {
  return r.wishedTo && r.wishedTo !== r.wishedFrom ? `${r.wishedFrom} 至 ${r.wishedTo}` : r.wishedFrom;
}

/** The insurer's answer as the enterprise and the insurer read it. */
function Outcome({ r }: { r: ServiceRequestRow }) {
  if (r.status === 'pending') return <Typography.Text type="secondary">等待保险机构处理</Typography.Text>;
  if (r.status === 'withdrawn') return <span>已于{chinaTime(r.withdrawnAt)}撤回</span>;
  return (
    <span style={{ whiteSpace: 'normal' }}>
      {r.status === 'declined' ? '拒绝原因：' : '答复：'}
      {r.answerRemark || '-'}
      <br />
      <Typography.Text type="secondary">
        {r.answeredByName} {chinaTime(r.answeredAt)}
      </Typography.Text>
    </span>
  );
}

const itemColumn: ProColumns<ServiceRequestRow> = {
  title: '服务项目',
  dataIndex: 'item',
  valueType: 'select',
  fieldProps: { options: SERVICE_ITEMS.map((i) => ({ value: i.value, label: `${i.value} ${i.label}` })) },
  width: 170,
  ellipsis: true,
  render: (_, r) => r.itemLabel,
};
const statusColumn: ProColumns<ServiceRequestRow> = {
  title: '状态',
  dataIndex: 'status',
  valueType: 'select',
  valueEnum: SERVICE_REQUEST_STATUS.valueEnum,
  width: 90,
  render: (_, r) => <RequestStatusTag row={r} />,
};

interface RequestValues {
  policyId: number;
  item: string;
  description: string;
  wishedFrom: Dayjs;
  wishedTo?: Dayjs | null;
  contactName: string;
  contactPhone: string;
}

function RequestFormModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RequestValues>();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const policies = useQuery({
    queryKey: ['serviceRequest', 'policies'],
    queryFn: serviceRequestApi.policies,
  });
  const submit = async (v: RequestValues) => {
    const body: ServiceRequestInput = {
      policyId: v.policyId,
      item: v.item as ServiceRequestInput['item'],
      description: v.description.trim(),
      wishedFrom: v.wishedFrom.format('YYYY-MM-DD'),
      ...(v.wishedTo ? { wishedTo: v.wishedTo.format('YYYY-MM-DD') } : {}),
      contactName: v.contactName.trim(),
      contactPhone: v.contactPhone.trim(),
    };
    setBusy(true);
    try {
      await serviceRequestApi.add(body, key);
      message.success('服务需求已提交，保险机构处理后会通知您');
      onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const noPolicy = policies.isSuccess && policies.data.length === 0;
  return (
    <Modal
      open
      width={640}
      title="提出服务需求"
      okText="提交"
      okButtonProps={{ loading: busy, disabled: noPolicy }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<RequestValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="policyId"
          label="保单（向其主承保机构提出）"
          rules={[{ required: true, message: '请选择保单' }]}
          extra={noPolicy ? '没有在保的保单，暂不能提出服务需求' : undefined}
        >
          <Select
            aria-label="保单"
            loading={policies.isLoading}
            options={(policies.data ?? []).map((p) => ({
              value: p.policyId,
              label: `${p.policyNo}（${p.insurerName}，${p.startDate} 至 ${p.endDate}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="item" label="服务项目" rules={[{ required: true, message: '请选择服务项目' }]}>
          <Select
            aria-label="服务项目"
            options={SERVICE_ITEMS.map((i) => ({ value: i.value, label: `${i.value} ${i.label}` }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label="需求描述"
          rules={[
            { required: true, whitespace: true, message: '请填写需求描述' },
            { min: 5, message: '需求描述至少5个字' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="wishedFrom"
              label="期望开始日期"
              rules={[{ required: true, message: '请选择期望开始日期' }]}
            >
              <DatePicker
                style={{ width: '100%' }}
                aria-label="期望开始日期"
                disabledDate={(d) => d.format('YYYY-MM-DD') < chinaToday()}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="wishedTo"
              label="期望结束日期"
              dependencies={['wishedFrom']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, v: Dayjs | null | undefined) => {
                    const from = getFieldValue('wishedFrom') as Dayjs | undefined;
                    if (v && from && v.format('YYYY-MM-DD') < from.format('YYYY-MM-DD'))
                      throw new Error('期望结束日期不能早于期望开始日期');
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} aria-label="期望结束日期" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="contactName"
              label="联系人"
              rules={[
                { required: true, whitespace: true, message: '请填写联系人' },
                { max: 20, message: '联系人最多20个字' },
              ]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="contactPhone"
              label="联系电话"
              rules={[
                { required: true, whitespace: true, message: '请填写联系电话' },
                {
                  validator: async (_, v: unknown) => {
                    const s = typeof v === 'string' ? v.trim() : '';
                    if (s !== '' && !isValidMobile(s) && !isValidLandline(s))
                      throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
                  },
                },
              ]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** /ent/EntAPRequirement/route (服务需求): ask for a service, see each request's outcome, withdraw a pending one. */
export function EntAPRequirement() {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(undefined);
  const [adding, setAdding] = useState(false);
  const linked = useLinkedRecord('服务需求');
  const withdraw = async (r: ServiceRequestRow) => {
    try {
      await serviceRequestApi.withdraw({ id: r.id, version: r.version });
      message.success(`已撤回服务需求 ${r.requestNo}`);
      actionRef.current?.reload();
    } catch {
      // shown by the client
    }
  };
  const columns: ProColumns<ServiceRequestRow>[] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '需求编号或描述' },
    },
    { title: '需求编号', dataIndex: 'requestNo', search: false, width: 170 },
    { title: '保险机构', dataIndex: 'insurerName', search: false, width: 160, ellipsis: true },
    itemColumn,
    { title: '需求描述', dataIndex: 'description', search: false, width: 200, ellipsis: true },
    { title: '期望时间', dataIndex: 'wishedFrom', search: false, width: 190, render: (_, r) => wished(r) },
    statusColumn,
    {
      title: '处理结果',
      dataIndex: 'answerRemark',
      search: false,
      width: 220,
      render: (_, r) => <Outcome r={r} />,
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      search: false,
      width: 140,
      render: (_, r) => chinaTime(r.createdAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 70,
      render: (_, r) =>
        r.actions.withdraw ? (
          <Action name="edit">
            <Popconfirm
              title={`确认撤回服务需求 ${r.requestNo}？`}
              okText="撤回"
              onConfirm={() => withdraw(r)}
            >
              <Typography.Link type="danger">撤回</Typography.Link>
            </Popconfirm>
          </Action>
        ) : null,
    },
  ];
  return (
    <>
      {linked.notice}
      <PagedTable<ServiceRequestRow>
        headerTitle="我的服务需求"
        actionRef={actionRef}
        params={linked.params}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无服务需求' }}
        request={(q) => serviceRequestApi.list(q as ServiceRequestListQuery)}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              提出服务需求
            </Button>
          </Action>,
        ]}
      />
      {adding && (
        <RequestFormModal
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            actionRef.current?.reload();
          }}
        />
      )}
    </>
  );
}

/** The insurer accepts a request, with an optional note to the enterprise. */
function AcceptModal({
  request,
  onClose,
  onDone,
}: {
  request: ServiceRequestRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`受理服务需求 ${request.requestNo}`}
      okText="受理"
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      onOk={() => {
        setBusy(true);
        serviceRequestApi
          .answer({ id: request.id, version: request.version, accept: true, remark: remark.trim() })
          .then(() => {
            message.success('已受理，企业将收到通知；请在预防服务管理中为其制定服务计划');
            onDone();
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {request.enterpriseName}：{request.itemLabel}，期望 {wished(request)}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="答复内容"
        placeholder="答复内容（选填），如服务安排"
        rows={3}
        maxLength={500}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
      />
    </Modal>
  );
}

/** /insurance/InsuranceAp/InsuranceApRequirement/route (服务需求): requests addressed to the insurer. */
export function InsuranceApRequirement() {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(undefined);
  const districts = useDistrictOptions();
  const [accepting, setAccepting] = useState<ServiceRequestRow | null>(null);
  const [declining, setDeclining] = useState<ServiceRequestRow | null>(null);
  const [planning, setPlanning] = useState<ServiceRequestRow | null>(null);
  const linked = useLinkedRecord('服务需求');
  const columns: ProColumns<ServiceRequestRow>[] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '企业名称、需求编号或描述' },
    },
    {
      title: '企业',
      dataIndex: 'enterpriseName',
      search: false,
      width: 180,
      render: (_, r) => (
        <span>
          {r.enterpriseName}
          <br />
          <Typography.Text type="secondary">
            {r.districtName} · {r.policyNo}
          </Typography.Text>
        </span>
      ),
    },
    itemColumn,
    { title: '需求描述', dataIndex: 'description', search: false, width: 200, ellipsis: true },
    { title: '期望时间', dataIndex: 'wishedFrom', search: false, width: 190, render: (_, r) => wished(r) },
    {
      title: '联系人',
      dataIndex: 'contactName',
      search: false,
      width: 130,
      render: (_, r) => (
        <span>
          {r.contactName}
          <br />
          <MaskedPhone
            value={r.contactPhone}
            reveal={{ kind: 'serviceRequest', id: r.id, field: 'contactPhone' }}
          />
        </span>
      ),
    },
    {
      title: '区县',
      dataIndex: 'district',
      valueType: 'select',
      fieldProps: { options: districts.options },
      hideInTable: true,
    },
    statusColumn,
    {
      title: '处理结果',
      dataIndex: 'answerRemark',
      search: false,
      width: 200,
      render: (_, r) => <Outcome r={r} />,
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      search: false,
      width: 140,
      render: (_, r) => chinaTime(r.createdAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 100,
      render: (_, r) =>
        r.actions.answer ? (
          <Action name="edit">
            <Space size={8}>
              <Typography.Link onClick={() => setAccepting(r)}>受理</Typography.Link>
              <Typography.Link type="danger" onClick={() => setDeclining(r)}>
                拒绝
              </Typography.Link>
            </Space>
          </Action>
        ) : r.actions.plan ? (
          <Action name="edit">
            <Typography.Link onClick={() => setPlanning(r)}>制定计划</Typography.Link>
          </Action>
        ) : r.status === 'accepted' && r.planId === null ? (
          <Typography.Text type="secondary" title="该保单没有进行中的事故预防项目，请先在服务管理中建立项目">
            无可用项目
          </Typography.Text>
        ) : null,
    },
  ];
  return (
    <>
      {linked.notice}
      <PagedTable<ServiceRequestRow>
        headerTitle="企业服务需求"
        actionRef={actionRef}
        params={linked.params}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无企业服务需求' }}
        request={(q) => serviceRequestApi.list(q as ServiceRequestListQuery)}
      />
      {accepting && (
        <AcceptModal
          request={accepting}
          onClose={() => setAccepting(null)}
          onDone={() => {
            setAccepting(null);
            actionRef.current?.reload();
          }}
        />
      )}
      <PlanFormModal
        open={planning !== null}
        projectId={planning?.projectId ?? null}
        request={planning}
        onClose={() => setPlanning(null)}
        onSaved={() => actionRef.current?.reload()}
      />
      <ReasonModal
        open={declining !== null}
        title={declining ? `拒绝服务需求 ${declining.requestNo}` : '拒绝'}
        label="拒绝原因"
        okText="拒绝"
        onCancel={() => setDeclining(null)}
        onSubmit={async (reason) => {
          const r = declining!;
          await serviceRequestApi.answer({ id: r.id, version: r.version, accept: false, remark: reason });
          message.success('已拒绝，企业将看到拒绝原因');
          setDeclining(null);
          actionRef.current?.reload();
        }}
      />
    </>
  );
}
