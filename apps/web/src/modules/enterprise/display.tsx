import { OPERATING_STATUS, optionLabel, STD_GRADES } from '@aqzrx/contracts/constants';
import { Space, Tag } from 'antd';
import { RiskLevelTag, thousands, yuan } from '../../components/index.ts';

/** Yuan with thousands separators and always two decimals (spec 9): 3258.5 → '3,258.50 元'. */
export const yuanText = (v: number | null | undefined) => yuan(v);
/**
 * A number without its unit (the column header names it), with thousands separators. Without `maxDigits`
 * it is an amount in 元: always two decimals like every other 元 amount (3258.5 → '3,258.50'); with it, at
 * most that many decimals and no trailing zeros (万元 amounts: numText(344, 4) → '344').
 */
export const numText = (v: number | null | undefined, maxDigits?: number) => {
  if (v === null || v === undefined) return '-';
  if (maxDigits === undefined) return yuan(v, false);
  return thousands(Math.round(v * 10 ** maxDigits) / 10 ** maxDigits);
};
export const wanText = (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : `${thousands(Math.round(v * 10000) / 10000)} 万元`;

/** 江苏省宿迁市 + district + detail, without repeating a district the detail already names. */
export function fullAddress(districtName: string, address: string): string {
  if (!address) return '';
  const rest =
    districtName && address.startsWith(districtName) ? address.slice(districtName.length) : address;
  const head = address.startsWith('江苏') || address.startsWith('宿迁') ? '' : '江苏省宿迁市';
  return `${head}${head ? districtName : ''}${head ? rest : address}`;
}

export const stdGradeText = (v: number | null | undefined) => optionLabel(STD_GRADES, v ?? 0) || '-';
export const operatingText = (v: number | null | undefined) => optionLabel(OPERATING_STATUS, v ?? 1) || '-';

/** The derived flags of an enterprise in one row of tags. */
export function EnterpriseFlags(props: {
  mustInsure: boolean;
  insuredNow: boolean;
  blacklist: boolean;
  onRegister?: boolean;
  /** 风险等级 of the risk rule table (ent_risk), as the risk screens show it. */
  riskLevel: number | null;
  riskLevelLabel?: string;
  /** 未全员投保: an in-force policy insures fewer people than the current staff. */
  underCovered?: boolean;
  /** An in-force policy insures more people than the current staff. */
  overCovered?: boolean;
}) {
  return (
    <Space size={[0, 4]} wrap>
      {props.mustInsure ? <Tag color="orange">应保</Tag> : <Tag>非应保</Tag>}
      {props.insuredNow ? (
        <Tag color="green">在保</Tag>
      ) : (
        <Tag color={props.mustInsure ? 'red' : 'default'}>未在保</Tag>
      )}
      {props.underCovered && <Tag color="volcano">未全员投保</Tag>}
      {props.overCovered && <Tag color="gold">参保人数多于从业人员</Tag>}
      <RiskLevelTag level={props.riskLevel} label={props.riskLevelLabel} />
      {props.blacklist && <Tag color="black">黑名单</Tag>}
      {props.onRegister && <Tag color="blue">应保台账</Tag>}
    </Space>
  );
}
