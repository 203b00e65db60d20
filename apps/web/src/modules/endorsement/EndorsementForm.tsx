import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AttachmentIdsUpload,
  chinaToday,
  newIdempotencyKey,
  numberRule,
  wan,
  yuan,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  ENDORSEMENT_TYPES,
  MONEY_MAX,
  moneyRange,
  OPERATING_STATUS,
  openEndorsementMessage,
  optionLabel,
  periodChangeProblems,
} from '../../platform/contracts.ts';
import '../../components/nowrap.css';
import {
  DEFAULT_RULES,
  medicalLimitRule,
  oneYearEnd,
  PATHS,
  type PolicyRules,
  periodProblems,
  perPersonLimitRule,
  policyApi,
  policyAttachmentProblem,
} from '../policy/index.ts';
import { type EndorsementBody, type EndorsementRow, endorsementApi } from './api.ts';
import { ChangeTable } from './EndorsementContent.tsx';
import {
  changeOf,
  D,
  type EndorsementFormValues,
  preview,
  rosterProblems,
  TYPE_HELP,
} from './form-values.ts';
import { RosterTable } from './RosterTable.tsx';
import { endorsementProblems, proratedPremium } from './rules.ts';

/**
 * 批改申请: the enterprise picks one of its issued, unexpired policies and an endorsement type, fills
 * what that type changes (a roster for persons, new values for information, limits or period), sees
 * the before/after values and the premium change, and applies. The issuing insurer reviews.
 */
export function EndorsementForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [policyId, setPolicyId] = useState<number | undefined>(Number(params.get('policyId')) || undefined);
  const rulesQ = useQuery({ queryKey: ['policy', 'rules'], queryFn: policyApi.rules, staleTime: 60_000 });
  const rules: PolicyRules = rulesQ.data ?? DEFAULT_RULES;
  const today = rules.today || chinaToday();
  const candidates = useQuery({
    queryKey: ['policy', 'list', 'endorsable'],
    queryFn: () => policyApi.list({ pageNo: 1, pageSize: 100, state: 'issued' }),
  });
  // The enterprise's open endorsements (one at a time per policy): marked in the selector.
  const openList = useQuery({
    queryKey: ['endorsement', 'list', 'open'],
    queryFn: async () => {
      const [applied, awaiting] = await Promise.all(
        (['applied', 'awaiting'] as const).map((status) =>
          endorsementApi.list({ pageNo: 1, pageSize: 100, status }),
        ),
      );
      return [...(applied?.list ?? []), ...(awaiting?.list ?? [])];
    },
  });
  const openByPolicy = new Map<number, EndorsementRow>((openList.data ?? []).map((e) => [e.policyId, e]));
  const mine = useQuery({ queryKey: ['enterprise', 'mine'], queryFn: policyApi.myEnterprise });
  const detail = useQuery({
    queryKey: ['policy', 'detail', policyId],
    queryFn: () => policyApi.detail(policyId!),
    enabled: policyId !== undefined,
  });
  const p = detail.data;
  // The policy's open endorsement: from its detail (authoritative), else from the list.
  const pending =
    p?.openEndorsement ??
    (policyId !== undefined && openByPolicy.has(policyId)
      ? (({ id, endorsementNo, status, effectiveDate }) => ({ id, endorsementNo, status, effectiveDate }))(
          openByPolicy.get(policyId)!,
        )
      : null);
  const [form] = Form.useForm<EndorsementFormValues>();
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const endorsable = (candidates.data?.list ?? []).filter(
    (x) => x.status === 'approved' && x.endDate >= today,
  );

  useEffect(() => {
    if (!p) return;
    const eff = p.startDate > today ? p.startDate : today;
    form.setFieldsValue({
      effectiveDate: dayjs(eff),
      holderName: p.holderName,
      address: p.address,
      wsIndustryCode: p.wsIndustryCode,
      gbIndustryCode: p.gbIndustryCode,
      perPersonLimit: p.perPersonLimit,
      medicalLimit: p.medicalLimit,
      startDate: dayjs(p.startDate),
      endDate: dayjs(p.endDate),
    });
  }, [p, form, today]);

  const watched = Form.useWatch([], form) as Partial<EndorsementFormValues> | undefined;
  const v = watched ?? {};
  const type = v.type ?? '01';
  const change = useMemo(() => (p ? changeOf(type, v, p) : {}), [p, type, v]);
  const delta = Number(v.premiumDelta) || 0;
  const pv = p ? preview(type, change, delta, p) : { before: {}, after: {} };
  const periodProblemsOf06 =
    p && type === '06' && v.effectiveDate?.format
      ? periodChangeProblems({
          startDate: p.startDate,
          endDate: p.endDate,
          newStart: change.startDate ?? p.startDate,
          newEnd: change.endDate ?? p.endDate,
          effectiveDate: v.effectiveDate.format(D),
          appliedOn: today,
        })
      : [];
  const problems = p
    ? [
        ...endorsementProblems(type, {
          headcountBefore: p.headcount,
          headcountAfter: change.headcount,
          personsIn: change.roster?.filter((r) => r.direction === 'in').length ?? 0,
          personsOut: change.roster?.filter((r) => r.direction === 'out').length ?? 0,
          premiumDelta: delta,
          premiumBefore: p.premium,
          effectiveDate: v.effectiveDate?.format?.(D),
          policyStart: p.startDate,
          policyEnd: p.endDate,
          operatingStatus: mine.data?.operatingStatus,
        }),
        ...periodProblemsOf06,
      ]
    : [];
  const persons = type === '01' || type === '02' ? (change.roster?.length ?? 0) : 0;
  const suggested =
    p && persons && v.effectiveDate?.format
      ? proratedPremium(p, persons, v.effectiveDate.format(D)) * (type === '02' ? -1 : 1)
      : 0;

  const submit = async () => {
    if (!p) return;
    let vals: EndorsementFormValues;
    try {
      vals = await form.validateFields();
    } catch {
      return;
    }
    const c = changeOf(vals.type, { ...v, ...vals }, p);
    const extra: string[] = [];
    if (vals.type === '01' || vals.type === '02' || vals.type === '03')
      extra.push(...rosterProblems(c.roster));
    if (vals.type === '04' && Object.keys(c).length === 0) extra.push('请填写要变更的投保人信息');
    if (vals.type === '05' && Object.keys(c).length === 0) extra.push('请填写变更后的限额');
    const all = [...problems, ...extra];
    if (all.length) {
      message.error(all[0]);
      return;
    }
    const body: EndorsementBody = {
      policyId: p.id,
      policyVersion: p.version,
      type: vals.type,
      reason: (vals.reason ?? '').trim(),
      effectiveDate: vals.effectiveDate!.format(D),
      change: c,
      premiumDelta: vals.premiumDelta ?? 0,
      attachments: vals.attachments ?? [],
    };
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    setBusy(true);
    try {
      const res = await endorsementApi.add(body, attempt.current.key);
      attempt.current = null;
      await qc.invalidateQueries({ queryKey: ['endorsement'] });
      await qc.invalidateQueries({ queryKey: ['policy'] });
      message.success(res.message || '批改申请已提交');
      navigate(`${PATHS.entEndorseDetail}?id=${res.data.id}`);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  if (candidates.isLoading || rulesQ.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  return (
    <Card variant="borderless" title="批改申请">
      <Form<EndorsementFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          type: '01',
          premiumDelta: 0,
          personsIn: [{ idType: '01' }],
          personsOut: [],
          attachments: [],
        }}
        onValuesChange={(changed) => {
          if (changed.type) {
            form.setFieldsValue({
              personsIn: changed.type === '01' || changed.type === '03' ? [{ idType: '01' }] : [],
              personsOut: changed.type === '02' || changed.type === '03' ? [{ idType: '01' }] : [],
              premiumDelta: 0,
            });
          }
          if (changed.startDate)
            form.setFieldValue('endDate', dayjs(oneYearEnd(changed.startDate.format(D))));
          // A repeat fixed in one row clears the stale "重复" error of the other row too.
          if (changed.personsIn || changed.personsOut) {
            const stale = form
              .getFieldsError()
              .filter((e) => e.errors.length && e.name[e.name.length - 1] === 'idNo')
              .map((e) => e.name);
            if (stale.length) void form.validateFields(stale).catch(() => undefined);
          }
        }}
      >
        <Form.Item label="批改保单" required>
          <Select
            value={policyId}
            placeholder={endorsable.length ? '请选择已出单且未到期的保单' : '没有可批改的保单'}
            onChange={(id) => setPolicyId(id)}
            options={endorsable.map((x) => {
              const open = openByPolicy.get(x.id);
              const text = `${x.policyNo ?? x.applicationNo}（${x.startDate} 至 ${x.endDate}，${x.stateLabel}）`;
              return {
                value: x.id,
                label: open ? (
                  <span data-testid={`policy-option-open-${x.id}`}>
                    {text}{' '}
                    <Typography.Text type="warning">
                      [{open.status === 'applied' ? '有待审核的批改' : '有待生效的批改'} {open.endorsementNo}]
                    </Typography.Text>
                  </span>
                ) : (
                  text
                ),
                title: open ? `${text}：${openEndorsementMessage(open)}` : text,
              };
            })}
            notFoundContent={<Empty description="没有已出单且未到期的保单" />}
          />
        </Form.Item>
        {detail.isLoading ? <Skeleton active /> : null}
        {p ? (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="出单机构">{p.insurerName}</Descriptions.Item>
              <Descriptions.Item label="保险期间">
                {p.startDate} 至 {p.endDate}
              </Descriptions.Item>
              <Descriptions.Item label="参保人数">{p.headcount} 人</Descriptions.Item>
              <Descriptions.Item label="每人死亡伤残限额">{yuan(p.perPersonLimit)}</Descriptions.Item>
              <Descriptions.Item label="保额">{wan(p.perAccidentLimit)}</Descriptions.Item>
              <Descriptions.Item label="实收保费">{yuan(p.premium)}</Descriptions.Item>
            </Descriptions>
            {p.actions.endorse ? null : (
              <Alert
                type="warning"
                showIcon
                message="该保单当前不能申请批改（须为已出单且未到期的保单）"
                style={{ marginBottom: 16 }}
              />
            )}
            {pending ? (
              <Alert
                type="warning"
                showIcon
                data-testid="pending-endorsement"
                style={{ marginBottom: 16 }}
                message={openEndorsementMessage(pending)}
                description={
                  <span>
                    查看该批改：
                    <Typography.Link
                      className="aq-nowrap"
                      onClick={() => navigate(`${PATHS.entEndorseDetail}?id=${pending.id}`)}
                    >
                      {pending.endorsementNo}
                    </Typography.Link>
                    {pending.status === 'applied' ? '（待审核的申请可在详情中撤回）' : ''}
                  </span>
                }
              />
            ) : null}
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="type"
                  label="批改类型"
                  rules={[{ required: true, message: '请选择批改类型' }]}
                >
                  <Select options={ENDORSEMENT_TYPES} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="effectiveDate"
                  label="批改生效日期"
                  rules={[
                    { required: true, message: '请选择批改生效日期' },
                    {
                      validator: async (_, d?: Dayjs) => {
                        const s = d?.format(D);
                        if (s && (s < p.startDate || s > p.endDate))
                          throw new Error(`批改生效日期须在保险期间内（${p.startDate} 至 ${p.endDate}）`);
                      },
                    },
                  ]}
                >
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Paragraph type="secondary">{TYPE_HELP[type]}</Typography.Paragraph>
            {type === '08' && mine.data?.operatingStatus === 1 ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                message={`本企业经营状态为“${optionLabel(OPERATING_STATUS, 1)}”，不能退保`}
                description="仅依法关闭取缔或全面停产停业的企业可申请注销。经营状态须由属地监管部门核实后变更，企业不能自行修改：如企业已关闭或停产，请联系属地监管部门核实并变更经营状态后再申请。"
              />
            ) : null}

            {(type === '02' || type === '03') && (p.personCount ?? 0) === 0 ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message="本保单尚未登记参保人员名单"
                description="减人、换人只能减少已登记在本保单参保人员名单中的人员（经加人批改登记）；请先通过加人批改登记人员。"
              />
            ) : null}
            {type === '01' ? (
              <RosterTable
                name="personsIn"
                title="新增人员名单"
                policyId={p.id}
                registered={p.personCount ?? 0}
              />
            ) : null}
            {type === '02' ? (
              <RosterTable
                name="personsOut"
                title="减少人员名单"
                policyId={p.id}
                registered={p.personCount ?? 0}
              />
            ) : null}
            {type === '03' ? (
              <Row gutter={24}>
                <Col xs={24} xl={12}>
                  <RosterTable
                    name="personsOut"
                    title="换出人员名单"
                    policyId={p.id}
                    registered={p.personCount ?? 0}
                  />
                </Col>
                <Col xs={24} xl={12}>
                  <RosterTable
                    name="personsIn"
                    title="换入人员名单"
                    policyId={p.id}
                    registered={p.personCount ?? 0}
                  />
                </Col>
              </Row>
            ) : null}
            {type === '01' || type === '02' || type === '03' ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                证件号码用于核验人员身份，提交后加密保存，页面只显示脱敏号码；本保单已登记参保人员{' '}
                {p.personCount ?? 0} 人；批改后参保人数：
                <Typography.Text strong data-testid="headcount-after">
                  {change.headcount ?? p.headcount} 人
                </Typography.Text>
              </Typography.Paragraph>
            ) : null}

            {type === '04' ? (
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="holderName"
                    label="投保人名称"
                    rules={[{ min: 4, max: 100, message: '名称须为4-100个字' }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="address"
                    label="地址"
                    rules={[{ min: 2, max: 300, message: '地址须为2-300个字' }]}
                  >
                    <Input maxLength={300} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="wsIndustryCode"
                    label="安全生产行业领域代码"
                    rules={[
                      {
                        pattern: /^\s*AQ(\d{2}){1,4}\s*$/i,
                        message: '安全生产行业领域代码格式不正确，如 AQ0201',
                      },
                    ]}
                  >
                    <Input maxLength={12} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="gbIndustryCode"
                    label="国民经济行业代码"
                    rules={[
                      {
                        pattern: /^\s*[A-Ta-t](\d{2}|\d{3}|\d{4})?\s*$/,
                        message: '国民经济行业代码格式不正确，如 C2614（GB/T 4754-2017）',
                      },
                    ]}
                  >
                    <Input maxLength={5} />
                  </Form.Item>
                </Col>
              </Row>
            ) : null}
            {type === '05' ? (
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="perPersonLimit"
                    label="变更后每人死亡伤残责任限额（元）"
                    rules={[
                      numberRule('每人死亡伤残责任限额', moneyRange({ positive: true })),
                      perPersonLimitRule(rules.minPerPersonLimit),
                    ]}
                  >
                    <InputNumber style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="medicalLimit"
                    label="变更后每人医疗费用限额（元）"
                    dependencies={['perPersonLimit']}
                    rules={[numberRule('每人医疗费用限额', moneyRange()), medicalLimitRule]}
                  >
                    <InputNumber style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            ) : null}
            {type === '06' ? (
              <Row gutter={16}>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="startDate"
                    label="变更后保险起期"
                    rules={[{ required: true, message: '请选择保险起期' }]}
                  >
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="endDate"
                    label="变更后保险止期"
                    dependencies={['startDate']}
                    rules={[
                      { required: true, message: '请选择保险止期' },
                      {
                        validator: async (_, d?: Dayjs) => {
                          const s = form.getFieldValue('startDate') as Dayjs | undefined;
                          const pr = periodProblems(s?.format(D), d?.format(D));
                          if (pr.length) throw new Error(pr[0]);
                        },
                      },
                    ]}
                  >
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            ) : null}

            <Divider />
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="premiumDelta"
                  label="保费变化（元，加收为正、退还为负）"
                  rules={[
                    { required: true, message: '请输入保费变化，无变化填0' },
                    numberRule('保费变化', moneyRange({ min: -MONEY_MAX })),
                  ]}
                  extra={
                    suggested ? (
                      <Typography.Link onClick={() => form.setFieldValue('premiumDelta', suggested)}>
                        按日折算：{yuan(suggested)}，点击填入
                      </Typography.Link>
                    ) : undefined
                  }
                >
                  <InputNumber style={{ width: '100%' }} disabled={type === '03'} />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item
                  name="reason"
                  label="批改原因"
                  rules={[
                    { required: true, whitespace: true, message: '请填写批改原因' },
                    { min: 2, max: 300, message: '批改原因须为2-300个字' },
                  ]}
                >
                  <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="attachments"
              label="附件"
              extra="人员名单、劳动合同、营业执照变更证明等，PDF 或图片"
            >
              <AttachmentIdsUpload max={10} check={policyAttachmentProblem} label="上传附件（PDF/图片）" />
            </Form.Item>
            <Typography.Title level={5}>批改前后对比</Typography.Title>
            <ChangeTable before={pv.before} after={pv.after} />
            {problems.length ? (
              <Alert type="warning" showIcon style={{ marginTop: 16 }} message={problems.join('；')} />
            ) : null}
            <Space style={{ marginTop: 16 }}>
              <Action permission="endorsement.add">
                <Button
                  type="primary"
                  loading={busy}
                  onClick={submit}
                  disabled={!p.actions.endorse || pending !== null}
                >
                  提交批改申请
                </Button>
              </Action>
              <Button onClick={() => navigate(PATHS.entEndorseManage)}>取消</Button>
            </Space>
          </>
        ) : null}
      </Form>
    </Card>
  );
}
