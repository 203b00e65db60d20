/** The dialogs of the rectification machine (domain 3.6): submit, governance plan, review, regulator handling. */
import { Alert, App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import {
  AttachmentIdsUpload,
  chinaToday,
  type FileMapItem,
  fileIdOf,
  ImageUpload,
  numberRule,
} from '../../components/index.ts';
import { useAuth } from '../../platform/auth.ts';
import { GOVERNANCE_PARTS, HANDLING_KINDS, HAZARD_LIMITS, moneyRange } from '../../platform/contracts.ts';
import { type HazardDetail, hazardApi } from './api.ts';

const FULL = { width: '100%' } as const;

/** Photos kept as the stored file ids (what the hazard calls take), uploaded through ImageUpload. */
export function PhotoIdsField({
  value = [],
  onChange,
  max,
  id,
  buttonText = '上传照片',
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  max: number;
  id?: string;
  buttonText?: string;
}) {
  const [items, setItems] = useState<FileMapItem[]>(() =>
    value.map((v) => ({ fileName: '', fileUrl: `/api/file/${v}`, fileSize: 0 })),
  );
  return (
    <ImageUpload
      id={id}
      size={max}
      buttonText={`${buttonText}（最多${max}张）`}
      value={items}
      onChange={(next) => {
        setItems(next);
        onChange?.(next.map((f) => fileIdOf(f.fileUrl)).filter((x): x is string => Boolean(x)));
      }}
    />
  );
}

/**
 * A dialog around a form: validates, calls `submit` (which rejects to keep the dialog open — the API
 * client has shown the refusal), shows the server's message and calls `onDone`.
 */
function FormModal<T extends object>({
  open,
  title,
  okText,
  danger,
  initialValues,
  onCancel,
  submit,
  onDone,
  children,
  width = 640,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  danger?: boolean;
  initialValues: Partial<T>;
  onCancel: () => void;
  submit: (values: T) => Promise<{ message: string }>;
  onDone: () => void;
  children: ReactNode;
  width?: number;
  testId: string;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      width={width}
      okButtonProps={{ danger, loading: busy }}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() =>
        form
          .validateFields()
          .then(async (values) => {
            setBusy(true);
            try {
              const res = await submit(values);
              message.success(res.message || '操作成功');
              onDone();
            } finally {
              setBusy(false);
            }
          })
          .catch(() => undefined)
      }
    >
      <div data-testid={testId}>
        <Form<T> form={form} layout="vertical" preserve={false} initialValues={initialValues}>
          {children}
        </Form>
      </div>
    </Modal>
  );
}

const textRules = (label: string, max: number, required = true) => [
  ...(required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []),
  { max, message: `${label}最多${max}个字` },
];

type RectifyValues = {
  rectifiedOn: string;
  dept: string;
  person: string;
  description: string;
  photos: string[];
};

/** 提交整改: what the enterprise did, with photos (待整改 or 已驳回 → 待审核). */
export function RectifyModal({
  hazard,
  onClose,
  onDone,
}: {
  hazard: HazardDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const resubmit = hazard?.rectifyStatus === 2;
  const last = hazard?.rectifications.at(-1);
  return (
    <FormModal<RectifyValues>
      open={hazard !== null}
      title={resubmit ? '重新提交整改' : '提交整改'}
      okText="提交整改"
      testId="rectify-form"
      initialValues={{
        rectifiedOn: chinaToday(),
        dept: last?.dept || hazard?.rectifyDept || '',
        person: last?.person ?? '',
        description: '',
        photos: [],
      }}
      onCancel={onClose}
      onDone={onDone}
      submit={(v) => hazardApi.rectify({ id: hazard!.id, version: hazard!.version, ...v })}
    >
      {resubmit && last?.rejectReason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`上次驳回原因：${last.rejectReason}`}
        />
      ) : null}
      {hazard?.governancePlanRequired && !hazard.governancePlan ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="重大隐患须制定治理方案，未提交治理方案的整改不能复查通过"
        />
      ) : null}
      <Form.Item name="rectifiedOn" label="整改时间" rules={[{ required: true, message: '请选择整改时间' }]}>
        <Input type="date" style={FULL} max={chinaToday()} />
      </Form.Item>
      <Form.Item name="dept" label="整改部门" rules={textRules('整改部门', 100)}>
        <Input />
      </Form.Item>
      <Form.Item name="person" label="整改负责人" rules={textRules('整改负责人', 50)}>
        <Input />
      </Form.Item>
      <Form.Item
        name="description"
        label="整改情况说明"
        rules={[
          { required: true, whitespace: true, message: '请说明整改情况' },
          { min: 2, message: '请说明整改情况（至少2个字）' },
          { max: 1000, message: '整改情况说明最多1000个字' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item
        name="photos"
        label="整改照片"
        rules={[{ required: true, type: 'array', min: 1, message: '请上传至少1张整改照片' }]}
      >
        <PhotoIdsField max={HAZARD_LIMITS.rectifyPhotos} buttonText="上传整改照片" />
      </Form.Item>
    </FormModal>
  );
}

type PlanValues = Record<(typeof GOVERNANCE_PARTS)[number]['key'], string> & {
  principal: string;
  plannedDate: string;
  files: string[];
};

/** 治理方案 of a major hazard: the seven parts of domain 1.8, the principal and the planned date. */
export function GovernancePlanModal({
  hazard,
  onClose,
  onDone,
}: {
  hazard: HazardDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const plan = hazard?.governancePlan;
  return (
    <FormModal<PlanValues>
      open={hazard !== null}
      title={plan ? '修改治理方案' : '制定治理方案'}
      okText="保存治理方案"
      width={720}
      testId="governance-form"
      initialValues={{
        ...Object.fromEntries(GOVERNANCE_PARTS.map((p) => [p.key, plan?.[p.key] ?? ''])),
        principal: plan?.principal ?? '',
        plannedDate: plan?.plannedDate ?? hazard?.deadline ?? '',
        files: plan?.files ?? [],
      }}
      onCancel={onClose}
      onDone={onDone}
      submit={(v) => hazardApi.governancePlan({ id: hazard!.id, version: hazard!.version, ...v })}
    >
      {GOVERNANCE_PARTS.map((p) => (
        <Form.Item key={p.key} name={p.key} label={p.label} rules={textRules(p.label, 2000)}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      ))}
      <Form.Item name="principal" label="治理负责人" rules={textRules('治理负责人', 50)}>
        <Input />
      </Form.Item>
      <Form.Item
        name="plannedDate"
        label="计划完成日期"
        rules={[{ required: true, message: '请选择计划完成日期' }]}
      >
        <Input type="date" style={FULL} />
      </Form.Item>
      <Form.Item name="files" label="方案附件">
        <AttachmentIdsUpload max={HAZARD_LIMITS.planFiles} />
      </Form.Item>
    </FormModal>
  );
}

type ReviewValues = {
  result: 'pass' | 'reject';
  reviewDate: string;
  reviewer: string;
  description?: string;
  reason?: string;
  photos: string[];
};

/** 复查/验收: the checker passes (→ 已完成) or rejects with a reason (→ 已驳回). */
export function ReviewModal({
  hazard,
  onClose,
  onDone,
}: {
  hazard: HazardDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { user } = useAuth();
  const planMissing = Boolean(hazard?.governancePlanRequired && !hazard.governancePlan);
  const [result, setResult] = useState<'pass' | 'reject'>('pass');
  // Each opening starts from what may be decided: without the plan of a major hazard only 驳回.
  const opened = hazard?.id ?? null;
  useEffect(() => {
    if (opened !== null) setResult(planMissing ? 'reject' : 'pass');
  }, [opened, planMissing]);
  return (
    <FormModal<ReviewValues>
      open={hazard !== null}
      title={`复查整改：${hazard?.description ?? ''}`}
      okText={result === 'pass' ? '复查通过' : '驳回整改'}
      danger={result === 'reject'}
      testId="review-form"
      initialValues={{
        result: planMissing ? 'reject' : 'pass',
        reviewDate: chinaToday(),
        reviewer: user?.nickname || user?.username || '',
        photos: [],
      }}
      onCancel={() => {
        setResult('pass');
        onClose();
      }}
      onDone={() => {
        setResult('pass');
        onDone();
      }}
      submit={(v) =>
        hazardApi.review(
          v.result === 'pass'
            ? {
                id: hazard!.id,
                version: hazard!.version,
                result: 'pass',
                reviewDate: v.reviewDate,
                reviewer: v.reviewer,
                description: v.description ?? '',
                photos: v.photos ?? [],
              }
            : {
                id: hazard!.id,
                version: hazard!.version,
                result: 'reject',
                reviewDate: v.reviewDate,
                reviewer: v.reviewer,
                reason: v.reason ?? '',
                photos: v.photos ?? [],
              },
        )
      }
    >
      {planMissing ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="该重大隐患尚未提交治理方案，不能复查通过"
        />
      ) : null}
      <Form.Item name="result" label="复查结论" rules={[{ required: true, message: '请选择复查结论' }]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          onChange={(e) => setResult(e.target.value)}
          options={[
            { value: 'pass', label: '通过', disabled: planMissing },
            { value: 'reject', label: '驳回' },
          ]}
        />
      </Form.Item>
      <Form.Item name="reviewDate" label="复查日期" rules={[{ required: true, message: '请选择复查日期' }]}>
        <Input type="date" style={FULL} max={chinaToday()} />
      </Form.Item>
      <Form.Item name="reviewer" label="复查人" rules={textRules('复查人', 50)}>
        <Input />
      </Form.Item>
      <Form.Item noStyle dependencies={['result']}>
        {({ getFieldValue }) =>
          getFieldValue('result') === 'reject' ? (
            <Form.Item
              name="reason"
              label="驳回原因"
              rules={[
                { required: true, whitespace: true, message: '请填写驳回原因' },
                { min: 2, message: '请填写驳回原因（至少2个字）' },
                { max: 500, message: '驳回原因最多500个字' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          ) : (
            <Form.Item name="description" label="复查说明" rules={textRules('复查说明', 1000, false)}>
              <Input.TextArea rows={3} maxLength={1000} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="photos" label="复查照片">
        <PhotoIdsField max={HAZARD_LIMITS.rectifyPhotos} buttonText="上传复查照片" />
      </Form.Item>
    </FormModal>
  );
}

type HandleValues = {
  kind: 'urge' | 'inspect' | 'penalty' | 'close';
  handledOn: string;
  description: string;
  penaltyAmount?: number | null;
  files: string[];
};

/** 监管处置 (domain 2.12 inspection): urge, on-site inspection, penalty with its amount, closed. */
export function HandleModal({
  hazard,
  onClose,
  onDone,
}: {
  hazard: HazardDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <FormModal<HandleValues>
      open={hazard !== null}
      title={`监管处置：${hazard?.enterpriseName ?? ''}`}
      okText="保存处置"
      testId="handle-form"
      initialValues={{ kind: 'urge', handledOn: chinaToday(), description: '', files: [] }}
      onCancel={onClose}
      onDone={onDone}
      submit={(v) =>
        hazardApi.handle({
          id: hazard!.id,
          version: hazard!.version,
          kind: v.kind,
          handledOn: v.handledOn,
          description: v.description,
          penaltyAmount: v.kind === 'penalty' ? (v.penaltyAmount ?? null) : null,
          files: v.files ?? [],
        })
      }
    >
      <Form.Item name="kind" label="处置方式" rules={[{ required: true, message: '请选择处置方式' }]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={HANDLING_KINDS.map((k) => ({ value: k.value, label: k.label }))}
        />
      </Form.Item>
      <Form.Item name="handledOn" label="处置日期" rules={[{ required: true, message: '请选择处置日期' }]}>
        <Input type="date" style={FULL} max={chinaToday()} />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'penalty' ? (
            <Form.Item
              name="penaltyAmount"
              label="处罚金额（元）"
              rules={[
                { required: true, message: '行政处罚须填写处罚金额' },
                numberRule('处罚金额', moneyRange({ positive: true })),
              ]}
            >
              <InputNumber style={FULL} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item
        name="description"
        label="处置说明"
        rules={[
          { required: true, whitespace: true, message: '请填写处置说明' },
          { min: 2, message: '请填写处置说明（至少2个字）' },
          { max: 1000, message: '处置说明最多1000个字' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item name="files" label="处置附件">
        <AttachmentIdsUpload max={HAZARD_LIMITS.handlingFiles} />
      </Form.Item>
    </FormModal>
  );
}
