import { UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, InputNumber, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { COMPLAINT_TIMER_DEFAULTS } from '../../platform/contracts.ts';
import { SaveSettingsButton, useCanEditSettings, useSettings } from './settings-forms.tsx';

type ComplaintKey = keyof typeof COMPLAINT_TIMER_DEFAULTS;

/** The complaint timers (AQ 9010) with the server's ranges and messages (contracts setting.ts). */
const FIELDS: Record<ComplaintKey, { label: string; unit: string; min: number; max: number; help: string }> =
  {
    replyDays: {
      label: '投诉答复期限（工作日）',
      unit: '个工作日',
      min: 1,
      max: 60,
      help: 'AQ 9010：自受理之日起10个工作日内答复',
    },
    verifyDays: {
      label: '需核实的答复期限（工作日）',
      unit: '个工作日',
      min: 1,
      max: 90,
      help: 'AQ 9010：需要核实的，30个工作日内答复',
    },
    maxExtensionDays: {
      label: '延期上限',
      unit: '天',
      min: 1,
      max: 60,
      help: 'AQ 9010：情况复杂的经批准可延期一次，不超过30日',
    },
    warnDays: {
      label: '临期提醒（工作日）',
      unit: '个工作日',
      min: 0,
      max: 10,
      help: '答复期限前多少个工作日提醒办理单位',
    },
  };
const KEYS = Object.keys(FIELDS) as ComplaintKey[];

/** The problem of one complaint timer value (the server's message), or null. */
export function complaintSettingProblem(key: ComplaintKey, v: number | null | undefined): string | null {
  const f = FIELDS[key];
  const range = `${f.label}为${f.min}-${f.max}天`;
  if (v === null || v === undefined) return range;
  if (!Number.isInteger(v)) return `${f.label}须为整数`;
  if (v < f.min || v > f.max) return range;
  return null;
}

const rule = (key: ComplaintKey): Rule => ({
  validator: async (_r, v: number | null | undefined) => {
    const p = complaintSettingProblem(key, v);
    if (p) throw new Error(p);
  },
});

/** 投诉办理时限: the working-day timers of complaints, with the AQ 9010 figures as defaults. */
export function ComplaintSettingsCard() {
  const q = useSettings();
  const canEdit = useCanEditSettings();
  const [form] = Form.useForm<Record<ComplaintKey, number>>();
  useEffect(() => {
    if (q.data?.complaint) form.setFieldsValue(q.data.complaint);
  }, [q.data, form]);
  if (!q.data)
    return q.isLoading ? <Skeleton active /> : <Empty description="设置加载失败，请刷新页面重试" />;
  return (
    <Card title="投诉办理时限" variant="borderless" data-testid="complaint-settings">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="答复期限按工作日计算（扣除法定节假日，计入调休上班日）；修改后对此后受理的投诉生效。"
      />
      <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 720 }}>
        {KEYS.map((key) => {
          const f = FIELDS[key];
          return (
            <Form.Item
              key={key}
              name={key}
              label={f.label}
              rules={[rule(key)]}
              extra={`${f.help}；允许范围 ${f.min}–${f.max}；默认值 ${COMPLAINT_TIMER_DEFAULTS[key]}`}
            >
              <InputNumber style={{ width: 220 }} addonAfter={f.unit} aria-label={f.label} />
            </Form.Item>
          );
        })}
        <SaveSettingsButton
          form={form}
          toBody={(v) => ({ complaint: v })}
          extra={
            <Button
              icon={<UndoOutlined />}
              onClick={() => form.setFieldsValue({ ...COMPLAINT_TIMER_DEFAULTS })}
            >
              填入默认值
            </Button>
          }
        >
          保存投诉时限
        </SaveSettingsButton>
      </Form>
    </Card>
  );
}
