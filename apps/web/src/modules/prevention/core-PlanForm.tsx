import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Cascader, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import {
  ChinaDateTimePicker,
  chinaNow,
  chinaPickerValue,
  newIdempotencyKey,
  numberRule,
} from '../../components/index.ts';
import { moneyRange } from '../../platform/contracts.ts';
import { AP_KEY, apApi, type PlanBody, type PlanExpertOption, type ProjectDetail } from './api.ts';

interface ExpertValues {
  expertId?: number;
  name?: string;
  title?: string;
  phone?: string;
}
interface Values {
  enterpriseId: number;
  type: string[];
  name: string;
  providerOrgId: number;
  plannedStart: Dayjs;
  plannedEnd: Dayjs;
  address?: string;
  experts?: ExpertValues[];
  budget?: number;
  description?: string;
}

/**
 * The expert rows of a form as the API takes them (empty rows dropped). A pool expert goes by its id: the
 * server takes name, organisation, title and mobile from the pool (the form only shows them, masked).
 */
export function expertsOf(rows: ExpertValues[] | undefined) {
  return (rows ?? [])
    .filter((e) => e.expertId !== undefined || (e.name ?? '').trim())
    .map((e) =>
      e.expertId !== undefined
        ? { expertId: e.expertId, name: (e.name ?? '').trim(), orgId: null, title: '', phone: '' }
        : {
            name: (e.name ?? '').trim(),
            orgId: null,
            title: (e.title ?? '').trim(),
            phone: (e.phone ?? '').trim(),
          },
    );
}

/** The option text of a pool expert: name, title and organisation; a suspended one says so. */
export function expertLabel(x: PlanExpertOption): string {
  const extra = [x.title, x.orgName].filter(Boolean).join('，');
  return `${x.name}${extra ? `（${extra}）` : ''}${x.status === 1 ? '' : ' - 已停用'}`;
}

/**
 * 服务专家 rows picked from the pool (the project's organisations' experts first, then the active pool);
 * title and phone come with the choice. A suspended expert is listed but cannot be picked.
 */
export function ExpertRows({ projectId, name = 'experts' }: { projectId: number; name?: string }) {
  const form = Form.useFormInstance();
  const options = useQuery({
    queryKey: [AP_KEY, 'planExperts', projectId],
    queryFn: () => apApi.planExperts(projectId),
  });
  const list = options.data ?? [];
  const groups = [
    { label: '本项目机构的专家', options: list.filter((x) => x.inProject) },
    { label: '专家库', options: list.filter((x) => !x.inProject) },
  ]
    .filter((g) => g.options.length)
    .map((g) => ({
      label: g.label,
      options: g.options.map((x) => ({ value: x.id, label: expertLabel(x), disabled: x.status !== 1 })),
    }));
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div data-testid="expert-rows">
          {fields.map((f, i) => (
            <Space key={f.key} wrap align="start" style={{ display: 'flex' }}>
              <Form.Item name={[f.name, 'name']} hidden>
                <Input />
              </Form.Item>
              <Form.Item
                name={[f.name, 'expertId']}
                rules={[
                  { required: true, message: '请从专家库选择专家' },
                  {
                    validator: async (_, v: number | undefined) => {
                      const rows = (form.getFieldValue(name) ?? []) as ExpertValues[];
                      if (v !== undefined && rows.filter((r) => r?.expertId === v).length > 1)
                        throw new Error('同一位专家不能重复选择');
                    },
                  },
                ]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  loading={options.isLoading}
                  options={groups}
                  placeholder={`选择专家${i + 1}`}
                  aria-label={`专家${i + 1}`}
                  style={{ width: 280 }}
                  notFoundContent={options.isLoading ? '加载中…' : '专家库中没有可选的专家'}
                  onChange={(id: number) => {
                    const x = list.find((o) => o.id === id);
                    form.setFieldValue([name, f.name], {
                      expertId: id,
                      name: x?.name ?? '',
                      title: x?.title ?? '',
                      phone: x?.mobile ?? '',
                    });
                  }}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'title']}>
                <Input placeholder="职称" style={{ width: 160 }} disabled />
              </Form.Item>
              <Form.Item name={[f.name, 'phone']}>
                <Input placeholder="电话" style={{ width: 140 }} disabled />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label="删除专家"
                onClick={() => remove(f.name)}
                style={{ minHeight: 40 }}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({})}
            style={{ marginBottom: 16, minHeight: 40 }}
          >
            添加服务专家
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** What a plan made for an enterprise's accepted service request takes from it. */
export interface PlanRequest {
  id: number;
  requestNo: string;
  enterpriseId: number;
  item: string;
  description: string;
  wishedFrom: string;
}

/**
 * 新建服务计划 of a project (insurer, or the project's service organisation/expert): which enterprise,
 * which agreed item, who delivers it, when and where, the experts and the planned spend. The enterprise is
 * asked to confirm the visit (AQ 9010). Creates with an Idempotency-Key.
 */
export function PlanFormModal({
  open,
  projectId,
  request,
  onClose,
  onSaved,
}: {
  open: boolean;
  projectId: number | null;
  /** The enterprise's accepted service request the plan answers (its enterprise, item and wished date). */
  request?: PlanRequest | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const project = useQuery({
    queryKey: [AP_KEY, 'project', projectId],
    queryFn: () => apApi.project(projectId as number),
    enabled: open && projectId !== null,
  });
  const p: ProjectDetail | undefined = project.data;
  const enterprises = [
    ...new Map((p?.policies ?? []).map((x) => [x.enterpriseId, x.enterpriseName])).entries(),
  ];
  const itemOptions = [...new Map((p?.items ?? []).map((i) => [i.item, i])).values()].map((i) => ({
    value: i.item,
    label: `${i.item} ${i.itemLabel}`,
    children: (p?.items ?? [])
      .filter((x) => x.item === i.item && x.subType)
      .map((x) => ({ value: x.subType as string, label: x.subTypeLabel })),
  }));

  const submit = async () => {
    if (!p) return;
    // A refused field shows its message under the field; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: PlanBody = {
      projectId: p.id,
      enterpriseId: v.enterpriseId,
      item: v.type[0] as PlanBody['item'],
      ...(v.type[1] ? { subType: v.type[1] } : {}),
      name: v.name.trim(),
      providerOrgId: v.providerOrgId,
      plannedStart: v.plannedStart.toISOString(),
      plannedEnd: v.plannedEnd.toISOString(),
      ...(v.address?.trim() ? { address: v.address.trim() } : {}),
      experts: expertsOf(v.experts),
      budget: v.budget ?? 0,
      description: (v.description ?? '').trim(),
      ...(request ? { serviceRequestId: request.id } : {}),
    };
    setSending(true);
    try {
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
      const res = await apApi.addPlan(body, attempt.current.key);
      attempt.current = null;
      message.success(res.message || '服务计划已创建，已通知企业确认服务时间');
      await queryClient.invalidateQueries({ queryKey: [AP_KEY] });
      onSaved?.(res.data.id);
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSending(false);
    }
  };

  const tomorrow = chinaNow().add(1, 'day').hour(9).minute(0).second(0).millisecond(0);
  // A request's wished first day, when it is still ahead; otherwise tomorrow 09:00.
  const wished = request ? chinaPickerValue(`${request.wishedFrom}T09:00:00+08:00`) : undefined;
  const start = wished?.isAfter(tomorrow) ? wished : tomorrow;
  const requested = request ? p?.items.find((i) => i.item === request.item) : undefined;
  return (
    <Modal
      open={open}
      title="新建服务计划"
      width={720}
      okText="保存"
      confirmLoading={sending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      loading={project.isLoading}
    >
      {p ? (
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            enterpriseId: request
              ? request.enterpriseId
              : enterprises.length === 1
                ? enterprises[0]?.[0]
                : undefined,
            ...(requested ? { type: [requested.item] } : {}),
            ...(request
              ? { description: `响应企业服务需求 ${request.requestNo}：${request.description}` }
              : {}),
            providerOrgId: p.providers.length === 1 ? p.providers[0]?.orgId : undefined,
            plannedStart: start,
            plannedEnd: start.add(4, 'hour'),
            experts: [],
          }}
        >
          <Typography.Paragraph type="secondary">
            项目：{p.name}（{p.contractNo}）{request ? `；响应服务需求 ${request.requestNo}` : ''}
          </Typography.Paragraph>
          <Form.Item
            name="enterpriseId"
            label="被服务单位"
            rules={[{ required: true, message: '请选择被服务单位' }]}
          >
            <Select
              options={enterprises.map(([value, label]) => ({ value, label }))}
              placeholder="选择企业"
            />
          </Form.Item>
          <Form.Item name="type" label="服务项目" rules={[{ required: true, message: '请选择服务项目' }]}>
            <Cascader options={itemOptions} changeOnSelect placeholder="项目约定的服务项目 / 子类型" />
          </Form.Item>
          <Form.Item
            name="name"
            label="服务名称"
            rules={[
              { required: true, whitespace: true, message: '请填写服务名称' },
              { min: 2, max: 100, message: '服务名称为2-100个字' },
            ]}
          >
            <Input maxLength={100} placeholder="如：2026年3月隐患排查" />
          </Form.Item>
          <Form.Item
            name="providerOrgId"
            label="服务机构"
            rules={[{ required: true, message: '请选择服务机构' }]}
          >
            <Select options={p.providers.map((x) => ({ value: x.orgId, label: x.name }))} />
          </Form.Item>
          <Space wrap style={{ display: 'flex' }}>
            <Form.Item
              name="plannedStart"
              label="计划开始"
              rules={[{ required: true, message: '请选择计划开始时间' }]}
            >
              <ChinaDateTimePicker />
            </Form.Item>
            <Form.Item
              name="plannedEnd"
              label="计划结束"
              dependencies={['plannedStart']}
              rules={[
                { required: true, message: '请选择计划结束时间' },
                ({ getFieldValue }) => ({
                  validator: async (_, v: Dayjs | undefined) => {
                    const s = getFieldValue('plannedStart') as Dayjs | undefined;
                    if (v && s && v.isBefore(s)) throw new Error('计划结束时间不能早于开始时间');
                  },
                }),
              ]}
            >
              <ChinaDateTimePicker />
            </Form.Item>
          </Space>
          <Form.Item
            name="address"
            label="服务地点"
            extra="不填则为企业地址"
            rules={[{ max: 200, message: '最多200个字' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Typography.Text strong>服务专家</Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            从专家库选择，职称和电话随专家带出；已停用的专家不能选择
          </Typography.Text>
          <div style={{ marginTop: 8 }}>
            <ExpertRows projectId={p.id} />
          </div>
          <Form.Item
            name="budget"
            label="计划支出金额（元）"
            rules={[numberRule('计划支出金额', moneyRange())]}
          >
            <InputNumber style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="description" label="服务描述" rules={[{ max: 2000, message: '最多2000个字' }]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
