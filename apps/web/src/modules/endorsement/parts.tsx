import { Tag } from 'antd';
import { ENDORSEMENT_STATUS } from '../../platform/contracts.ts';

export function EndorsementStatusTag({ status }: { status: string }) {
  const o = ENDORSEMENT_STATUS.find((s) => s.value === status);
  return <Tag color={o?.color}>{o?.label ?? status}</Tag>;
}
