import type { TrainingMode, TrainingSignUpStatus, TrainingStatus } from '@aqzrx/contracts';
import type { Generated } from 'kysely';
import type { Audit, Json, NullableTimestamp, Timestamp } from '../columns.ts';

/** Training sessions and sign-ups (0020_prevention_activity). */
export interface ApTrainingTable extends Audit {
  id: Generated<number>;
  publisherOrgId: number;
  publisherType: 'insurer' | 'service' | 'expert';
  topic: string;
  mode: TrainingMode;
  startsAt: Timestamp;
  endsAt: Timestamp;
  place: Generated<string>;
  onlineLink: Generated<string>;
  capacity: number;
  /** Comma list of district codes. */
  targetDistricts: string;
  /** Comma list of top-level work-safety industries; '' = every industry. */
  targetIndustries: Generated<string>;
  description: Generated<string>;
  contactName: Generated<string>;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  contactPhoneEnc: Generated<string>;
  materials: Json<string[]>;
  photos: Json<string[]>;
  summary: Generated<string>;
  status: Generated<TrainingStatus>;
  recordedAt: NullableTimestamp;
  recordedBy: number | null;
  cancelReason: Generated<string>;
  cancelledAt: NullableTimestamp;
}

export interface ApTrainingSignupTable extends Audit {
  id: Generated<number>;
  trainingId: number;
  enterpriseId: number;
  participants: number;
  contactName: Generated<string>;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  contactPhoneEnc: Generated<string>;
  remark: Generated<string>;
  status: Generated<TrainingSignUpStatus>;
  signedAt: Timestamp;
  cancelledAt: NullableTimestamp;
  attended: boolean | null;
  attendeeCount: number | null;
}

export interface TrainingTables {
  apTraining: ApTrainingTable;
  apTrainingSignup: ApTrainingSignupTable;
}
