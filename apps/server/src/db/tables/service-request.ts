import type { ServiceRequestStatus } from '@aqzrx/contracts';
import type { Generated } from 'kysely';
import type { Audit, DateOnly, NullableDateOnly, NullableTimestamp } from '../columns.ts';

/** Enterprises' service requests to their insurer (0020_prevention_activity). */
export interface ApServiceRequestTable extends Audit {
  id: Generated<number>;
  enterpriseId: number;
  policyId: number;
  insurerId: number;
  districtCode: string;
  item: string;
  description: string;
  wishedFrom: DateOnly;
  wishedTo: NullableDateOnly;
  contactName: Generated<string>;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  contactPhoneEnc: Generated<string>;
  status: Generated<ServiceRequestStatus>;
  answerRemark: Generated<string>;
  answeredAt: NullableTimestamp;
  answeredBy: number | null;
  /** The service plan made from it (no foreign key: the plan table is the prevention module's). */
  planId: number | null;
  scheduledAt: NullableTimestamp;
  withdrawnAt: NullableTimestamp;
}

export interface ServiceRequestTables {
  apServiceRequest: ApServiceRequestTable;
}
