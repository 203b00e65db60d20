import { useQueryClient } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { CLAIM_KEY, type ClaimDetail, type ClaimStepNo } from './api.ts';
import { stepActionLabel } from './model.ts';
import { StepForm } from './StepForm.tsx';

/** A step form in a dialog; on success shows the server's message and reloads every claim query. */
export function StepModal({
  claim,
  step,
  onClose,
}: {
  claim: ClaimDetail;
  step: ClaimStepNo | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <Modal
      open={step !== null}
      title={step ? `${stepActionLabel(step, claim)} — 报案号 ${claim.reportNo}` : ''}
      onCancel={onClose}
      footer={null}
      width={step === 7 ? 960 : 760}
      destroyOnHidden
      maskClosable={false}
    >
      {step ? (
        <StepForm
          claim={claim}
          step={step}
          onCancel={onClose}
          onStale={async () => {
            onClose();
            await queryClient.invalidateQueries({ queryKey: [CLAIM_KEY] });
          }}
          onDone={async (text) => {
            message.success(text);
            onClose();
            await queryClient.invalidateQueries({ queryKey: [CLAIM_KEY] });
          }}
        />
      ) : null}
    </Modal>
  );
}
