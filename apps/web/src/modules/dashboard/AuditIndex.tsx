import { ApiOutlined, LockOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { BarChart, chinaTime, LineChart, tableWidth, thousands } from '../../components/index.ts';
import { LOG_KIND_OPTIONS, roleDisplayName } from '../../platform/contracts.ts';
import { loadAuditOverview, type OpLogRow } from './api.ts';
import { Figure, MaybeLink, OP_LOG_COLUMNS, percent, useScreenPaths } from './parts.tsx';

/**
 * /audit/log/AuditIndex/route (安全审计 › 审计概览): the audit administrator's landing page (三权分立, security.md
 * Z04). Today's failed sign-ins and operations, the newest rows of the operation log (its own rows are not
 * among them: the security administrator reviews those), and the request log's figures of the last seven days;
 * each card opens the list it counts.
 */
export function AuditIndex() {
  const pathOf = useScreenPaths();
  const q = useQuery({ queryKey: ['auditHome', 'overview'], queryFn: loadAuditOverview });
  const loading = q.isLoading;
  const o = q.data?.opLogs ?? undefined;
  const r = q.data?.requests ?? undefined;
  const failed = {
    opLogs: q.isError || (q.isSuccess && q.data.opLogs == null),
    requests: q.isError || (q.isSuccess && q.data.requests == null),
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="audit-index">
      {(failed.opLogs || failed.requests) && (
        <Alert type="warning" showIcon message="部分统计暂时无法获取，请稍后刷新页面" />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={8}>
          <Figure
            testId="fig-requests"
            title="今日请求"
            icon={<ApiOutlined />}
            color="#722ed1"
            to={pathOf('RequestLog')}
            loading={loading}
            failed={failed.requests}
            value={r?.today}
            suffix="次"
            note={r && `异常 ${thousands(r.errors)} 次 · 异常率 ${percent(r.errorRate)}`}
          />
        </Col>

        <Col xs={24} sm={12} xl={8}>
          <Figure
            testId="fig-login-fails"
            title="今日登录失败"
            icon={<LockOutlined />}
            color="#f5222d"
            to={pathOf('AdminLog')}
            loading={loading}
            failed={failed.opLogs}
            value={o?.loginFails}
            suffix="次"
            note={o && (o.loginFails > 0 ? '留意异常的登录尝试' : '今日无登录失败')}
          />
        </Col>

        <Col xs={24} sm={12} xl={8}>
          <Figure
            testId="fig-op-fails"
            title="今日操作失败"
            icon={<WarningOutlined />}
            color="#fa541c"
            to={pathOf('AdminLog')}
            loading={loading}
            failed={failed.opLogs}
            value={o?.fails}
            suffix="次"
            note={o && '含登录失败与被拒绝的操作'}
          />
        </Col>
      </Row>

      <Card
        variant="borderless"
        title="最近操作日志"
        extra={<MaybeLink to={pathOf('AdminLog')}>全部日志</MaybeLink>}
        data-testid="recent-logs"
      >
        <Table<OpLogRow>
          size="small"
          rowKey="id"
          loading={loading}
          dataSource={o?.recent ?? []}
          pagination={false}
          scroll={{ x: tableWidth(OP_LOG_COLUMNS) }}
          locale={{ emptyText: failed.opLogs ? '操作日志暂时无法获取' : '暂无操作日志' }}
          columns={[
            {
              ...OP_LOG_COLUMNS[0],
              title: '时间',
              dataIndex: 'createdAt',
              render: (v: string) => chinaTime(v, 'second'),
            },
            {
              ...OP_LOG_COLUMNS[1],
              title: '用户',
              dataIndex: 'username',
              ellipsis: true,
              render: (v: string, row) => (
                <Space direction="vertical" size={0}>
                  <span>{v || '—'}</span>
                  {row.roleKey && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {roleDisplayName(row.roleKey)}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { ...OP_LOG_COLUMNS[2], title: '模块', dataIndex: 'module', ellipsis: true },
            {
              ...OP_LOG_COLUMNS[3],
              title: '操作',
              dataIndex: 'kind',
              render: (v: string) => LOG_KIND_OPTIONS.label(v) || v,
            },
            {
              ...OP_LOG_COLUMNS[4],
              title: '结果',
              dataIndex: 'outcome',
              render: (v: string, row) =>
                v === 'fail' ? (
                  <Tooltip title={row.errorMsg || undefined}>
                    <Tag color="error">失败</Tag>
                  </Tooltip>
                ) : (
                  <Tag color="success">成功</Tag>
                ),
            },
            { ...OP_LOG_COLUMNS[5], title: 'IP', dataIndex: 'ip', ellipsis: true },
            {
              ...OP_LOG_COLUMNS[6],
              title: '',
              key: 'open',
              render: () => <MaybeLink to={pathOf('AdminLog')}>查看</MaybeLink>,
            },
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            variant="borderless"
            title="近7日请求量"
            extra={<MaybeLink to={pathOf('RequestLog')}>请求日志</MaybeLink>}
          >
            <LineChart
              loading={loading}
              area
              categories={(r?.week ?? []).map((d) => chinaTime(d.day, 'date').slice(5))}
              series={[{ name: '请求量', unit: '次', data: (r?.week ?? []).map((d) => d.count) }]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" title="今日异常请求（按状态码）">
            <BarChart
              loading={loading}
              categories={(r?.errorsByStatus ?? []).map((e) => String(e.status))}
              series={[{ name: '异常请求', unit: '次', data: (r?.errorsByStatus ?? []).map((e) => e.count) }]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
