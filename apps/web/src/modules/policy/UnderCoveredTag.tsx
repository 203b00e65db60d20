import { Tag, Tooltip } from 'antd';

/**
 * Domain 3.2 asks 参保人数 = 从业人员总数 of a policy in force; the server flags a difference by its
 * direction. Fewer insured than employed is 未全员投保 (people without cover). More insured than employed
 * is 参保人数多于从业人员: nobody is uncovered, the headcount or the staff figure needs correcting (a 减人
 * endorsement, or the enterprise's 从业人员总数). The text follows the numbers, so a row flagged by an older
 * rule (`underCovered` for any difference) still reads right. `compact` shortens the second text for
 * list cells; the tooltip names both numbers and what to do.
 */
export function UnderCoveredTag({
  row,
  compact = false,
}: {
  row: {
    underCovered: boolean;
    overCovered?: boolean | undefined;
    headcount: number;
    enterpriseEmployees: number | null;
  };
  compact?: boolean;
}) {
  if (!row.underCovered && !row.overCovered) return null;
  const employees = row.enterpriseEmployees;
  const over = employees !== null && row.headcount > employees;
  const numbers = `参保 ${row.headcount} 人，企业当前从业人员 ${employees ?? '-'} 人`;
  if (over)
    return (
      <Tooltip title={`参保人数多于从业人员：${numbers}。请核实后申请减人批改，或更新企业从业人员总数`}>
        <Tag color="gold" data-testid="over-covered" className="aq-nowrap">
          {compact ? '多于从业人员' : '参保人数多于从业人员'}
        </Tag>
      </Tooltip>
    );
  return (
    <Tooltip title={`未全员投保：${numbers}。请申请加人批改，为未参保的从业人员投保`}>
      <Tag color="volcano" data-testid="under-covered" className="aq-nowrap">
        未全员投保
      </Tag>
    </Tooltip>
  );
}
