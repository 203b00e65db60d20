/**
 * Calls of the endorsement screens (apps/server/src/modules/endorsement) and the shapes they answer.
 */
import type {
  AttachmentFile,
  EndorsementRow,
  endorsementChange,
  endorsementInput,
  endorsementListQuery,
  endorsementPersonInput,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

/** What the calls answer, declared once in packages/contracts (insurance-views.ts). */
export type { EndorsementRow } from '@aqzrx/contracts';

/** One person of an endorsement roster as sent (full ID number; the server stores it encrypted). */
export type RosterEntryBody = z.input<typeof endorsementPersonInput>;

/** One roster person as the server shows it: the ID number masked (110105********002X). */
export interface RosterEntryView {
  direction: 'in' | 'out';
  name: string;
  idType: string;
  idTypeLabel: string;
  idNo: string;
  position: string;
}

/** The changed values an endorsement asks for (contracts endorsementChange). */
export type EndorsementChangeBody = z.input<typeof endorsementChange>;

export interface EndorsementDetail extends EndorsementRow {
  change: EndorsementChangeBody;
  /** Empty for endorsements applied with names only. */
  roster?: RosterEntryView[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  attachments: string[];
  attachmentFiles?: AttachmentFile[];
  policyVersion: number;
  /** When the enterprise withdrew it (status withdrawn). */
  withdrawnAt?: string | null;
  actions: { review: boolean; withdraw?: boolean };
}

/** Body of /api/endorsement/add (contracts endorsementInput). */
export type EndorsementBody = z.input<typeof endorsementInput>;

type Params = Record<string, string | number | boolean | undefined>;

export const endorsementApi = {
  list: (q: z.input<typeof endorsementListQuery>) =>
    fetchData<{ page: PageResult<EndorsementRow> }>('/endorsement/list', {
      params: q as unknown as Params,
    }).then((d) => d.page),
  detail: (id: number) => fetchData<EndorsementDetail>('/endorsement/detail', { params: { id } }),
  add: (body: EndorsementBody, key: string) => postWithMessage<{ id: number }>('/endorsement/add', body, key),
  review: (body: { id: number; version: number; approve: boolean; remark: string }) =>
    postWithMessage<{ id: number; version: number; policyVersion: number | null }>(
      '/endorsement/review',
      body,
    ),
  withdraw: (body: { id: number; version: number }) =>
    postWithMessage<{ id: number; version: number }>('/endorsement/withdraw', body),
};
