import { App, Button, Form, Space } from 'antd';
import { useState } from 'react';
import { Action } from '../../platform/access.tsx';
import { partialPayoutText } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { type ClaimDetail, type ClaimStepNo, claimApi } from './api.ts';
import {
  assessmentProblem,
  fromCents,
  payoutGapAfter,
  payoutProblem,
  payoutStateOf,
  stepActionLabel,
  sumCents,
  unpaidByCategory,
  yuan,
} from './model.ts';
import { CloseFields, PayoutFields, WithdrawFields } from './step-payout.tsx';
import { AdvanceFields, AssessFields, RegisterFields, SurveyFields } from './step-sections.tsx';
import {
  buildStepBody,
  closeShortfall,
  initialValues,
  lossItems,
  type StepFormValues,
} from './step-values.ts';

export interface StepFormProps {
  claim: ClaimDetail;
  step: ClaimStepNo;
  onDone: (message: string) => void;
  onCancel: () => void;
  /** The claim changed meanwhile (409): reload it before handling again. */
  onStale?: () => void;
}

/**
 * The form of one claim step (2 withdraw … 8 close) with the step's fields and the server's checks;
 * sends /api/claim/step with the claim's version. Withdrawing and closing ask for confirmation.
 */
export function StepForm({ claim, step, onDone, onCancel, onStale }: StepFormProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<StepFormValues>();
  const [sending, setSending] = useState(false);

  const send = async (values: StepFormValues, partial = false) => {
    const body = buildStepBody(step, values, partial);
    setSending(true);
    try {
      const res = await claimApi.step({ ...body, id: claim.id, version: claim.version });
      onDone(res.message || '办理成功');
    } catch (e) {
      // The API client has shown the server's message; a stale version means someone else handled it.
      if (isApiError(e) && e.code === 'STALE_VERSION') onStale?.();
    } finally {
      setSending(false);
    }
  };

  const onFinish = (values: StepFormValues) => {
    if (step === 6) {
      const problem = assessmentProblem(lossItems(values.losses), claim);
      if (problem) {
        form.setFields([{ name: 'total', errors: [problem] }]);
        return;
      }
    }
    if (step === 7) {
      const problem = payoutProblem(
        { persons: values.persons ?? [], properties: values.properties ?? [], fees: values.fees ?? [] },
        claim,
      );
      if (problem) {
        form.setFields([{ name: 'total', errors: [problem] }]);
        return;
      }
      // Paying less than what is assessed and unpaid is a decision, not a forgotten line: confirm it.
      const parts = { persons: values.persons, properties: values.properties, fees: values.fees };
      const total =
        sumCents(values.persons ?? []) + sumCents(values.properties ?? []) + sumCents(values.fees ?? []);
      if (payoutGapAfter(claim, total) > 0) {
        const left = unpaidByCategory(claim, parts);
        modal.confirm({
          title: '确认部分赔付？',
          content: (
            <div data-testid="partial-payout-confirm">
              <p>{partialPayoutText(payoutStateOf(claim), fromCents(total))}。</p>
              {left.length ? (
                <p>未赔付：{left.map((l) => `${l.label} ${yuan(l.amount)} 元`).join('，')}。</p>
              ) : null}
              <p>确认后差额可在结案前“继续赔付”；如是漏填，请取消并补全赔付明细。</p>
            </div>
          ),
          okText: '确认部分赔付',
          cancelText: '返回修改',
          onOk: () => send(values, true),
        });
        return;
      }
    }
    if (step === 2 || step === 8) {
      const shortfall = step === 8 ? closeShortfall(claim, values.closeType) : null;
      modal.confirm({
        title: step === 2 ? '确定撤案吗？' : '确定结案吗？',
        content:
          step === 2 ? (
            '撤案后案件终止，不能恢复。'
          ) : (
            <div data-testid="close-confirm">
              {shortfall ? <p>{shortfall}，结案后不能再赔付。</p> : null}
              <p>结案后案件不能再办理任何环节。</p>
            </div>
          ),
        okText: step === 2 ? '确定撤案' : '确定结案',
        cancelText: '取消',
        onOk: () => send(values),
      });
      return;
    }
    void send(values);
  };

  return (
    <Form<StepFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues(step, claim)}
      onFinish={onFinish}
      onValuesChange={() => form.setFields([{ name: 'total', errors: [] }])}
      data-testid={`step-form-${step}`}
      scrollToFirstError
    >
      {step === 2 ? <WithdrawFields claim={claim} /> : null}
      {step === 3 ? <RegisterFields claim={claim} /> : null}
      {step === 4 ? <AdvanceFields claim={claim} /> : null}
      {step === 5 ? <SurveyFields claim={claim} /> : null}
      {step === 6 ? <AssessFields claim={claim} /> : null}
      {step === 7 ? <PayoutFields claim={claim} /> : null}
      {step === 8 ? <CloseFields claim={claim} /> : null}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>取消</Button>
        <Action permission="claim.edit">
          <Button type="primary" htmlType="submit" loading={sending} danger={step === 2}>
            提交{stepActionLabel(step, claim)}
          </Button>
        </Action>
      </Space>
    </Form>
  );
}
