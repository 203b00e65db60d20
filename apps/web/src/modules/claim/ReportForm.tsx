import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  afterChinaToday,
  chinaNow,
  type FileMapItem,
  fileIdOf,
  ImageUpload,
  newIdempotencyKey,
  numberRule,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import {
  CITY_NAME,
  DISTRICTS,
  FIELD_RANGES,
  isValidLandline,
  isValidMobile,
} from '../../platform/contracts.ts';
import { policyApi } from '../policy/index.ts';
import {
  CLAIM_KEY,
  type ClaimPolicyOption,
  type ClaimReportBody,
  claimApi,
  duplicateClaimOf,
} from './api.ts';
import { accidentTimeProblem, ENT_PATHS, INSURER_PATHS, isLateReport } from './model.ts';
import { TimeField, type TypedTime, typedTimeProblem } from './TimeField.tsx';

export interface ReportValues {
  policyId?: number;
  reporterName?: string;
  reporterPhone?: string;
  /** Times, or text typed that is not one (the fields' rules refuse it). */
  reportedAt?: TypedTime;
  accidentAt?: TypedTime;
  accidentDistrictCode?: ClaimReportBody['accidentDistrictCode'];
  accidentAddress?: string;
  accidentDesc?: string;
  deaths?: number;
  injuries?: number;
  files?: FileMapItem[];
}

/** The report body from the form values (ISO times, trimmed texts, photo ids). */
export function buildReportBody(v: ReportValues): ClaimReportBody {
  return {
    policyId: v.policyId ?? 0,
    reporterName: (v.reporterName ?? '').trim(),
    reporterPhone: (v.reporterPhone ?? '').trim(),
    ...(dayjs.isDayjs(v.reportedAt) ? { reportedAt: v.reportedAt.toISOString() } : {}),
    accidentAt: dayjs.isDayjs(v.accidentAt) ? v.accidentAt.toISOString() : '',
    // Required by the form's rule; the server refuses a report without it all the same.
    accidentDistrictCode: v.accidentDistrictCode ?? ('' as ClaimReportBody['accidentDistrictCode']),
    accidentAddress: (v.accidentAddress ?? '').trim(),
    accidentDesc: (v.accidentDesc ?? '').trim(),
    deaths: v.deaths ?? 0,
    injuries: v.injuries ?? 0,
    attachments: (v.files ?? []).flatMap((f) => fileIdOf(f.fileUrl) ?? []),
  };
}

/** "48小时" or "2天" for a deadline in hours. */
export const hoursText = (h: number) => (h % 24 === 0 ? `${h / 24}天（${h}小时）` : `${h}小时`);

function policyLabel(p: ClaimPolicyOption, withHolder: boolean) {
  return `${p.policyNo ?? '（未出单）'}${withHolder ? ` ${p.holderName}` : ''}（${p.startDate} 至 ${p.endDate}）`;
}

/**
 * Issued policies the claim can be on: in force first, then expired ones (an accident inside the old
 * period). A policy named in the address (报案 from a policy's page) is added when the lists leave it out,
 * if it is issued (the server takes reports on approved or cancelled policies only).
 */
function usePolicyOptions(keyword: string, enabled: boolean, presetId: number | undefined) {
  return useQuery({
    queryKey: [CLAIM_KEY, 'policies', keyword, presetId],
    enabled,
    queryFn: async () => {
      const kw = keyword.trim() ? { keyword: keyword.trim() } : {};
      const [valid, expired] = await Promise.all([
        claimApi.policies({ state: 'valid', pageSize: 50, ...kw }),
        claimApi.policies({ state: 'expired', pageSize: 20, ...kw }),
      ]);
      const list: ClaimPolicyOption[] = [...valid, ...expired];
      if (presetId !== undefined && !list.some((p) => p.id === presetId)) {
        const p = await policyApi.detail(presetId).catch(() => null);
        if (p && (p.status === 'approved' || p.status === 'cancelled')) list.unshift(p);
      }
      return list;
    },
  });
}

/** The policy id of `?policyId=` (报案 from a policy's detail page), if it is one. */
function usePresetPolicyId(): number | undefined {
  const [params] = useSearchParams();
  const raw = params.get('policyId');
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * 报案 (step 1): the enterprise reports an accident on one of its policies, or the insurer registers a
 * report on the enterprise's behalf (it then also gives the time the report came in). Checks the
 * accident time against now and the policy period and warns when the report is later than the
 * configured deadline (the claim is then flagged 逾期报案). Sent once per Idempotency-Key.
 */
export function ReportForm({ who }: { who: 'enterprise' | 'insurer' }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [form] = Form.useForm<ReportValues>();
  // The insurer's policy search: asked 300 ms after the last keystroke, not once per keystroke.
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(input), 300);
    return () => clearTimeout(t);
  }, [input]);
  const [sending, setSending] = useState(false);
  const key = useRef(newIdempotencyKey());
  const insurer = who === 'insurer';
  const paths = insurer ? INSURER_PATHS : ENT_PATHS;

  const rules = useQuery({ queryKey: [CLAIM_KEY, 'rules'], queryFn: claimApi.rules, staleTime: 60_000 });
  const presetId = usePresetPolicyId();
  const policies = usePolicyOptions(insurer ? keyword : '', true, presetId);
  const policyId = Form.useWatch('policyId', form);
  const accidentAt = Form.useWatch('accidentAt', form) as TypedTime;
  const reportedAt = Form.useWatch('reportedAt', form) as TypedTime;
  const policy = useMemo(() => policies.data?.find((p) => p.id === policyId), [policies.data, policyId]);
  const deadline = rules.data?.reportDeadlineHours;
  const late =
    dayjs.isDayjs(accidentAt) && deadline !== undefined
      ? isLateReport(accidentAt, dayjs.isDayjs(reportedAt) ? reportedAt : dayjs(), deadline)
      : false;
  const [presetMissing, setPresetMissing] = useState(false);

  // 报案 from a policy's page: select that policy once the options are known (and its district).
  const presetDone = useRef(false);
  useEffect(() => {
    if (presetId === undefined || presetDone.current || !policies.isSuccess) return;
    presetDone.current = true;
    const p = policies.data.find((x) => x.id === presetId);
    if (!p) {
      setPresetMissing(true);
      return;
    }
    if (form.getFieldValue('policyId') === undefined) {
      form.setFieldValue('policyId', p.id);
      if (!form.getFieldValue('accidentDistrictCode'))
        form.setFieldValue('accidentDistrictCode', p.districtCode);
    }
  }, [presetId, policies.isSuccess, policies.data, form]);

  /**
   * Sends the report. A report matching an open claim of the policy and accident time is refused by the
   * server naming that claim: the person confirms it is another accident (sent again with
   * confirmDuplicate) or leaves it, with a link to the claim already reported.
   */
  const send = async (v: ReportValues, confirmDuplicate = false) => {
    setSending(true);
    try {
      const body = buildReportBody(v);
      const res = await claimApi.report(confirmDuplicate ? { ...body, confirmDuplicate } : body, key.current);
      key.current = newIdempotencyKey();
      message.success(res.message || '报案成功');
      await queryClient.invalidateQueries({ queryKey: [CLAIM_KEY] });
      navigate(`${paths.detail}?id=${res.data.id}`);
    } catch (e) {
      // The API client has shown any other refusal; the same key is kept so a retry reports once.
      const dup = duplicateClaimOf(e);
      if (dup) confirmAnother(v, dup);
    } finally {
      setSending(false);
    }
  };
  const confirmAnother = (v: ReportValues, dup: { id: number; reportNo: string }) => {
    const dialog = modal.confirm({
      title: '可能是重复报案',
      width: 480,
      content: (
        <div data-testid="duplicate-claim-confirm">
          <Typography.Paragraph>
            该保单已有同一出险时间的未结案件（报案号 {dup.reportNo}）。同一起事故只需报案一次，请勿重复报案。
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            如确为同一时间发生的另一起事故，请确认后继续报案；也可以
            <Typography.Link
              onClick={() => {
                dialog.destroy();
                navigate(`${paths.detail}?id=${dup.id}`);
              }}
            >
              查看已报案件
            </Typography.Link>
            。
          </Typography.Paragraph>
        </div>
      ),
      okText: '确认是另一起事故，继续报案',
      cancelText: '不报了',
      onOk: () => send(v, true),
    });
  };
  const onFinish = (v: ReportValues) => send(v);

  const noPolicies = policies.isSuccess && policies.data.length === 0 && !keyword;

  return (
    <Card title={insurer ? '代企业报案' : '事故报案'}>
      {deadline !== undefined ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`请在事故发生后${hoursText(deadline)}内报案；逾期报案将被标记并提示监管部门，保险机构可依合同约定不予受理。`}
        />
      ) : null}
      {presetMissing ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="preset-policy-missing"
          message="该保单不能报案（只有已出单的保单才能报案），请在下方选择出险的保单"
        />
      ) : null}
      {noPolicies && !insurer ? (
        <Empty description="没有可报案的保单：只有已出单且出险时间在保险期间内的保单才能报案" />
      ) : (
        <Form<ReportValues>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          scrollToFirstError
          initialValues={{
            deaths: 0,
            injuries: 0,
            files: [],
            reporterName: insurer ? '' : (user?.nickname ?? ''),
            ...(insurer ? { reportedAt: chinaNow().second(0).millisecond(0) } : {}),
          }}
          onValuesChange={(changed: ReportValues) => {
            if (changed.policyId !== undefined) {
              const p = policies.data?.find((x) => x.id === changed.policyId);
              if (p && !form.getFieldValue('accidentDistrictCode'))
                form.setFieldValue('accidentDistrictCode', p.districtCode);
              if (form.getFieldValue('accidentAt')) void form.validateFields(['accidentAt']);
            }
            if (changed.reportedAt !== undefined && form.getFieldValue('accidentAt'))
              void form.validateFields(['accidentAt']);
          }}
        >
          <Form.Item
            name="policyId"
            label="保单"
            rules={[{ required: true, message: '请选择出险的保单' }]}
            extra={policy ? `承保机构：${policy.insurerName}；承保人数 ${policy.headcount} 人` : undefined}
          >
            <Select
              showSearch
              placeholder={insurer ? '输入保单号或企业名称搜索' : '选择出险的保单'}
              loading={policies.isFetching}
              filterOption={insurer ? false : (input, o) => String(o?.title ?? '').includes(input)}
              onSearch={insurer ? setInput : undefined}
              notFoundContent={policies.isFetching ? '加载中…' : '没有可报案的保单'}
              options={(policies.data ?? []).map((p) => ({
                value: p.id,
                title: policyLabel(p, insurer),
                label: (
                  <Space size={4}>
                    <span>{policyLabel(p, insurer)}</span>
                    <Tag color={p.state === 'expired' ? 'default' : 'success'}>{p.stateLabel}</Tag>
                  </Space>
                ),
              }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="reporterName"
                label="报案人"
                rules={[
                  { required: true, whitespace: true, message: '请输入报案人姓名' },
                  { min: 2, max: 20, message: '报案人姓名为2-20个字' },
                ]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="reporterPhone"
                label="报案人电话"
                required
                rules={[
                  {
                    validator: async (_: unknown, v: string | undefined) => {
                      const t = (v ?? '').trim();
                      if (!t) throw new Error('请输入报案人电话');
                      if (!isValidMobile(t) && !isValidLandline(t))
                        throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
                    },
                  },
                ]}
              >
                <Input maxLength={30} placeholder="手机号或座机号" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="accidentAt"
                label="出险时间"
                dependencies={['policyId', 'reportedAt']}
                rules={[
                  { required: true, message: '请选择出险时间' },
                  ({ getFieldValue }) => ({
                    validator: async (_: unknown, v: TypedTime) => {
                      const typed = typedTimeProblem(v, '出险时间');
                      if (typed) throw new Error(typed);
                      if (!dayjs.isDayjs(v)) return;
                      const p = policies.data?.find((x) => x.id === getFieldValue('policyId'));
                      const r = getFieldValue('reportedAt') as TypedTime;
                      const problem = accidentTimeProblem(v, p, dayjs.isDayjs(r) ? r : undefined);
                      if (problem) throw new Error(problem);
                    },
                  }),
                ]}
              >
                <TimeField
                  style={{ width: '100%' }}
                  disabledDate={afterChinaToday}
                  placeholder="事故发生的时间"
                />
              </Form.Item>
            </Col>
            {insurer ? (
              <Col xs={24} md={12}>
                <Form.Item
                  name="reportedAt"
                  label="报案时间"
                  extra="企业来电或来函报案的时间"
                  rules={[
                    { required: true, message: '请选择报案时间' },
                    {
                      validator: async (_: unknown, v: TypedTime) => {
                        const typed = typedTimeProblem(v, '报案时间');
                        if (typed) throw new Error(typed);
                        if (dayjs.isDayjs(v) && v.isAfter(dayjs()))
                          throw new Error('报案时间不能晚于当前时间');
                      },
                    },
                  ]}
                >
                  <TimeField style={{ width: '100%' }} disabledDate={afterChinaToday} />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
          {late && deadline !== undefined ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="late-report-warning"
              message={`距出险已超过${hoursText(deadline)}的报案时限，本次报案将标记为逾期报案。`}
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="accidentDistrictCode"
                label="出险地点（区县）"
                rules={[{ required: true, message: '请选择出险区县' }]}
              >
                <Select
                  placeholder={`江苏省${CITY_NAME}`}
                  options={DISTRICTS.map((d) => ({ value: d.value, label: `${CITY_NAME}${d.label}` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="accidentAddress"
                label="详细地点"
                rules={[
                  { required: true, whitespace: true, message: '请输入出险地点' },
                  { min: 2, max: 300, message: '出险地点为2-300个字' },
                ]}
              >
                <Input maxLength={300} placeholder="乡镇、道路、厂区、车间或工地位置" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item
                name="deaths"
                label="死亡人数"
                rules={[
                  { required: true, message: '请输入死亡人数' },
                  numberRule('死亡人数', FIELD_RANGES.casualties),
                ]}
              >
                <InputNumber style={{ width: '100%' }} suffix="人" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="injuries"
                label="受伤人数"
                rules={[
                  { required: true, message: '请输入受伤人数' },
                  numberRule('受伤人数', FIELD_RANGES.casualties),
                ]}
              >
                <InputNumber style={{ width: '100%' }} suffix="人" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="accidentDesc"
            label="出险经过"
            rules={[
              { required: true, whitespace: true, message: '请描述出险经过（至少5个字）' },
              { min: 5, max: 2000, message: '出险经过为5-2000个字' },
            ]}
          >
            <Input.TextArea
              rows={4}
              maxLength={2000}
              showCount
              placeholder="事故发生的经过、原因初判、伤亡和损失情况、已采取的救援措施"
            />
          </Form.Item>
          <Form.Item name="files" label="现场照片" extra="jpg、png、gif 图片，每张不超过20M，最多10张">
            <ImageUpload size={10} />
          </Form.Item>
          <Space>
            <Action permission="claim.add">
              <Button type="primary" htmlType="submit" loading={sending}>
                提交报案
              </Button>
            </Action>
            <Button onClick={() => navigate(paths.manage)}>返回</Button>
          </Space>
          {policies.isError ? (
            <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
              保单加载失败，请刷新重试
            </Typography.Paragraph>
          ) : null}
        </Form>
      )}
    </Card>
  );
}
