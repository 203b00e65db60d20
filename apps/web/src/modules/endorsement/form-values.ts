import type { Dayjs } from 'dayjs';
import { rosterProblems as rosterLineProblems } from '../../platform/contracts.ts';
import '../../components/nowrap.css';
import { type PolicyDetail, perAccidentLimit } from '../policy/index.ts';
import type { EndorsementBody, EndorsementChangeBody, RosterEntryBody } from './api.ts';
import type { RosterPerson } from './rules.ts';

export const D = 'YYYY-MM-DD';

export interface EndorsementFormValues {
  type: EndorsementBody['type'];
  reason?: string;
  effectiveDate?: Dayjs;
  premiumDelta?: number;
  personsIn: RosterPerson[];
  personsOut: RosterPerson[];
  holderName?: string;
  address?: string;
  wsIndustryCode?: string;
  gbIndustryCode?: string;
  perPersonLimit?: number;
  medicalLimit?: number;
  startDate?: Dayjs;
  endDate?: Dayjs;
  attachments: string[];
}

export const TYPE_HELP: Record<string, string> = {
  '01': '新增从业人员参保：填写新增人员名单，参保人数随之增加，按日折算加收保费。',
  '02': '人员离职等减少参保人员：填写减少人员名单，参保人数随之减少，按日折算退还保费。',
  '03': '等量替换参保人员：换入、换出人数须相同，不涉及保费变化。',
  '04': '投保人名称、地址、行业等信息变更，只填写需要变更的项目。',
  '05': '变更每人死亡伤残责任限额或医疗费用限额，死亡伤残限额不得低于规定下限。',
  '06': '变更保险起止期：保险期间最长一年，不得与本企业其他保单重叠；已起保的保单不能推后起期（否则出现脱保空档），只能变更止期，止期不能早于批改生效日期。',
  '07': '不改变保单数值项的一般批改（如更正、补充资料），请在原因中写明。',
  '08': '仅依法关闭取缔或全面停产停业的企业可申请退保/注销，保费变化为退还保费。',
};

/**
 * Problems of a roster table, with the server's rules and messages (contracts rosterProblems): names
 * 2-20 characters, ID numbers valid (GB 11643 for 居民身份证) and not repeated.
 */
export function rosterProblems(list: RosterPerson[] | undefined): string[] {
  return rosterLineProblems(list).map((p) => p.message);
}

/** The roster lines of the form as the server takes them: leaving persons first, then joining ones. */
export function rosterOf(v: Partial<EndorsementFormValues>, type: string): RosterEntryBody[] {
  const lines = (l: RosterPerson[] | undefined, direction: 'in' | 'out') =>
    (l ?? [])
      .filter((x) => (x?.name ?? '').trim() || (x?.idNo ?? '').trim())
      .map((x) => ({
        direction,
        name: (x.name ?? '').trim(),
        idType: x.idType ?? '01',
        idNo: (x.idNo ?? '').trim().toUpperCase(),
        position: (x.position ?? '').trim(),
      }));
  return [
    ...(type === '02' || type === '03' ? lines(v.personsOut, 'out') : []),
    ...(type === '01' || type === '03' ? lines(v.personsIn, 'in') : []),
  ];
}

/** The change object of the type from the form values (only changed values for information changes). */
export function changeOf(
  type: string,
  v: Partial<EndorsementFormValues>,
  p: PolicyDetail,
): EndorsementChangeBody {
  const roster = rosterOf(v, type);
  const count = (d: 'in' | 'out') => roster.filter((r) => r.direction === d).length;
  switch (type) {
    case '01':
      return { headcount: p.headcount + count('in'), roster };
    case '02':
      return { headcount: p.headcount - count('out'), roster };
    case '03':
      return { roster };
    case '04': {
      const c: EndorsementChangeBody = {};
      const diff = (a: string | undefined, b: string) => a !== undefined && a.trim() !== '' && a.trim() !== b;
      if (diff(v.holderName, p.holderName)) c.holderName = v.holderName!.trim();
      if (diff(v.address, p.address)) c.address = v.address!.trim();
      if (diff(v.wsIndustryCode, p.wsIndustryCode)) c.wsIndustryCode = v.wsIndustryCode!.trim().toUpperCase();
      if (diff(v.gbIndustryCode, p.gbIndustryCode)) c.gbIndustryCode = v.gbIndustryCode!.trim().toUpperCase();
      return c;
    }
    case '05': {
      const c: EndorsementChangeBody = {};
      if (
        v.perPersonLimit !== undefined &&
        v.perPersonLimit !== null &&
        v.perPersonLimit !== p.perPersonLimit
      )
        c.perPersonLimit = v.perPersonLimit;
      if (v.medicalLimit !== undefined && v.medicalLimit !== null && v.medicalLimit !== p.medicalLimit)
        c.medicalLimit = v.medicalLimit;
      return c;
    }
    case '06': {
      const c: EndorsementChangeBody = {};
      const s = v.startDate?.format(D);
      const e = v.endDate?.format(D);
      if (s && s !== p.startDate) c.startDate = s;
      if (e && e !== p.endDate) c.endDate = e;
      return c;
    }
    default:
      return {};
  }
}

/** Before/after preview the server will compute (planEndorsement), for the person to check first. */
export function preview(type: string, c: EndorsementChangeBody, delta: number, p: PolicyDetail) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if ((type === '01' || type === '02') && c.headcount !== undefined) {
    before.headcount = p.headcount;
    after.headcount = c.headcount;
    before.perAccidentLimit = p.perAccidentLimit;
    after.perAccidentLimit = perAccidentLimit(p.perPersonLimit, c.headcount);
  }
  if (type === '04')
    for (const k of ['holderName', 'address', 'wsIndustryCode', 'gbIndustryCode'] as const)
      if (c[k] !== undefined) {
        before[k] = p[k];
        after[k] = c[k];
      }
  if (type === '05') {
    if (c.perPersonLimit !== undefined) {
      before.perPersonLimit = p.perPersonLimit;
      after.perPersonLimit = c.perPersonLimit;
      before.perAccidentLimit = p.perAccidentLimit;
      after.perAccidentLimit = perAccidentLimit(c.perPersonLimit, p.headcount);
    }
    if (c.medicalLimit !== undefined) {
      before.medicalLimit = p.medicalLimit;
      after.medicalLimit = c.medicalLimit;
    }
  }
  if (type === '06' && (c.startDate || c.endDate)) {
    before.startDate = p.startDate;
    before.endDate = p.endDate;
    after.startDate = c.startDate ?? p.startDate;
    after.endDate = c.endDate ?? p.endDate;
  }
  if (type === '08') after.status = 'cancelled';
  if (delta) {
    before.premium = p.premium;
    after.premium = Math.round((p.premium + delta) * 100) / 100;
  }
  return { before, after };
}
