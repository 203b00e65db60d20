/** The dialogs of training sessions: publish / edit, record attendance, sign up. */
import {
  App,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  AttachmentIdsUpload,
  ChinaDateTimePicker,
  chinaNow,
  chinaPickerValue,
  newIdempotencyKey,
  numberRule,
} from '../../components/index.ts';
import {
  DISTRICTS,
  isValidLandline,
  isValidMobile,
  TRAINING_LIMITS,
  TRAINING_MODES,
  WS_INDUSTRIES,
} from '../../platform/contracts.ts';
import {
  type TrainingDetail,
  type TrainingInput,
  type TrainingRow,
  type TrainingSignUp,
  trainingApi,
} from './api-activity.ts';

interface TrainingFormValues {
  topic: string;
  mode: 'offline' | 'online';
  startsAt: Dayjs;
  endsAt: Dayjs;
  place?: string;
  onlineLink?: string;
  capacity: number;
  targetDistricts: string[];
  targetIndustries?: string[];
  description?: string;
  contactName?: string;
  contactPhone?: string;
  materials?: string[];
}

/** The number shown masked on an edit (security P04): sent back unchanged, the server keeps the stored one. */
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;

/** The server's phone rule (mobile or landline, or the masked number left as it is), with its message. */
const editPhoneRule = {
  validator: async (_: unknown, v: unknown) => {
    const s = typeof v === 'string' ? v.trim() : '';
    if (s !== '' && !isValidMobile(s) && !isValidLandline(s) && !MASKED_MOBILE.test(s))
      throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
  },
};

/** The sign-up's phone rule: a full number (nothing is prefilled). */
const phoneRule = {
  validator: async (_: unknown, v: unknown) => {
    const s = typeof v === 'string' ? v.trim() : '';
    if (s !== '' && !isValidMobile(s) && !isValidLandline(s))
      throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
  },
};

/** Publish a session (`editing` null) or change one that has not started. */
export function TrainingFormModal({
  editing,
  onClose,
  onDone,
}: {
  editing: TrainingDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TrainingFormValues>();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('mode', form) ?? editing?.mode ?? 'offline';
  const initial: Partial<TrainingFormValues> = editing
    ? {
        topic: editing.topic,
        mode: editing.mode,
        startsAt: chinaPickerValue(editing.startsAt),
        endsAt: chinaPickerValue(editing.endsAt),
        place: editing.place,
        onlineLink: editing.onlineLink,
        capacity: editing.capacity,
        targetDistricts: editing.targetDistricts,
        targetIndustries: editing.targetIndustries,
        description: editing.description,
        contactName: editing.contactName,
        contactPhone: editing.contactPhone,
        materials: editing.materials.map((m) => m.id),
      }
    : { mode: 'offline', targetDistricts: [], targetIndustries: [], materials: [] };

  const submit = async (v: TrainingFormValues) => {
    const body = {
      topic: v.topic.trim(),
      mode: v.mode,
      startsAt: v.startsAt.toISOString(),
      endsAt: v.endsAt.toISOString(),
      place: v.mode === 'offline' ? (v.place ?? '').trim() : '',
      onlineLink: v.mode === 'online' ? (v.onlineLink ?? '').trim() : '',
      capacity: v.capacity,
      targetDistricts: v.targetDistricts,
      targetIndustries: v.targetIndustries ?? [],
      description: (v.description ?? '').trim(),
      contactName: (v.contactName ?? '').trim(),
      contactPhone: (v.contactPhone ?? '').trim(),
      materials: v.materials ?? [],
    } as TrainingInput;
    setBusy(true);
    try {
      if (editing) {
        await trainingApi.edit({ ...body, id: editing.id, version: editing.version });
        message.success('培训已修改，已报名的企业将看到新的安排');
      } else {
        await trainingApi.add(body, key);
        message.success('培训已发布，面向区县的企业可以报名');
      }
      onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={editing ? `修改培训：${editing.topic}` : '发布培训'}
      okText={editing ? '保存' : '发布'}
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<TrainingFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="topic"
          label="培训主题"
          rules={[
            { required: true, whitespace: true, message: '请填写培训主题' },
            { min: 2, max: 100, message: '培训主题为2-100个字' },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="mode" label="培训形式" rules={[{ required: true }]}>
              <Radio.Group options={TRAINING_MODES} optionType="button" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="startsAt"
              label="开始时间"
              rules={[
                { required: true, message: '请选择开始时间' },
                {
                  validator: async (_, v: Dayjs | undefined) => {
                    if (v && !editing && v.isBefore(chinaNow())) throw new Error('开始时间须晚于当前时间');
                  },
                },
              ]}
            >
              <ChinaDateTimePicker style={{ width: '100%' }} aria-label="开始时间" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="endsAt"
              label="结束时间"
              dependencies={['startsAt']}
              rules={[
                { required: true, message: '请选择结束时间' },
                ({ getFieldValue }) => ({
                  validator: async (_, v: Dayjs | undefined) => {
                    const s = getFieldValue('startsAt') as Dayjs | undefined;
                    if (v && s && !v.isAfter(s)) throw new Error('结束时间须晚于开始时间');
                  },
                }),
              ]}
            >
              <ChinaDateTimePicker style={{ width: '100%' }} aria-label="结束时间" />
            </Form.Item>
          </Col>
        </Row>
        {mode === 'offline' ? (
          <Form.Item
            name="place"
            label="培训地点"
            rules={[{ required: true, whitespace: true, message: '线下培训请填写培训地点' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        ) : (
          <Form.Item
            name="onlineLink"
            label="线上培训链接"
            rules={[
              { required: true, whitespace: true, message: '线上培训请填写培训链接' },
              { pattern: /^https?:\/\/\S+$/i, message: '线上培训链接须以 http:// 或 https:// 开头' },
            ]}
          >
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="capacity"
              label="培训名额（人）"
              rules={[
                { required: true, message: '请填写培训名额' },
                numberRule('培训名额', TRAINING_LIMITS.capacity),
              ]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="targetDistricts"
              label="面向区县"
              rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个面向的区县' }]}
            >
              <Select mode="multiple" options={DISTRICTS} aria-label="面向区县" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="targetIndustries" label="面向行业" extra="不选表示面向全部行业">
          <Select mode="multiple" options={WS_INDUSTRIES} aria-label="面向行业" />
        </Form.Item>
        <Form.Item name="description" label="培训说明">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="contactName" label="联系人" rules={[{ max: 20, message: '联系人最多20个字' }]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="contactPhone" label="联系电话" rules={[editPhoneRule]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="materials" label="培训资料">
          <AttachmentIdsUpload initialFiles={editing?.materials.map((m) => ({ ...m })) ?? []} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface AttendanceValues {
  summary: string;
  photos: string[];
  materials?: string[];
  rows: Record<string, { attended: boolean; attendeeCount: number | null }>;
}

/** Record who came (every active sign-up), the summary, photos and materials; again to correct it. */
export function AttendanceModal({
  training,
  onClose,
  onDone,
}: {
  training: TrainingDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AttendanceValues>();
  const [busy, setBusy] = useState(false);
  const signUps = training.signUps.filter((s) => s.status === 'signed');
  const initial: AttendanceValues = {
    summary: training.summary,
    photos: training.photos.map((p) => p.id),
    materials: training.materials.map((m) => m.id),
    rows: Object.fromEntries(
      signUps.map((s) => [
        String(s.id),
        { attended: s.attended ?? true, attendeeCount: s.attendeeCount ?? s.participants },
      ]),
    ),
  };
  const submit = async (v: AttendanceValues) => {
    setBusy(true);
    try {
      await trainingApi.attendance({
        id: training.id,
        version: training.version,
        summary: v.summary.trim(),
        photos: v.photos,
        materials: v.materials ?? [],
        attendance: signUps.map((s) => {
          const r = v.rows[String(s.id)]!;
          return {
            signUpId: s.id,
            attended: r.attended,
            attendeeCount: r.attended ? (r.attendeeCount ?? 0) : 0,
          };
        }),
      });
      message.success('出勤情况已登记，培训已完成');
      onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={`登记出勤：${training.topic}`}
      okText="保存登记"
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<AttendanceValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
      >
        <Table<TrainingSignUp>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={signUps}
          locale={{ emptyText: '没有企业报名' }}
          style={{ marginBottom: 16 }}
          columns={[
            { title: '报名企业', dataIndex: 'enterpriseName' },
            { title: '报名人数', dataIndex: 'participants', width: 90, align: 'right' },
            {
              title: '参加',
              key: 'attended',
              width: 70,
              render: (_, s) => (
                <Form.Item name={['rows', String(s.id), 'attended']} valuePropName="checked" noStyle>
                  <Checkbox aria-label={`${s.enterpriseName}参加`} />
                </Form.Item>
              ),
            },
            {
              title: '实到人数',
              key: 'count',
              width: 130,
              render: (_, s) => (
                <Form.Item
                  name={['rows', String(s.id), 'attendeeCount']}
                  style={{ margin: 0 }}
                  dependencies={[['rows', String(s.id), 'attended']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_, n: unknown) => {
                        if (!getFieldValue(['rows', String(s.id), 'attended'])) return;
                        if (typeof n !== 'number' || n < 1) throw new Error('已参加的企业实到人数至少为1');
                      },
                    }),
                    numberRule('实到人数', TRAINING_LIMITS.attendees),
                  ]}
                >
                  <InputNumber style={{ width: '100%' }} aria-label={`${s.enterpriseName}实到人数`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item
          name="summary"
          label="培训情况说明"
          rules={[
            { required: true, whitespace: true, message: '请填写培训情况说明' },
            { min: 5, message: '培训情况说明至少5个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          name="photos"
          label="培训现场照片"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少上传一张培训现场照片' }]}
        >
          <AttachmentIdsUpload initialFiles={training.photos.map((p) => ({ ...p }))} />
        </Form.Item>
        <Form.Item name="materials" label="培训资料">
          <AttachmentIdsUpload initialFiles={training.materials.map((m) => ({ ...m }))} />
        </Form.Item>
        <Typography.Text type="secondary">登记后，每家参加的企业计为一次宣传教育培训服务。</Typography.Text>
      </Form>
    </Modal>
  );
}

interface SignUpValues {
  participants: number;
  contactName: string;
  contactPhone: string;
  remark?: string;
}

/** An enterprise signs up for a session (seats left shown; the server enforces them). */
export function SignUpModal({
  training,
  onClose,
  onDone,
}: {
  training: TrainingRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SignUpValues>();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const submit = async (v: SignUpValues) => {
    setBusy(true);
    try {
      await trainingApi.signUp(
        {
          trainingId: training.id,
          participants: v.participants,
          contactName: v.contactName.trim(),
          contactPhone: v.contactPhone.trim(),
          remark: (v.remark ?? '').trim(),
        },
        key,
      );
      message.success(`已报名：${training.topic}`);
      onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`报名：${training.topic}`}
      okText="确认报名"
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        本场共{training.capacity}个名额，剩余{training.seatsLeft}个。
      </Typography.Paragraph>
      <Form<SignUpValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="participants"
          label="报名人数"
          rules={[
            { required: true, message: '请填写报名人数' },
            numberRule('报名人数', TRAINING_LIMITS.participants),
            {
              validator: async (_, n: unknown) => {
                if (typeof n === 'number' && n > training.seatsLeft)
                  throw new Error(`名额不足：剩余${training.seatsLeft}个，请减少报名人数`);
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
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
        <Form.Item
          name="contactPhone"
          label="联系电话"
          rules={[{ required: true, whitespace: true, message: '请填写联系电话' }, phoneRule]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
