import { EyeOutlined, MessageOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  Breadcrumb,
  Button,
  Card,
  Col,
  Empty,
  List,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageTitle } from '../../app/guard.ts';
import { chinaTime } from '../../components/index.ts';
import { PORTAL_HELP_PATH, PORTAL_INDEX_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { isApiError } from '../../platform/request.ts';
import { idProblem } from '../portal/index.ts';
import { idParam, QA_DETAIL_PATH, usePublicQa, usePublicQaList } from './consult-api.ts';

const textStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 15, lineHeight: 1.8 } as const;

/**
 * /QA/detail?id= (spec 2.1, public): a consultation the platform published as a Q&A, without the
 * asker's identity, with other questions of the same class. An unknown, withdrawn or malformed id
 * gets a plain explanation and ways back.
 */
export function QADetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { settings } = usePublicSettings();
  const id = idParam(params.get('id'));
  const { data, isLoading, error } = usePublicQa(id);
  const related = usePublicQaList(data?.classId ?? null);
  const others = (related.data?.list ?? []).filter((q) => q.id !== data?.id).slice(0, 5);

  useEffect(() => {
    if (data) document.title = pageTitle(data.title, settings.platformName);
  }, [data, settings.platformName]);

  const ways = (
    <Space>
      <Button type="primary" onClick={() => navigate(PORTAL_HELP_PATH)}>
        进入帮助中心
      </Button>
      <Button onClick={() => navigate(PORTAL_INDEX_PATH)}>返回首页</Button>
    </Space>
  );
  const notFound = error && isApiError(error) && error.status === 404;

  return (
    <div className="aq-portal-page" data-testid="qa-detail">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={PORTAL_INDEX_PATH}>首页</Link> },
          { title: <Link to={PORTAL_HELP_PATH}>帮助中心</Link> },
          { title: '问答详情' },
        ]}
      />
      {id === null ? (
        <Card variant="borderless">
          <Result
            status="warning"
            title={idProblem(params.get('id'), '问答')}
            subTitle="链接不完整或有误，请从帮助中心重新打开问答。"
            extra={ways}
          />
        </Card>
      ) : isLoading ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : error || !data ? (
        <Card variant="borderless">
          <Result
            status={notFound ? '404' : 'error'}
            title={notFound ? '问答不存在或未公开' : '问答加载失败'}
            subTitle={
              notFound
                ? '该问答可能已被撤回或删除，您可以在帮助中心查找其他问题。'
                : isApiError(error)
                  ? error.message
                  : '请稍后重试。'
            }
            extra={ways}
          />
        </Card>
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={17}>
            <Card variant="borderless">
              <article className="aq-qa">
                <Typography.Title level={3} style={{ marginTop: 0 }}>
                  {data.title}
                </Typography.Title>
                <Space wrap style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 16 }}>
                  <Tag color="blue">{data.className}</Tag>
                  {data.answeredAt && <span>答复日期：{chinaTime(data.answeredAt, 'date')}</span>}
                  <span>
                    <EyeOutlined /> 浏览 {data.viewCount}
                  </span>
                </Space>
                <section aria-label="问题" data-testid="qa-question" style={{ marginBottom: 24 }}>
                  <Typography.Title level={5}>
                    <QuestionCircleOutlined style={{ color: '#fa8c16' }} /> 问题
                  </Typography.Title>
                  <Typography.Paragraph style={textStyle}>{data.content}</Typography.Paragraph>
                </section>
                <section
                  aria-label="答复"
                  data-testid="qa-answer"
                  style={{ background: '#f6ffed', border: '1px solid #b7eb8f', borderRadius: 8, padding: 16 }}
                >
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    <MessageOutlined style={{ color: '#389e0d' }} /> 答复
                  </Typography.Title>
                  <Typography.Paragraph style={{ ...textStyle, marginBottom: 0 }}>
                    {data.answer}
                  </Typography.Paragraph>
                </section>
                <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
                  本答复仅供参考，具体以法律法规、保险合同条款和监管部门的规定为准。企业用户登录后可在“咨询服务”中发起咨询。
                </Typography.Paragraph>
              </article>
            </Card>
          </Col>
          <Col xs={24} lg={7}>
            <Card variant="borderless" title="同类问题" size="small">
              {related.isLoading ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : others.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无同类问题" />
              ) : (
                <List
                  size="small"
                  dataSource={others}
                  renderItem={(q) => (
                    <List.Item>
                      <Link to={`${QA_DETAIL_PATH}?id=${q.id}`}>{q.title}</Link>
                    </List.Item>
                  )}
                />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
