import { RISK_LEVELS, riskLevelText, SCORE_GRADES } from '@aqzrx/contracts/constants';
import { Tag } from 'antd';

/**
 * 风险等级 in its colour (重大 red, 较大 orange, 一般 yellow, 低 blue): the enterprise risk of the rule table,
 * shown the same on the enterprise screens and the risk screens ('未评定' before the first grading).
 */
export function RiskLevelTag({ level, label }: { level: number | null | undefined; label?: string }) {
  const known = RISK_LEVELS.has(level);
  return (
    <Tag color={known ? RISK_LEVELS.color(level) : undefined} data-testid="risk-level">
      {label || riskLevelText(level)}
    </Tag>
  );
}

/** 评分等级 of the safety score (优/良/中/差), never in the colours of the 风险等级. */
export function ScoreGradeTag({ grade }: { grade: number | null | undefined }) {
  const opt = SCORE_GRADES.option(grade);
  return (
    <Tag color={opt?.color} data-testid="score-grade">
      {opt ? opt.label : '未评级'}
    </Tag>
  );
}
