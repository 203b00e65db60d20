import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AuthImage,
  dateText,
  dateTimeText,
  fileUrlOf,
  PagedTable,
  ScoreGradeTag,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { type ClaimRow, claimApi, FlagTags, StepTag } from '../claim/index.ts';
import { HAZARD_PATHS } from '../hazard/index.ts';
import { type PolicyRow, PolicyStateTag, policyApi, UnderCoveredTag } from '../policy/index.ts';
import { GOV_ENT_PATHS, getContacts, getEnterprise, getParams } from './api.ts';
import { EnterpriseFlags, fullAddress, numText, operatingText, stdGradeText, yuanText } from './display.tsx';
import { detailKey, paramsKey, useIdParam } from './hooks.ts';
import { gbTitle, optionTitle, useIndustryOptions } from './industries.ts';
import { ClaimDrawer, PolicyDrawer } from './insurance-views.tsx';
import { paramLabel, pointsText } from './score.ts';

const sectionGap = { marginBottom: 20 };

/** Claims of one enterprise: the regulator's claim list searched by name, kept to this enterprise. */
async function enterpriseClaims(id: number, name: string): Promise<ClaimRow[]> {
  const page = await claimApi.list({ keyword: name, pageNo: 1, pageSize: 100 }, 'gov');
  return (page?.list ?? []).filter((c) => c.enterpriseId === id);
}

/**
 * 企业详情 (government): the profile, derived flags, score with its explanation, and the enterprise's
 * policies and claims. Contact numbers are masked; showing them in full is an audited action.
 */
export function GovEntDetail() {
  const navigate = useNavigate();
  const id = useIdParam();
  const [policyId, setPolicyId] = useState<number | null>(null);
  const [claimId, setClaimId] = useState<number | null>(null);
  const detail = useQuery({
    queryKey: detailKey(id),
    queryFn: () => getEnterprise(id as number),
    enabled: id !== null,
    retry: false,
  });
  const params = useQuery({
    queryKey: paramsKey(id),
    queryFn: () => getParams(id as number),
    enabled: id !== null,
    retry: false,
  });
  const d = detail.data;
  const claims = useQuery({
    queryKey: ['enterprise', 'claims', id, d?.name],
    queryFn: () => enterpriseClaims(id as number, d?.name ?? ''),
    enabled: id !== null && Boolean(d?.name),
  });
  const contacts = useMutation({ mutationFn: () => getContacts(id as number) });
  const industries = useIndustryOptions();

  if (id === null || detail.isError)
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={id === null ? '缺少企业编号' : '企业不存在或不在本辖区'}
          extra={<Button onClick={() => navigate(GOV_ENT_PATHS.list)}>返回企业列表</Button>}
        />
      </Card>
    );
  if (detail.isLoading || !d)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );

  const full = contacts.data;
  const policyColumns: ProColumns<PolicyRow>[] = [
    {
      title: '保单号',
      dataIndex: 'policyNo',
      width: 200,
      render: (_, r) => (
        <Typography.Link onClick={() => setPolicyId(r.id)}>{r.policyNo ?? r.applicationNo}</Typography.Link>
      ),
    },
    { title: '出单机构', dataIndex: 'insurerName', ellipsis: true },
    { title: '保险期间', key: 'period', render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
    {
      title: '状态',
      dataIndex: 'state',
      render: (_, r) => <PolicyStateTag state={r.state} />,
    },
    {
      title: '参保人数',
      dataIndex: 'headcount',
      align: 'right',
      render: (_, r) => (
        <Space size={4}>
          {r.headcount}
          <UnderCoveredTag row={r} />
        </Space>
      ),
    },
    {
      title: '保额（万元）',
      dataIndex: 'sumInsuredWan',
      align: 'right',
      render: (_, r) => numText(r.sumInsuredWan, 4),
    },
    { title: '保费（元）', dataIndex: 'premium', align: 'right', render: (_, r) => numText(r.premium) },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <span>{d.name}</span>
            <EnterpriseFlags
              mustInsure={d.mustInsure}
              insuredNow={d.insuredNow}
              blacklist={d.blacklist}
              onRegister={d.onRegister}
              riskLevel={d.riskLevel}
              riskLevelLabel={d.riskLevelLabel}
              underCovered={d.underCovered}
              overCovered={d.overCovered}
            />
            {/* The 风险等级 above is the risk query's: its history and reasons are on 风险详情. */}
            <Action permission="risk.get">
              <Typography.Link
                style={{ fontSize: 14, fontWeight: 'normal' }}
                onClick={() => navigate(`${HAZARD_PATHS.govRiskDetail}?enterpriseId=${d.id}`)}
              >
                风险详情
              </Typography.Link>
            </Action>
          </Space>
        }
        extra={
          <Space wrap>
            <Action permission="enterprise.edit">
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(`${GOV_ENT_PATHS.edit}?id=${d.id}`)}
              >
                编辑
              </Button>
            </Action>
            <Button onClick={() => navigate(`${GOV_ENT_PATHS.params}?id=${d.id}`)}>企业参数</Button>
            <Button onClick={() => navigate(`${GOV_ENT_PATHS.score}?id=${d.id}`)}>企业评分</Button>
            <Button onClick={() => navigate(GOV_ENT_PATHS.list)}>返回列表</Button>
          </Space>
        }
      >
        {!d.infoComplete && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="该企业尚未完善企业信息（由导入台账创建或刚注册），企业用户登录后须先完善信息。"
          />
        )}
        <Descriptions title="基本信息" column={{ xs: 1, md: 2, xl: 3 }} size="small" style={sectionGap}>
          <Descriptions.Item label="统一社会信用代码">{d.uscc || '-'}</Descriptions.Item>
          <Descriptions.Item label="所属区县">{d.districtName || '-'}</Descriptions.Item>
          <Descriptions.Item label="经营状态">{operatingText(d.operatingStatus)}</Descriptions.Item>
          <Descriptions.Item label="经营地址" span={2}>
            {fullAddress(d.districtName, d.address) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="从业人员总数">{d.employees.toLocaleString('zh-CN')} 人</Descriptions.Item>
          <Descriptions.Item label="安责险行业">
            {d.wsIndustryCode
              ? (optionTitle(industries.ws, d.wsIndustryCode) ?? `${d.wsIndustryName}（${d.wsIndustryCode}）`)
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="国民经济行业">
            {d.gbIndustryCode ? gbTitle(industries.gb, d.gbIndustryCode) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="年营业额/工程造价">{yuanText(d.annualTurnover)}</Descriptions.Item>
          <Descriptions.Item label="标准化等级">{stdGradeText(d.stdGrade)}</Descriptions.Item>
          <Descriptions.Item label="应保台账">
            {d.onRegister ? `已列入${d.registerYear ? `（${d.registerYear}年）` : ''}` : '未列入'}
          </Descriptions.Item>
          <Descriptions.Item label="经营范围" span={3}>
            {d.businessScope || '-'}
          </Descriptions.Item>
        </Descriptions>
        <Descriptions
          title="联系人"
          column={{ xs: 1, md: 2, xl: 3 }}
          size="small"
          style={sectionGap}
          extra={
            d.mobilesMasked && !full ? (
              <Action permission="enterprise.get">
                <Button
                  size="small"
                  icon={<EyeOutlined />}
                  loading={contacts.isPending}
                  onClick={() => contacts.mutate()}
                >
                  查看完整号码
                </Button>
              </Action>
            ) : full ? (
              <Typography.Text type="secondary">完整号码已显示，本次查看已记录在操作日志</Typography.Text>
            ) : null
          }
        >
          <Descriptions.Item label="法定代表人">{d.legalName || '-'}</Descriptions.Item>
          <Descriptions.Item label="法定代表人手机">
            {full?.legalMobile || d.legalMobile || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="应急值班电话">
            {full?.legalDutyPhone || d.legalDutyPhone || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="电子邮箱">{d.legalEmail || '-'}</Descriptions.Item>
          <Descriptions.Item label="安全负责人">{d.safetyName || '-'}</Descriptions.Item>
          <Descriptions.Item label="安全负责人手机">
            {full?.safetyMobile || d.safetyMobile || '-'}
          </Descriptions.Item>
        </Descriptions>
        <Descriptions title="证照" column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="营业执照">
            <AuthImage
              src={d.businessLicenceFileId && fileUrlOf(d.businessLicenceFileId)}
              alt="营业执照"
              width={120}
            />
          </Descriptions.Item>
          <Descriptions.Item label="安全生产许可证">
            <Space direction="vertical" size={4}>
              <span>{d.licenceNo || '未填写'}</span>
              {(d.licenceStart || d.licenceEnd) && (
                <span>
                  有效期 {dateText(d.licenceStart)} 至 {dateText(d.licenceEnd)}
                </span>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="许可证附件">
            <AuthImage src={d.licenceFileId && fileUrlOf(d.licenceFileId)} alt="安全生产许可证" width={120} />
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card title="安全评分" size="small" loading={params.isLoading}>
            {/* The stored score, the same the list and the header show; none until the profile is complete. */}
            <Space direction="vertical" data-testid="score-card">
              {d.score === null ? (
                <>
                  <Statistic value="未评级" />
                  <Typography.Text type="secondary">企业尚未完善企业信息，完善后自动计算评分</Typography.Text>
                </>
              ) : (
                <>
                  <Statistic value={d.score} suffix="分" />
                  <Space size={4}>
                    评分等级
                    <ScoreGradeTag grade={d.scoreGrade} />
                  </Space>
                  <Typography.Text type="secondary">计算更新于 {dateTimeText(d.scoredAt)}</Typography.Text>
                </>
              )}
              <Typography.Link onClick={() => navigate(`${GOV_ENT_PATHS.score}?id=${d.id}`)}>
                查看评分历史
              </Typography.Link>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title="评分说明" size="small" loading={params.isLoading}>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={d.score === null ? [] : (params.data?.lines ?? []).filter((l) => l.points !== 0)}
              locale={{ emptyText: d.score === null ? '暂未评分' : '各项参数均未扣分，评分为满分' }}
              columns={[
                { title: '参数', dataIndex: 'key', render: (k) => paramLabel(k) },
                {
                  title: '得分影响',
                  dataIndex: 'points',
                  align: 'right',
                  render: (v: number) => (
                    <Typography.Text type={v < 0 ? 'danger' : 'success'}>{pointsText(v)}</Typography.Text>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>

      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'policies',
              label: '保单',
              children: (
                <PagedTable<PolicyRow>
                  search={false}
                  options={false}
                  columns={policyColumns}
                  locale={{ emptyText: '本辖区暂无该企业的保单' }}
                  request={(p) =>
                    policyApi.list({ enterpriseId: d.id, pageNo: p.pageNo, pageSize: p.pageSize })
                  }
                />
              ),
            },
            {
              key: 'claims',
              label: `理赔${claims.data ? `（${claims.data.length}）` : ''}`,
              children: (
                <Table<ClaimRow>
                  rowKey="id"
                  size="middle"
                  loading={claims.isLoading}
                  dataSource={claims.data ?? []}
                  pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  locale={{ emptyText: '暂无理赔案件' }}
                  columns={[
                    {
                      title: '报案号',
                      dataIndex: 'reportNo',
                      render: (v: string, r) => (
                        <Typography.Link onClick={() => setClaimId(r.id)}>{v}</Typography.Link>
                      ),
                    },
                    { title: '出险时间', dataIndex: 'accidentAt', render: (v: string) => dateTimeText(v) },
                    {
                      title: '当前环节',
                      dataIndex: 'step',
                      render: (_: number, r) => <StepTag step={r.step} />,
                    },
                    { title: '事故等级', dataIndex: 'accidentLevelLabel', render: (v: string) => v || '-' },
                    {
                      title: '伤亡',
                      key: 'casualties',
                      render: (_: unknown, r) => `亡${r.deaths} 伤${r.injuries}`,
                    },
                    {
                      title: '赔款（元）',
                      dataIndex: 'payoutTotal',
                      align: 'right',
                      render: (v: number | null) => numText(v),
                    },
                    { title: '预警', key: 'flags', render: (_: unknown, r) => <FlagTags claim={r} /> },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <PolicyDrawer id={policyId} onClose={() => setPolicyId(null)} />
      <ClaimDrawer id={claimId} onClose={() => setClaimId(null)} />
    </Space>
  );
}
