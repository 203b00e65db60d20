/** The spec 4 hazard statistics codes of the regulator's districts, for the prevention overview (GovernmentAp). */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Row, Space } from 'antd';
import { useNavigate } from 'react-router';
import { PieChart, thousands } from '../../components/index.ts';
import { HAZARD_KEY, hazardApi } from './api.ts';
import { HAZARD_PATHS } from './paths.ts';

export function HazardCodesCard({ year, districtCode }: { year: number; districtCode?: string }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: [HAZARD_KEY, 'stats', 'overview', year, districtCode ?? null],
    queryFn: () => hazardApi.stats({ year, ...(districtCode ? { districtCode } : {}) }),
  });
  const s = q.data;
  const codes = (s?.byCode ?? []).filter((c) => c.code !== '-1');
  const notInvolved = s?.byCode.find((c) => c.code === '-1');
  return (
    <Card
      variant="borderless"
      title="隐患统计（按隐患等级与整改情况）"
      data-testid="hazard-codes"
      extra={
        <Space wrap>
          <Button onClick={() => navigate(HAZARD_PATHS.govRiskDispose)}>隐患处置</Button>
          <Button onClick={() => navigate(HAZARD_PATHS.govRP)}>风险预警</Button>
        </Space>
      }
    >
      {q.isError ? (
        <Alert type="error" showIcon message="隐患统计加载失败，请稍后刷新重试" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Descriptions size="small" column={1} bordered>
              {codes.map((c) => (
                <Descriptions.Item key={c.code} label={c.label}>
                  {thousands(c.value)} 项
                </Descriptions.Item>
              ))}
              <Descriptions.Item label="逾期未整改">{thousands(s?.overdue ?? 0)} 项</Descriptions.Item>
              <Descriptions.Item label="整改率">{s ? `${s.rectifyRate.toFixed(1)}%` : '-'}</Descriptions.Item>
              {notInvolved ? (
                <Descriptions.Item label="不涉及（无隐患企业）">
                  {thousands(notInvolved.value)} 家
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </Col>
          <Col xs={24} lg={14}>
            <PieChart
              loading={q.isLoading}
              data={codes.map((c) => ({ name: c.label, value: c.value, unit: '项' }))}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
