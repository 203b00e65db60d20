import type { Generated } from 'kysely';
import type { Audit, InsJson, NullableTimestamp } from '../columns.ts';

/** The service organisation and expert pool (0023_pool; domain 2.3, 2.4). */

/** A qualification certificate of an expert. validTo is a China calendar day 'YYYY-MM-DD'. */
export interface ExpertCertificateJson {
  type: string;
  no: string;
  validTo: string | null;
  fileId: string | null;
}

/** Profile of a sys_org of type 'service' (one row per organisation). */
export interface SvServiceOrgTable extends Audit {
  orgId: number;
  licenceFileId: string | null;
  address: Generated<string>;
  /** Service item codes 01–07. */
  serviceItems: InsJson<string[]>;
  itemOther: Generated<string>;
  /** Work-safety industry codes. */
  industries: InsJson<string[]>;
  /** District codes served. */
  regionCodes: InsJson<string[]>;
  legalName: Generated<string>;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  legalPhoneEnc: Generated<string>;
  safetyName: Generated<string>;
  safetyPhoneEnc: Generated<string>;
  certType: Generated<string>;
  certNo: Generated<string>;
  certValidFrom: string | null;
  certExpiry: string | null;
  certFileId: string | null;
  staffCount: Generated<number>;
  intro: Generated<string>;
}

/** One expert / technical staff member of the pool (domain 2.4). */
export interface SvExpertTable extends Audit {
  id: Generated<number>;
  userId: number | null;
  orgId: number | null;
  /** 1 自有 (01) / 2 外聘 (02). */
  staffType: Generated<number>;
  name: string;
  idType: Generated<string>;
  idNoEnc: string;
  idNoHash: string;
  idNoMask: string;
  /** SM4 ciphertext of the mobile; mobileHash its blind index (platform/pii.ts; migration 0035). */
  mobileEnc: string;
  mobileHash: string;
  title: Generated<string>;
  education: Generated<string>;
  major: Generated<string>;
  employer: Generated<string>;
  years: Generated<number>;
  districtCode: string | null;
  serviceItems: InsJson<string[]>;
  industries: InsJson<string[]>;
  certificates: InsJson<ExpertCertificateJson[]>;
  /** The earliest validTo of the certificates (YYYY-MM-DD), for the expiry flag. */
  certExpiry: string | null;
  /** 1 active / 2 suspended. */
  status: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface PoolTables {
  svServiceOrg: SvServiceOrgTable;
  svExpert: SvExpertTable;
}
