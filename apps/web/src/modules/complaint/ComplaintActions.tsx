import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Rate, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { validated } from '../../components/form-utils.ts';
import { AttachmentIdsUpload } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  COMPLAINT_TIMER_DEFAULTS,
  COMPLAINT_UNSATISFIED_CHOICES,
  SATISFACTION_SCORES,
} from '../../platform/contracts.ts';
import { insurerOptions } from '../insurer/index.ts';
import { COMPLAINT_KEY, type ComplaintDetail, complaintApi } from './api.ts';
import { textRules } from './rules.ts';

/** The handling actions of a complaint, named as the detail's `actions` flags. */
export type ComplaintActionKind = keyof ComplaintDetail['actions'];

interface ActionSpec {
  /** Button and dialog title. */
  label: string;
  /** Who may press it: the complainant confirms (complaint.add), everything else is handling (complaint.edit). */
  permission: 'complaint.add' | 'complaint.edit';
  primary?: boolean;
  danger?: boolean;
}

/** The buttons in the order they are offered. */
export const ACTION_SPECS: Record<ComplaintActionKind, ActionSpec> = {
  accept: { label: '受理', permission: 'complaint.edit', primary: true },
  reply: { label: '答复', permission: 'complaint.edit', primary: true },
  confirm: { label: '确认办理结果', permission: 'complaint.add', primary: true },
  verify: { label: '需核实', permission: 'complaint.edit' },
  note: { label: '办理记录', permission: 'complaint.edit' },
  extend: { label: '申请延期', permission: 'complaint.edit' },
  decideExtension: { label: '审批延期', permission: 'complaint.edit', primary: true },
  takeOver: { label: '接办', permission: 'complaint.edit', primary: true },
  reassign: { label: '转办', permission: 'complaint.edit' },
  rehandle: { label: '责令重新办理', permission: 'complaint.edit' },
  close: { label: '办结', permission: 'complaint.edit', danger: true },
};

type Values = {
  note?: string;
  reason?: string;
  text?: string;
  internal?: boolean;
  facts?: string;
  basis?: string;
  measures?: string;
  attachments?: string[];
  days?: number;
  approve?: boolean;
  opinion?: string;
  satisfied?: boolean;
  choice?: 'reopen' | 'escalate';
  score?: number;
  handlerKind?: 'insurer' | 'admin';
  handlerOrgId?: number;
  result?: string;
};

const trim = (s: string | undefined) => (s ?? '').trim();

/** Sends one action with the complaint's id and version; resolves to the server's message. */
async function send(kind: ComplaintActionKind, c: ComplaintDetail, v: Values): Promise<string> {
  const base = { id: c.id, version: c.version };
  switch (kind) {
    case 'accept':
      return (await complaintApi.accept({ ...base, note: trim(v.note) })).message;
    case 'verify':
      return (await complaintApi.verify({ ...base, reason: trim(v.reason) })).message;
    case 'note':
      return (await complaintApi.note({ ...base, text: trim(v.text), internal: v.internal ?? false }))
        .message;
    case 'reply':
      return (
        await complaintApi.reply({
          ...base,
          facts: trim(v.facts),
          basis: trim(v.basis),
          measures: trim(v.measures),
          attachments: v.attachments ?? [],
        })
      ).message;
    case 'extend':
      return (await complaintApi.extend({ ...base, days: v.days as number, reason: trim(v.reason) })).message;
    case 'decideExtension':
      return (
        await complaintApi.decideExtension({ ...base, approve: v.approve === true, opinion: trim(v.opinion) })
      ).message;
    case 'confirm':
      return (
        await complaintApi.confirm({
          ...base,
          satisfied: v.satisfied === true,
          choice: v.satisfied ? null : (v.choice ?? null),
          score: (v.score || null) as 1 | 2 | 3 | 4 | 5 | null,
          opinion: trim(v.opinion),
        })
      ).message;
    case 'takeOver':
      return (await complaintApi.takeOver({ ...base, reason: trim(v.reason) })).message;
    case 'rehandle':
      return (await complaintApi.rehandle({ ...base, reason: trim(v.reason) })).message;
    case 'reassign':
      return (
        await complaintApi.reassign({
          ...base,
          handlerKind: v.handlerKind ?? 'insurer',
          handlerOrgId: v.handlerKind === 'admin' ? null : (v.handlerOrgId ?? null),
          reason: trim(v.reason),
        })
      ).message;
    case 'close':
      return (await complaintApi.close({ ...base, result: trim(v.result) })).message;
  }
}

function InsurerSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
}) {
  const insurers = useQuery({
    queryKey: ['insurer', 'options'],
    queryFn: insurerOptions,
    staleTime: 5 * 60_000,
  });
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      loading={insurers.isLoading}
      placeholder="请选择保险机构"
      value={value}
      onChange={onChange}
      options={(insurers.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
    />
  );
}

/** The fields of each action's dialog, with the server's limits and messages. */
function Fields({ kind, complaint }: { kind: ComplaintActionKind; complaint: ComplaintDetail }) {
  const form = Form.useFormInstance<Values>();
  const satisfied = Form.useWatch('satisfied', form);
  const approve = Form.useWatch('approve', form);
  const handlerKind = Form.useWatch('handlerKind', form);
  switch (kind) {
    case 'accept':
      return (
        <Form.Item
          name="note"
          label="受理意见（选填）"
          rules={[{ max: 500, message: '受理意见最多500个字' }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      );
    case 'verify':
      return (
        <>
          <p>
            需要核实的，答复期限为受理之日起{COMPLAINT_TIMER_DEFAULTS.verifyDays}个工作日（AQ
            9010），只能标记一次。
          </p>
          <Form.Item name="reason" label="需核实的事项" rules={textRules('需核实的事项', 2, 500)} required>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      );
    case 'note':
      return (
        <>
          <Form.Item name="text" label="办理记录" rules={textRules('办理记录', 2, 1000)} required>
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="internal" valuePropName="checked">
            <Checkbox>内部记录（投诉人不可见）</Checkbox>
          </Form.Item>
        </>
      );
    case 'reply':
      return (
        <>
          <p>按 AQ 9010 答复投诉人：写明调查核实的事实、处理依据和处理措施。</p>
          <Form.Item
            name="facts"
            label="调查核实的事实"
            rules={textRules('调查核实的事实', 5, 2000)}
            required
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item name="basis" label="处理依据" rules={textRules('处理依据', 2, 1000)} required>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="measures" label="处理措施" rules={textRules('处理措施', 2, 1000)} required>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="attachments" label="附件（选填）">
            <AttachmentIdsUpload max={10} />
          </Form.Item>
        </>
      );
    case 'extend':
      return (
        <>
          <p>
            情况复杂的，经监管部门批准可延期一次，最长{COMPLAINT_TIMER_DEFAULTS.maxExtensionDays}
            日；延期理由将告知投诉人。当前答复期限：{complaint.deadline ?? '—'}。
          </p>
          <Form.Item
            name="days"
            label="延期天数"
            required
            rules={[
              {
                validator: async (_, v: number | null | undefined) => {
                  const max = COMPLAINT_TIMER_DEFAULTS.maxExtensionDays;
                  if (v === null || v === undefined) throw new Error('请填写延期天数');
                  if (!Number.isInteger(v)) throw new Error('延期天数须为整数');
                  if (v < 1) throw new Error('延期天数至少1天');
                  if (v > max) throw new Error(`延期天数不能超过${max}天`);
                },
              },
            ]}
          >
            <InputNumber addonAfter="天" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="reason" label="延期理由" rules={textRules('延期理由', 5, 500)} required>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      );
    case 'decideExtension':
      return (
        <>
          <p>
            申请延期 {complaint.extension?.days ?? '—'} 日。理由：{complaint.extension?.reason ?? '—'}
          </p>
          <Form.Item
            name="approve"
            label="审批结果"
            rules={[{ required: true, message: '请选择是否同意延期' }]}
          >
            <Radio.Group
              options={[
                { value: true, label: '同意延期' },
                { value: false, label: '不同意' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="opinion"
            label="审批意见"
            required={approve === false}
            rules={[
              { max: 500, message: '审批意见最多500个字' },
              {
                validator: async (_, v: string | undefined) => {
                  if (approve === false && !trim(v)) throw new Error('不同意延期时请填写审批意见');
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </>
      );
    case 'confirm':
      return (
        <>
          <Form.Item
            name="satisfied"
            label="对办理结果是否满意"
            rules={[{ required: true, message: '请选择是否满意' }]}
          >
            <Radio.Group
              options={[
                { value: true, label: '满意' },
                { value: false, label: '不满意' },
              ]}
            />
          </Form.Item>
          {satisfied === false ? (
            <Form.Item
              name="choice"
              label="不满意时"
              rules={[{ required: true, message: '不满意时请选择要求重新办理或提请监管部门处理' }]}
            >
              <Radio.Group
                options={COMPLAINT_UNSATISFIED_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="score" label="满意度评分（选填）">
            <Rate tooltips={SATISFACTION_SCORES.map((s) => s.label)} />
          </Form.Item>
          <Form.Item
            name="opinion"
            label={satisfied === false ? '不满意的理由' : '意见（选填）'}
            required={satisfied === false}
            rules={[
              { max: 500, message: '意见最多500个字' },
              {
                validator: async (_, v: string | undefined) => {
                  if (satisfied === false && !trim(v)) throw new Error('不满意时请说明理由');
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </>
      );
    case 'takeOver':
    case 'rehandle':
      return (
        <>
          <p>
            {kind === 'takeOver'
              ? '接办后由监管部门直接办理此投诉，原办理单位不再办理。'
              : '责令原办理单位重新办理，答复期限重新起算。'}
          </p>
          <Form.Item name="reason" label="理由" rules={textRules('理由', 2, 500)} required>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      );
    case 'reassign':
      return (
        <>
          <Form.Item
            name="handlerKind"
            label="转办给"
            rules={[{ required: true, message: '转办对象须为保险机构或运营中心' }]}
          >
            <Radio.Group
              options={[
                { value: 'insurer', label: '保险机构' },
                { value: 'admin', label: '平台运营中心' },
              ]}
            />
          </Form.Item>
          {handlerKind !== 'admin' ? (
            <Form.Item
              name="handlerOrgId"
              label="保险机构"
              rules={[{ required: true, message: '转办给保险机构时请选择保险机构' }]}
            >
              <InsurerSelect />
            </Form.Item>
          ) : null}
          <Form.Item name="reason" label="转办理由" rules={textRules('转办理由', 2, 500)} required>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      );
    case 'close':
      return (
        <Form.Item name="result" label="办理结果" rules={textRules('办理结果', 2, 1000)} required>
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
      );
  }
}

/** One action's dialog: validates, sends with the complaint's version, refreshes the complaint. */
function ActionModal({
  kind,
  complaint,
  onClose,
}: {
  kind: ComplaintActionKind;
  complaint: ComplaintDetail;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const spec = ACTION_SPECS[kind];
  return (
    <Modal
      open
      title={spec.label}
      okText="提交"
      width={kind === 'reply' ? 720 : 560}
      confirmLoading={sending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await validated(form);
        if (!v) return;
        setSending(true);
        try {
          const text = await send(kind, complaint, v);
          message.success(text || '操作成功');
          await queryClient.invalidateQueries({ queryKey: [COMPLAINT_KEY] });
          onClose();
        } catch {
          // shown by the API client (409 when someone else changed it first)
        } finally {
          setSending(false);
        }
      }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name={`complaint-${kind}`}
        preserve={false}
        initialValues={{ handlerKind: 'insurer', internal: true, attachments: [] }}
      >
        <Fields kind={kind} complaint={complaint} />
      </Form>
    </Modal>
  );
}

/** The buttons of what the caller may do now (the detail's `actions`), each opening its dialog. */
export function ComplaintActions({ complaint, extra }: { complaint: ComplaintDetail; extra?: ReactNode }) {
  const [open, setOpen] = useState<ComplaintActionKind | null>(null);
  const offered = (Object.keys(ACTION_SPECS) as ComplaintActionKind[]).filter((k) => complaint.actions[k]);
  if (offered.length === 0 && !extra) return null;
  return (
    <Space wrap data-testid="complaint-actions">
      {offered.map((k) => {
        const spec = ACTION_SPECS[k];
        return (
          <Action key={k} permission={spec.permission}>
            <Button
              type={spec.primary ? 'primary' : 'default'}
              danger={spec.danger ?? false}
              onClick={() => setOpen(k)}
            >
              {spec.label}
            </Button>
          </Action>
        );
      })}
      {extra}
      {open ? <ActionModal kind={open} complaint={complaint} onClose={() => setOpen(null)} /> : null}
    </Space>
  );
}
