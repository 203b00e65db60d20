import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import {
  AttachmentUpload,
  ChinaDateTimePicker,
  chinaPickerValue,
  dateTimeText,
  numberRule,
  type UploadedAttachment,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  EXPERT_REQUIRED_ITEMS,
  moneyRange,
  PREVENTION_MESSAGES,
  RECORD_LIMITS,
  type ServiceItem,
} from '../../platform/contracts.ts';
import { drafts, LEGACY_PREFIX } from '../../platform/drafts.ts';
import { AP_KEY, apApi, apFileUrl, type PlanDetail, type RecordBody } from './api.ts';
import { PhotoField, type PhotoItem } from './core-PhotoField.tsx';
import { ExpertCards, FULL, SummarySection } from './core-RecordSections.tsx';

type Expert = { name?: string; title?: string; phone?: string };
type HazardValues = {
  checkDate?: string;
  description?: string;
  level?: 1 | 2;
  basis?: string;
  recommendation?: string;
  deadline?: string;
  photos?: PhotoItem[];
};
/** The record form's values (photos as items, so thumbnails survive a draft restore). */
export interface RecordValues {
  actualStart?: Dayjs | null;
  actualEnd?: Dayjs | null;
  address?: string;
  summaryText?: string;
  spend?: number;
  experts?: Expert[];
  photos?: PhotoItem[];
  attachments?: UploadedAttachment[];
  summary?: Record<string, unknown>;
  hazards?: HazardValues[];
}

/** The name of a plan's record draft on the device (platform/drafts.ts: encrypted, removed at logout). */
export const draftName = (planId: number) => `ap-record-${planId}`;

interface StoredDraft {
  savedAt: string;
  version: number;
  values: Omit<RecordValues, 'actualStart' | 'actualEnd'> & { actualStart?: string; actualEnd?: string };
}

/** The device draft of a plan's record; a plain-text one left by an older version is sealed on the way. */
export async function readDraft(planId: number): Promise<StoredDraft | null> {
  const legacy = `${LEGACY_PREFIX}${planId}`;
  let old: StoredDraft | null = null;
  try {
    const raw = localStorage.getItem(legacy);
    old = raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    old = null;
  }
  if (old) {
    if (await drafts.write(draftName(planId), old)) localStorage.removeItem(legacy);
    return old;
  }
  return drafts.read<StoredDraft>(draftName(planId));
}

export function removeDraft(planId: number): Promise<void> {
  localStorage.removeItem(`${LEGACY_PREFIX}${planId}`);
  return drafts.remove(draftName(planId));
}

function writeDraft(planId: number, version: number, v: RecordValues): void {
  const draft: StoredDraft = {
    savedAt: new Date().toISOString(),
    version,
    values: {
      ...v,
      ...(v.actualStart ? { actualStart: v.actualStart.toISOString() } : { actualStart: undefined }),
      ...(v.actualEnd ? { actualEnd: v.actualEnd.toISOString() } : { actualEnd: undefined }),
    },
  };
  // Not stored (no key yet, storage full): the server draft is the fallback.
  void drafts.write(draftName(planId), draft);
}

function fromDraft(d: StoredDraft): RecordValues {
  return {
    ...d.values,
    actualStart: chinaPickerValue(d.values.actualStart) ?? null,
    actualEnd: chinaPickerValue(d.values.actualEnd) ?? null,
  };
}

const photoItems = (planId: number, ids: unknown): PhotoItem[] =>
  Array.isArray(ids)
    ? ids.map((id) => ({ fileId: String(id), url: apFileUrl(planId, String(id)), name: '' }))
    : [];
const ids = (items: unknown): string[] =>
  Array.isArray(items) ? items.map((p) => (typeof p === 'string' ? p : (p as PhotoItem).fileId)) : [];

function emptySummary(item: string): Record<string, unknown> {
  switch (item) {
    case '01':
      return { form: 'offline', enterprises: [], photos: [] };
    case '02':
      return { risks: [] };
    case '03':
      return { compliant: 0, nonCompliant: 0, notApplicable: 0, photos: [] };
    case '04':
    case '05':
      return { problems: [] };
    default:
      return {};
  }
}

/** The form's starting values: the saved record, or the plan's time, place and experts. */
export function initialValues(plan: PlanDetail): RecordValues {
  const r = plan.record;
  if (!r)
    return {
      actualStart: chinaPickerValue(plan.plannedStart) ?? null,
      actualEnd: chinaPickerValue(plan.plannedEnd) ?? null,
      address: plan.address,
      summaryText: '',
      spend: plan.budget,
      experts: plan.experts.map((e) => ({ name: e.name, title: e.title, phone: e.phone })),
      photos: [],
      attachments: [],
      summary: emptySummary(plan.item),
      hazards: [],
    };
  const s = { ...(r.summary as Record<string, unknown>) };
  if ('photos' in s) s.photos = photoItems(plan.id, s.photos);
  for (const list of ['risks', 'problems'] as const)
    if (Array.isArray(s[list]))
      s[list] = (s[list] as Record<string, unknown>[]).map((row) => ({
        ...row,
        ...(list === 'risks'
          ? { photos: photoItems(plan.id, row.photos) }
          : { files: photoItems(plan.id, row.files) }),
      }));
  return {
    actualStart: chinaPickerValue(r.actualStart) ?? null,
    actualEnd: chinaPickerValue(r.actualEnd) ?? null,
    address: r.address,
    summaryText: r.summaryText,
    spend: r.spend,
    experts: r.experts.map((e) => ({ name: e.name, title: e.title, phone: e.phone })),
    photos: r.files
      .filter((f) => f.isImage)
      .map((f) => ({ fileId: f.fileId, url: f.fileUrl, name: f.fileName })),
    attachments: r.files
      .filter((f) => !f.isImage)
      .map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileSize: f.fileSize, fileUrl: f.fileUrl })),
    summary: s,
    hazards: plan.hazards.map((h) => ({
      checkDate: h.checkDate,
      description: h.description,
      level: h.level as 1 | 2,
      basis: h.basis,
      recommendation: h.recommendation,
      deadline: h.deadline ?? '',
      photos: photoItems(plan.id, h.photos),
    })),
  };
}

/** The record call's body from the form values. */
export function recordBody(plan: PlanDetail, v: RecordValues): RecordBody {
  const s = v.summary ?? {};
  const num = (x: unknown) => (typeof x === 'number' ? x : Number(x ?? 0));
  const summary = ((): RecordBody['summary'] => {
    switch (plan.item) {
      case '01':
        return {
          type: '01',
          form: (s.form as 'offline' | 'online') ?? 'offline',
          enterprises: (s.enterprises as string[] | undefined) ?? [],
          attendees: num(s.attendees),
          photos: ids(s.photos),
        };
      case '02':
        return {
          type: '02',
          risks: ((s.risks as Record<string, unknown>[] | undefined) ?? []).map((r) => ({
            date: String(r.date ?? ''),
            source: String(r.source ?? '').trim(),
            level: num(r.level) as 1 | 2 | 3 | 4,
            basis: String(r.basis ?? '').trim(),
            measures: String(r.measures ?? '').trim(),
            photos: ids(r.photos),
          })),
        };
      case '03':
        return {
          type: '03',
          compliant: num(s.compliant),
          nonCompliant: num(s.nonCompliant),
          notApplicable: num(s.notApplicable),
          photos: ids(s.photos),
        };
      case '04':
      case '05':
        return {
          type: plan.item,
          problems: ((s.problems as Record<string, unknown>[] | undefined) ?? []).map((p) => ({
            description: String(p.description ?? '').trim(),
            points: num(p.points),
            scenario: String(p.scenario ?? '').trim(),
            files: ids(p.files),
          })),
        };
      default:
        return { type: plan.item as '06' | '07' };
    }
  })();
  return {
    planId: plan.id,
    version: plan.version,
    actualStart: (v.actualStart as Dayjs).toISOString(),
    actualEnd: (v.actualEnd as Dayjs).toISOString(),
    ...(v.address?.trim() ? { address: v.address.trim() } : {}),
    summaryText: (v.summaryText ?? '').trim(),
    spend: v.spend ?? 0,
    experts: (v.experts ?? [])
      .filter((e) => (e.name ?? '').trim())
      .map((e) => ({
        name: (e.name ?? '').trim(),
        orgId: null,
        title: (e.title ?? '').trim(),
        phone: (e.phone ?? '').trim(),
      })),
    files: [...ids(v.photos), ...(v.attachments ?? []).map((a) => a.fileId)],
    summary,
    hazards:
      plan.item === '03'
        ? (v.hazards ?? []).map((h) => ({
            checkDate: h.checkDate ?? '',
            description: (h.description ?? '').trim(),
            level: h.level ?? 1,
            basis: (h.basis ?? '').trim(),
            recommendation: (h.recommendation ?? '').trim(),
            photos: ids(h.photos),
            deadline: h.deadline ? h.deadline : null,
          }))
        : [],
  };
}

/** What keeps a record from being submitted (domain 3.5), in the server's words. */
export function submitProblems(plan: PlanDetail, body: RecordBody): string[] {
  const out: string[] = [];
  if (!body.summaryText?.trim()) out.push(PREVENTION_MESSAGES.submitNeedsSummary);
  const s = body.summary as Record<string, unknown>;
  const nested = [
    ...((s.risks as { photos: string[] }[]) ?? []).flatMap((r) => r.photos),
    ...((s.problems as { files: string[] }[]) ?? []).flatMap((p) => p.files),
  ];
  const files = [
    ...(body.files ?? []),
    ...ids(s.photos),
    ...nested,
    ...(body.hazards ?? []).flatMap((h) => h.photos ?? []),
  ];
  if (files.length === 0) out.push(PREVENTION_MESSAGES.submitNeedsFile);
  if (EXPERT_REQUIRED_ITEMS.includes(plan.item as ServiceItem) && !(body.experts ?? []).length)
    out.push(PREVENTION_MESSAGES.submitNeedsExpert);
  return out;
}

/**
 * 服务记录 of a plan, filled on site: time, place, the experts, the per-type summary of domain 2.10
 * (hazards with photos for a check), photos taken with the camera, the service report, the spend. Every
 * change is kept on the device (encrypted under the user's key, platform/drafts.ts) and restored with a notice after a reload or a
 * dropped network; 保存草稿 stores it on the server, 提交 checks the submit rules first and makes the record
 * read-only (the device draft is then cleared).
 */
export function RecordForm({ plan, onSubmitted }: { plan: PlanDetail; onSubmitted?: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecordValues>();
  const [restored, setRestored] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A draft on the device wins over the server copy (it is what was typed last).
  useEffect(() => {
    let live = true;
    drafts.prepare();
    void readDraft(plan.id).then((d) => {
      if (!live || !d) return;
      form.setFieldsValue(fromDraft(d) as Parameters<typeof form.setFieldsValue>[0]);
      setRestored(d.savedAt);
    });
    return () => {
      live = false;
    };
  }, [plan.id, form]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Written at once (a small JSON), and again a moment later for the controls that report a change before
  // their value has settled (uploads, pickers).
  const keepDraft = () => {
    writeDraft(plan.id, plan.version, form.getFieldsValue(true));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => writeDraft(plan.id, plan.version, form.getFieldsValue(true)), 300);
  };

  const send = async (kind: 'save' | 'submit') => {
    let values: RecordValues;
    try {
      values = kind === 'submit' ? await form.validateFields() : form.getFieldsValue(true);
    } catch {
      message.error('请按提示修改后再提交');
      return;
    }
    if (!values.actualStart || !values.actualEnd) {
      message.error('请填写服务开始和结束时间');
      return;
    }
    const body = recordBody(plan, values);
    if (kind === 'submit') {
      const found = submitProblems(plan, body);
      setProblems(found);
      if (found.length) {
        message.error(found[0]);
        return;
      }
    }
    writeDraft(plan.id, plan.version, values);
    setBusy(kind);
    try {
      const res = kind === 'submit' ? await apApi.submitRecord(body) : await apApi.saveRecord(body);
      if (kind === 'submit') {
        clearTimeout(timer.current);
        void removeDraft(plan.id);
        setRestored(null);
      }
      message.success(res.message || (kind === 'submit' ? '服务记录已提交，已通知企业确认' : '草稿已保存'));
      await queryClient.invalidateQueries({ queryKey: [AP_KEY] });
      if (kind === 'submit') onSubmitted?.();
    } catch {
      // shown by the API client; the device draft stays
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form<RecordValues>
      form={form}
      layout="vertical"
      initialValues={initialValues(plan)}
      onValuesChange={keepDraft}
      style={{ maxWidth: 760 }}
      data-testid="record-form"
      scrollToFirstError
    >
      {restored ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="draft-restored"
          message={`已恢复本机保存的草稿（${dateTimeText(restored)}）`}
          action={
            <Button
              size="small"
              onClick={() => {
                void removeDraft(plan.id);
                form.resetFields();
                setRestored(null);
              }}
            >
              放弃草稿
            </Button>
          }
        />
      ) : null}
      <Card size="small" title="服务情况" style={{ marginBottom: 12 }}>
        <Form.Item
          name="actualStart"
          label="服务开始时间"
          rules={[{ required: true, message: '请选择服务开始时间' }]}
        >
          <ChinaDateTimePicker style={FULL} inputReadOnly />
        </Form.Item>
        <Form.Item
          name="actualEnd"
          label="服务结束时间"
          dependencies={['actualStart']}
          rules={[
            { required: true, message: '请选择服务结束时间' },
            ({ getFieldValue }) => ({
              validator: async (_, v: Dayjs | null) => {
                const s = getFieldValue('actualStart') as Dayjs | null;
                if (v && s && v.isBefore(s)) throw new Error('服务结束时间不能早于开始时间');
              },
            }),
          ]}
        >
          <ChinaDateTimePicker style={FULL} inputReadOnly />
        </Form.Item>
        <Form.Item name="address" label="服务地点" rules={[{ max: 200, message: '最多200个字' }]}>
          <Input style={FULL} />
        </Form.Item>
        <Form.Item name="summaryText" label="服务情况说明" rules={[{ max: 5000, message: '最多5000个字' }]}>
          <Input.TextArea rows={4} style={FULL} placeholder="服务过程、发现的问题和建议" />
        </Form.Item>
        <Form.Item name="spend" label="支出金额（元）" rules={[numberRule('支出金额', moneyRange())]}>
          <InputNumber style={FULL} inputMode="decimal" />
        </Form.Item>
      </Card>
      <Card
        size="small"
        title={`服务专家${EXPERT_REQUIRED_ITEMS.includes(plan.item as ServiceItem) ? '（至少一名）' : ''}`}
        style={{ marginBottom: 12 }}
      >
        <ExpertCards
          reveal={(masked) => {
            // The number the form started with: the record's experts, or the plan's before a record exists.
            const src = plan.record ? plan.record.experts : plan.experts;
            const index = src.findIndex((e) => e.phone === masked);
            return index < 0
              ? null
              : {
                  kind: 'plan',
                  id: plan.id,
                  field: plan.record ? 'recordExpertPhone' : 'expertPhone',
                  index,
                };
          }}
        />
      </Card>
      <Card
        size="small"
        title={`${plan.itemLabel}情况`}
        style={{ marginBottom: 12 }}
        data-testid="summary-section"
      >
        <SummarySection item={plan.item} />
      </Card>
      <Card size="small" title="现场照片与服务报告" style={{ marginBottom: 12 }}>
        <Form.Item name="photos" label="现场照片">
          <PhotoField max={RECORD_LIMITS.files} label="现场照片" />
        </Form.Item>
        <Form.Item name="attachments" label="服务报告、签到表等文件">
          <AttachmentUpload max={RECORD_LIMITS.files} label="上传文件" />
        </Form.Item>
      </Card>
      {problems.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="submit-problems"
          message="还不能提交"
          description={problems.join('；')}
        />
      ) : null}
      <div
        style={{
          position: 'sticky',
          bottom: 0,
          background: 'var(--ant-color-bg-container, #fff)',
          padding: '8px 0',
          zIndex: 2,
        }}
      >
        <Action
          permission="ap.edit"
          fallback={<Alert type="warning" message="当前账号没有填写服务记录的权限" />}
        >
          <Space.Compact block>
            <Button
              size="large"
              block
              loading={busy === 'save'}
              onClick={() => send('save')}
              style={{ width: '50%' }}
            >
              保存草稿
            </Button>
            <Button
              size="large"
              block
              type="primary"
              loading={busy === 'submit'}
              onClick={() => send('submit')}
              style={{ width: '50%' }}
            >
              提交记录
            </Button>
          </Space.Compact>
        </Action>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          填写内容自动保存在本机，断网不会丢失；提交后记录不可修改。
        </Typography.Text>
      </div>
    </Form>
  );
}
