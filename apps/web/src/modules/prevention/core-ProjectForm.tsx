import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Cascader,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { newIdempotencyKey, numberRule, useDebounced, yuan } from '../../components/index.ts';
import { CONTRACT_NO_MESSAGE, CONTRACT_NO_PATTERN, moneyRange } from '../../platform/contracts.ts';
import { AP_KEY, apApi, type ProjectBody, type ProjectDetail } from './api.ts';

interface ItemValues {
  type?: string[];
  frequency?: number;
  note?: string;
}
interface Values {
  name: string;
  contractNo: string;
  period: [Dayjs, Dayjs];
  policyIds: number[];
  feeRatio: number;
  feeAmount: number;
  serviceOrgId?: number;
  expertOrgIds?: number[];
  contactName: string;
  contactPhone: string;
  description?: string;
  items: ItemValues[];
}

function initialOf(p: ProjectDetail | null): Partial<Values> {
  if (!p) return { items: [{ frequency: 1 }], expertOrgIds: [] };
  return {
    name: p.name,
    contractNo: p.contractNo,
    period: [dayjs(p.startDate), dayjs(p.endDate)],
    policyIds: p.policies.map((x) => x.policyId),
    feeRatio: p.feeRatio,
    feeAmount: p.feeAmount,
    ...(p.serviceOrgId ? { serviceOrgId: p.serviceOrgId } : {}),
    expertOrgIds: p.expertOrgIds,
    contactName: p.contactName,
    contactPhone: p.contactPhone,
    description: p.description,
    items: p.items.map((i) => ({
      type: i.subType ? [i.item, i.subType] : [i.item],
      frequency: i.frequency,
      note: i.note,
    })),
  };
}

/**
 * 新建/编辑事故预防项目 (insurer): the contract fields of domain 2.9 on one or more of its issued policies
 * (lead or co-insurer), the service items 01-07 with their sub-type and agreed frequency, the service
 * organisation and/or expert organisations, the fee. Creates with an Idempotency-Key.
 */
export function ProjectFormModal({
  open,
  project,
  onClose,
  onSaved,
  preset,
}: {
  open: boolean;
  /** Null: a new project. */
  project: ProjectDetail | null;
  /** A new project's organisation chosen beforehand (the insurer's pool of organisations and experts). */
  preset?: { serviceOrgId?: number; expertOrgIds?: number[] };
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const types = useQuery({
    queryKey: [AP_KEY, 'serviceTypes'],
    queryFn: apApi.serviceTypes,
    staleTime: 300_000,
    enabled: open,
  });
  const services = useQuery({
    queryKey: [AP_KEY, 'providers', 'service'],
    queryFn: () => apApi.providers({ orgType: 'service' }),
    enabled: open,
  });
  const experts = useQuery({
    queryKey: [AP_KEY, 'providers', 'expert'],
    queryFn: () => apApi.providers({ orgType: 'expert' }),
    enabled: open,
  });
  const policies = useQuery({
    queryKey: [AP_KEY, 'projectPolicies', debounced],
    queryFn: () => apApi.projectPolicies({ keyword: debounced || undefined, pageNo: 1, pageSize: 50 }),
    enabled: open,
  });
  const policyOptions = [
    ...(project?.policies ?? []).map((p) => ({
      value: p.policyId,
      label: `${p.policyNo} ${p.enterpriseName}`,
    })),
    ...(policies.data?.list ?? [])
      .filter((p) => !project?.policies.some((x) => x.policyId === p.policyId))
      .map((p) => ({
        value: p.policyId,
        label: `${p.policyNo} ${p.enterpriseName}（保费${yuan(p.premium)}，${p.startDate}至${p.endDate}）`,
      })),
  ];

  const submit = async () => {
    const v = await form.validateFields();
    const body: ProjectBody = {
      name: v.name.trim(),
      contractNo: v.contractNo.trim(),
      startDate: v.period[0].format('YYYY-MM-DD'),
      endDate: v.period[1].format('YYYY-MM-DD'),
      policyIds: v.policyIds,
      feeRatio: v.feeRatio,
      feeAmount: v.feeAmount,
      serviceOrgId: v.serviceOrgId ?? null,
      expertOrgIds: v.expertOrgIds ?? [],
      contactName: v.contactName.trim(),
      contactPhone: v.contactPhone.trim(),
      description: (v.description ?? '').trim(),
      items: v.items.map((i) => ({
        item: (i.type?.[0] ?? '01') as ProjectBody['items'][number]['item'],
        ...(i.type?.[1] ? { subType: i.type[1] } : {}),
        frequency: i.frequency ?? 1,
        note: (i.note ?? '').trim(),
      })),
    };
    setSending(true);
    try {
      let id: number;
      if (project) {
        const res = await apApi.saveProject({ ...body, id: project.id, version: project.version });
        id = res.data.id;
        message.success(res.message || '项目已保存');
      } else {
        const json = JSON.stringify(body);
        if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
        const res = await apApi.addProject(body, attempt.current.key);
        id = res.data.id;
        attempt.current = null;
        message.success(res.message || '项目已创建');
      }
      await queryClient.invalidateQueries({ queryKey: [AP_KEY] });
      onSaved?.(id);
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={project ? '编辑事故预防项目' : '新建事故预防项目'}
      width={820}
      okText="保存"
      confirmLoading={sending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      data-testid="project-form"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ ...initialOf(project), ...(project ? {} : preset) }}
      >
        <Space.Compact block style={{ gap: 12, flexWrap: 'wrap' }}>
          <Form.Item
            name="name"
            label="项目名称"
            style={{ flex: '1 1 300px' }}
            rules={[
              { required: true, whitespace: true, message: '请填写项目名称' },
              { min: 2, max: 100, message: '项目名称为2-100个字' },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="contractNo"
            label="合同编号"
            style={{ flex: '1 1 220px' }}
            rules={[
              { required: true, message: '请填写合同编号' },
              { pattern: CONTRACT_NO_PATTERN, message: CONTRACT_NO_MESSAGE },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="policyIds"
          label="保单"
          rules={[{ required: true, message: '请至少选择一张保单' }]}
          extra="本机构出具的有效保单（主承或共保）；可选择多家被保企业的保单"
        >
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={policies.isFetching}
            options={policyOptions}
            placeholder="输入保单号或企业名称查找"
            disabled={!!project && project.planCount > 0}
          />
        </Form.Item>
        <Space.Compact block style={{ gap: 12, flexWrap: 'wrap' }}>
          <Form.Item
            name="period"
            label="项目期间"
            style={{ flex: '1 1 280px' }}
            rules={[{ required: true, message: '请选择项目期间' }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="feeRatio"
            label="事故预防费用比例（%）"
            style={{ flex: '1 1 160px' }}
            rules={[
              { required: true, message: '请填写费用比例' },
              numberRule('事故预防费用比例', { min: 0, max: 100, decimals: 2 }),
            ]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="feeAmount"
            label="服务费金额（元）"
            style={{ flex: '1 1 160px' }}
            rules={[{ required: true, message: '请填写服务费金额' }, numberRule('服务费金额', moneyRange())]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block style={{ gap: 12, flexWrap: 'wrap' }}>
          <Form.Item name="serviceOrgId" label="服务机构" style={{ flex: '1 1 300px' }}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={services.isLoading}
              options={(services.data ?? []).map((p) => ({ value: p.orgId, label: p.name }))}
              placeholder="选择服务机构"
            />
          </Form.Item>
          <Form.Item name="expertOrgIds" label="专家" style={{ flex: '1 1 300px' }}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              loading={experts.isLoading}
              options={(experts.data ?? []).map((p) => ({ value: p.orgId, label: p.name }))}
              placeholder="选择专家（可多选）"
            />
          </Form.Item>
        </Space.Compact>
        <Typography.Text strong>服务项目与约定频次</Typography.Text>
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v?.length) throw new Error('请至少选择一个服务项目');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'type']} rules={[{ required: true, message: '请选择服务项目' }]}>
                    <Cascader
                      style={{ width: 300 }}
                      changeOnSelect
                      placeholder="服务项目 / 子类型"
                      options={(types.data ?? []).map((t) => ({
                        value: t.value,
                        label: `${t.value} ${t.label}`,
                        children: t.children.map((c) => ({ value: c.value, label: c.label })),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'frequency']}
                    rules={[
                      { required: true, message: '请填写频次' },
                      numberRule('服务频次', { min: 1, max: 365, decimals: 0 }),
                    ]}
                  >
                    <InputNumber addonAfter="次" style={{ width: 120 }} placeholder="频次" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'note']} rules={[{ max: 200, message: '最多200个字' }]}>
                    <Input placeholder="服务内容说明（“其他”必填）" style={{ width: 240 }} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label="删除服务项目"
                    onClick={() => remove(f.name)}
                    disabled={fields.length <= 1}
                  />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ frequency: 1 })}
                style={{ marginBottom: 16 }}
              >
                添加服务项目
              </Button>
            </div>
          )}
        </Form.List>
        <Space.Compact block style={{ gap: 12, flexWrap: 'wrap' }}>
          <Form.Item
            name="contactName"
            label="联系人"
            style={{ flex: '1 1 200px' }}
            rules={[
              { required: true, whitespace: true, message: '请填写联系人' },
              { min: 2, max: 20, message: '联系人为2-20个字' },
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label="联系电话"
            style={{ flex: '1 1 200px' }}
            rules={[{ required: true, whitespace: true, message: '请填写联系电话' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="description" label="项目服务说明" rules={[{ max: 2000, message: '最多2000个字' }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
