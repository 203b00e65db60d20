import { ENT_PARAMS, type EntParamKey } from '@aqzrx/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { dateTimeText, PagedTable, ScoreGradeTag } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { GOV_ENT_PATHS, getEnterprise, getParams, type ScoreHistoryRow, scoreHistory } from './api.ts';
import { EnterprisePicker } from './EnterprisePicker.tsx';
import { detailKey, paramsKey, useIdParam } from './hooks.ts';
import { paramKind, paramLabel, paramValueText, pointsText, SCORE_SCALE_TEXT } from './score.ts';

function HistoryValues({ values }: { values: ScoreHistoryRow['values'] }) {
  if (!values) return <Typography.Text type="secondary">无参数记录</Typography.Text>;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
      {ENT_PARAMS.map((p) => (
        <Descriptions.Item key={p.key} label={p.label}>
          {paramValueText(p.kind, values[p.key as EntParamKey])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * 企业评分 (government): the current score with one explanation line per parameter (100 minus penalties
 * plus honours, computeEnterpriseScore) and the history of score changes.
 */
export function GovEntScore() {
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const id = useIdParam();
  const ent = useQuery({
    queryKey: detailKey(id),
    queryFn: () => getEnterprise(id as number),
    enabled: id !== null,
    retry: false,
  });
  const state = useQuery({
    queryKey: paramsKey(id),
    queryFn: () => getParams(id as number),
    enabled: id !== null,
    retry: false,
  });
  const values = new Map((state.data?.params ?? []).map((p) => [p.key, p]));
  const lines = state.data?.lines ?? [];
  const penalties = lines.filter((l) => l.points < 0).reduce((s, l) => s + l.points, 0);
  const bonus = lines.filter((l) => l.points > 0).reduce((s, l) => s + l.points, 0);

  return (
    <Card variant="borderless" title="企业评分">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <EnterprisePicker
          value={id}
          currentName={ent.data?.name}
          onChange={(v) => setSearch(v ? { id: String(v) } : {})}
        />
        {id === null ? (
          <Empty description="请选择一家企业查看其评分" />
        ) : state.isError ? (
          <Alert type="error" showIcon message="企业不存在或不在本辖区" />
        ) : (
          <>
            <Row gutter={16}>
              <Col xs={24} lg={8}>
                <Card size="small" title="当前评分" loading={state.isLoading}>
                  <Space direction="vertical">
                    {ent.data?.score === null ? (
                      // Not rated until the profile is complete: the same as the list and the detail say.
                      <>
                        <Statistic value="未评级" valueStyle={{ fontSize: 40 }} />
                        <Typography.Text type="secondary">
                          企业尚未完善企业信息，完善后自动计算评分
                        </Typography.Text>
                      </>
                    ) : (
                      <>
                        <Statistic
                          value={state.data?.score ?? '-'}
                          suffix="分"
                          valueStyle={{ fontSize: 40 }}
                        />
                        <Space size={4}>
                          评分等级
                          <ScoreGradeTag grade={state.data?.scoreGrade} />
                        </Space>
                        <Typography.Text type="secondary">{SCORE_SCALE_TEXT}</Typography.Text>
                        <Typography.Text type="secondary">
                          计算更新于 {dateTimeText(ent.data?.scoredAt)}
                        </Typography.Text>
                      </>
                    )}
                    <Space>
                      {/* The score page offers reading only; adjusting is the enterprise edit right. */}
                      <Action permission="enterprise.edit">
                        <Button type="primary" onClick={() => navigate(`${GOV_ENT_PATHS.params}?id=${id}`)}>
                          调整企业参数
                        </Button>
                      </Action>
                      <Button onClick={() => navigate(`${GOV_ENT_PATHS.detail}?id=${id}`)}>企业详情</Button>
                    </Space>
                  </Space>
                </Card>
              </Col>
              <Col xs={24} lg={16}>
                <Card size="small" title="评分说明" loading={state.isLoading}>
                  <Table
                    size="small"
                    rowKey="key"
                    pagination={false}
                    dataSource={lines}
                    columns={[
                      {
                        title: '参数',
                        dataIndex: 'key',
                        render: (k: EntParamKey) => paramLabel(k),
                      },
                      {
                        title: '取值',
                        key: 'value',
                        render: (_: unknown, l) => {
                          const p = values.get(l.key);
                          return (
                            <Space size={4}>
                              {paramValueText(paramKind(l.key), p?.value)}
                              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                                {p?.source === 2 ? '（手动录入）' : '（系统判断）'}
                              </Typography.Text>
                            </Space>
                          );
                        },
                      },
                      {
                        title: '得分影响',
                        dataIndex: 'points',
                        align: 'right',
                        render: (v: number) => (
                          <Typography.Text type={v < 0 ? 'danger' : v > 0 ? 'success' : undefined}>
                            {pointsText(v)}
                          </Typography.Text>
                        ),
                      },
                    ]}
                    summary={() => (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0} colSpan={3}>
                          <span data-testid="score-formula">
                            基础分 100 {penalties < 0 ? `− 扣分 ${-penalties}` : ''}
                            {bonus > 0 ? ` + 加分 ${bonus}` : ''} = {state.data?.score ?? '-'} 分（限 0–100）
                          </span>
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    )}
                  />
                </Card>
              </Col>
            </Row>
            <PagedTable<ScoreHistoryRow>
              key={id}
              headerTitle="评分历史"
              search={false}
              options={false}
              columns={[
                {
                  title: '时间',
                  dataIndex: 'createdAt',
                  width: 170,
                  render: (_, r) => dateTimeText(r.createdAt),
                },
                { title: '评分', dataIndex: 'score', width: 80, align: 'right' },
                {
                  title: '评分等级',
                  dataIndex: 'scoreGrade',
                  width: 110,
                  render: (_, r) => <ScoreGradeTag grade={r.scoreGrade} />,
                },
                { title: '变化原因', dataIndex: 'reason' },
              ]}
              expandable={{
                expandedRowRender: (r) => <HistoryValues values={r.values} />,
                rowExpandable: (r) => r.values !== null,
              }}
              locale={{ emptyText: '暂无评分记录' }}
              request={(p) => scoreHistory(id, p.pageNo, p.pageSize)}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
