import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { Action } from '../../platform/access.tsx';
import { CLAIM_PHASES } from '../../platform/contracts.ts';
import type { ClaimDetail, ClaimStepNo } from './api.ts';
import { ClaimPage } from './ClaimPage.tsx';
import { INSURER_PATHS, offeredSteps, payoutGapAfter, stepActionLabel, stepOption, yuan } from './model.ts';
import { ClaimView } from './parts.tsx';
import { StepModal } from './StepModal.tsx';

const HINTS: Partial<Record<ClaimStepNo, string>> = {
  3: '受理报案并立案，确定事故类型、等级和估损金额',
  4: '立案后可随时预付、垫付或快付可确定的部分',
  5: '记录现场查勘，可多次查勘',
  6: '逐项核定损失，定损前后均可预付',
  7: '按定损结果赔付伤亡人员、财产和各项费用',
  8: '选择结案类型结案',
  2: '撤销报案（仅限尚未付款的案件）',
};

/** The hint of a step on this claim (a claim paid in part says what is unpaid). */
function hintOf(s: ClaimStepNo, claim: ClaimDetail): string | undefined {
  if (claim.phase === 'paid') {
    const gap = payoutGapAfter(claim, 0);
    if (s === 7 && gap > 0) return `尚有${yuan(gap)}元定损金额未赔付，可继续赔付`;
    if (s === 8 && gap > 0) return '按已赔付金额结案须在备注中说明未赔付差额的原因';
  }
  return HINTS[s];
}

/** The steps the state machine allows now, as buttons (only these are offered). */
export function HandlingBar({ claim, onPick }: { claim: ClaimDetail; onPick: (s: ClaimStepNo) => void }) {
  const steps = offeredSteps(claim, 'insurer');
  const ended = claim.phase === 'closed' || claim.phase === 'withdrawn';
  return (
    <Card title="办理" size="small" data-testid="claim-handling">
      {steps.length ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {steps.map((s) => (
              <Action key={s} name="edit">
                <Button
                  type={s === steps[0] ? 'primary' : 'default'}
                  danger={s === 2}
                  style={
                    s !== steps[0] && s !== 2
                      ? { borderColor: stepOption(s)?.color, color: stepOption(s)?.color }
                      : undefined
                  }
                  onClick={() => onPick(s)}
                  title={hintOf(s, claim)}
                >
                  {stepActionLabel(s, claim)}
                </Button>
              </Action>
            ))}
          </Space>
          <Typography.Text type="secondary">
            {steps
              .map((s) => hintOf(s, claim))
              .filter(Boolean)
              .join('；')}
          </Typography.Text>
        </Space>
      ) : (
        <Alert
          type={ended ? 'success' : 'info'}
          showIcon
          message={
            ended
              ? `案件${CLAIM_PHASES.label(claim.phase)}，没有可办理的环节`
              : '只有主承保险机构可以办理该案件，共保机构只能查看'
          }
        />
      )}
    </Card>
  );
}

/**
 * 编辑理赔 (insurer): handle a claim — register, advance/fast pay any time after registering, on-site
 * survey (repeatable), loss assessment, payout and close — offering only what the state machine allows.
 */
export function ClaimEdit() {
  const [step, setStep] = useState<ClaimStepNo | null>(null);
  return (
    <ClaimPage back={INSURER_PATHS.manage}>
      {(claim) => (
        <>
          <ClaimView claim={claim} extra={<HandlingBar claim={claim} onPick={setStep} />} />
          <StepModal claim={claim} step={step} onClose={() => setStep(null)} />
        </>
      )}
    </ClaimPage>
  );
}
