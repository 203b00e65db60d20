/** One hazard in a drawer: its registration, photos, governance plan, rectifications, handlings, timeline and what the caller may do. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { dateTimeText, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { GOVERNANCE_PARTS, REVIEW_RESULTS } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { HAZARD_KEY, type HazardDetail, hazardApi } from './api.ts';
import { GovernancePlanModal, HandleModal, RectifyModal, ReviewModal } from './forms.tsx';
import {
  DeadlineText,
  DisposeReasonTags,
  HazardPhotos,
  HazardTimeline,
  LevelTag,
  OverdueTag,
  SourceTag,
  StatusTag,
} from './parts.tsx';

/** Two label/value pairs a row (one on a phone): antd's default for the wider screens would be three. */
const TWO = { xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 };

/** The hazard of `id` (hazard/detail), cached under HAZARD_KEY. */
export function useHazard(id: number | null) {
  return useQuery({
    queryKey: [HAZARD_KEY, 'detail', id],
    queryFn: () => hazardApi.detail(id as number),
    enabled: id !== null,
  });
}

function Rectifications({ h }: { h: HazardDetail }) {
  if (!h.rectifications.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="企业尚未提交整改" />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="rectifications">
      {h.rectifications.map((r) => (
        <Card
          key={r.seq}
          size="small"
          type="inner"
          title={`第${r.seq}次整改`}
          extra={
            r.result ? (
              <Tag color={REVIEW_RESULTS.color(r.result)}>复查{REVIEW_RESULTS.label(r.result)}</Tag>
            ) : (
              <Tag color="orange">待审核</Tag>
            )
          }
        >
          <Descriptions size="small" column={TWO}>
            <Descriptions.Item label="整改时间">{r.rectifiedOn}</Descriptions.Item>
            <Descriptions.Item label="整改部门/人">
              {r.dept} {r.person}
            </Descriptions.Item>
            <Descriptions.Item label="整改情况" span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{r.description}</span>
            </Descriptions.Item>
            <Descriptions.Item label="整改照片" span={2}>
              <HazardPhotos hazardId={h.id} ids={r.photos} />
            </Descriptions.Item>
            <Descriptions.Item label="提交">
              {r.submittedByName} {dateTimeText(r.submittedAt)}
            </Descriptions.Item>
            {r.result ? (
              <>
                <Descriptions.Item label="复查">
                  {r.reviewer} {r.reviewDate}
                </Descriptions.Item>
                <Descriptions.Item label={r.result === 'reject' ? '驳回原因' : '复查说明'} span={2}>
                  <Typography.Text
                    type={r.result === 'reject' ? 'danger' : undefined}
                    data-testid="review-note"
                  >
                    {(r.result === 'reject' ? r.rejectReason : r.reviewDescription) || '-'}
                  </Typography.Text>
                </Descriptions.Item>
                {r.reviewPhotos.length ? (
                  <Descriptions.Item label="复查照片" span={2}>
                    <HazardPhotos hazardId={h.id} ids={r.reviewPhotos} />
                  </Descriptions.Item>
                ) : null}
              </>
            ) : null}
          </Descriptions>
        </Card>
      ))}
    </Space>
  );
}

function GovernancePlan({ h }: { h: HazardDetail }) {
  const p = h.governancePlan;
  if (!p)
    return h.governancePlanRequired ? (
      <Alert type="warning" showIcon message="重大隐患尚未制定治理方案（复查通过前必须提交）" />
    ) : null;
  return (
    <Descriptions size="small" column={1} bordered data-testid="governance-plan">
      {GOVERNANCE_PARTS.map((part) => (
        <Descriptions.Item key={part.key} label={part.label}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{p[part.key]}</span>
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="治理负责人">{p.principal}</Descriptions.Item>
      <Descriptions.Item label="计划完成日期">{p.plannedDate}</Descriptions.Item>
      <Descriptions.Item label="制定">
        {p.savedByName} {dateTimeText(p.savedAt)}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Handlings({ h }: { h: HazardDetail }) {
  if (!h.handlings.length) return <Typography.Text type="secondary">尚无监管处置</Typography.Text>;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="handlings">
      {h.handlings.map((x) => (
        <Card key={x.id} size="small" type="inner">
          <Space wrap size={8}>
            <Tag>{x.kindLabel}</Tag>
            <span>{x.handledOn}</span>
            {x.penaltyAmount !== null ? <Tag color="red">处罚{yuan(x.penaltyAmount)}</Tag> : null}
            <Typography.Text type="secondary">
              {x.orgName} {x.byName}
            </Typography.Text>
          </Space>
          <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
            {x.description}
          </Typography.Paragraph>
        </Card>
      ))}
    </Space>
  );
}

/** Everything known about a hazard (used by the drawer and the risk detail). */
export function HazardView({ h }: { h: HazardDetail }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap size={4} data-testid="hazard-tags">
        <LevelTag level={h.level} label={h.levelLabel} />
        <StatusTag status={h.rectifyStatus} label={h.rectifyStatusLabel} />
        <OverdueTag h={h} />
        <SourceTag source={h.source} label={h.sourceLabel} />
        {h.reworkCount > 0 ? <Tag color="orange">返工{h.reworkCount}次</Tag> : null}
        {h.disposeReasons.length ? <DisposeReasonTags reasons={h.disposeReasons} /> : null}
      </Space>
      <Descriptions size="small" column={TWO} bordered data-testid="hazard-fields">
        <Descriptions.Item label="企业">{h.enterpriseName}</Descriptions.Item>
        <Descriptions.Item label="所属区县">{h.districtName}</Descriptions.Item>
        <Descriptions.Item label="隐患描述" span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{h.description}</span>
        </Descriptions.Item>
        <Descriptions.Item label="隐患部位">{h.location || '-'}</Descriptions.Item>
        <Descriptions.Item label="隐患类型">{h.hazardType || '-'}</Descriptions.Item>
        <Descriptions.Item label="检查项">{h.checkItem || '-'}</Descriptions.Item>
        <Descriptions.Item label="判断依据">{h.basis || '-'}</Descriptions.Item>
        <Descriptions.Item label="整改建议" span={2}>
          {h.recommendation || '-'}
        </Descriptions.Item>
        <Descriptions.Item label="发现单位">{h.finderOrgName || '-'}</Descriptions.Item>
        <Descriptions.Item label="发现人/日期">
          {[h.foundBy, h.checkDate].filter(Boolean).join(' ')}
        </Descriptions.Item>
        <Descriptions.Item label="整改部门/岗位">{h.rectifyDept || '-'}</Descriptions.Item>
        <Descriptions.Item label="验收部门/岗位">{h.acceptDept || '-'}</Descriptions.Item>
        <Descriptions.Item label="限时整改日期">
          <DeadlineText h={h} /> <OverdueTag h={h} />
        </Descriptions.Item>
        <Descriptions.Item label="完成时间">{dateTimeText(h.completedAt)}</Descriptions.Item>
        {h.insurerName ? <Descriptions.Item label="承保机构">{h.insurerName}</Descriptions.Item> : null}
        <Descriptions.Item label="登记时间">{dateTimeText(h.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="隐患照片" span={2}>
          <HazardPhotos hazardId={h.id} ids={h.photos} />
        </Descriptions.Item>
      </Descriptions>
      {h.level === 2 ? (
        <Card size="small" title="治理方案">
          <GovernancePlan h={h} />
        </Card>
      ) : null}
      <Card size="small" title={`整改记录（${h.rectifications.length}次）`}>
        <Rectifications h={h} />
      </Card>
      {h.handlings.length || h.actions.handle ? (
        <Card size="small" title="监管处置">
          <Handlings h={h} />
        </Card>
      ) : null}
      <Card size="small" title="整改时间线">
        <HazardTimeline items={h.timeline} />
      </Card>
    </Space>
  );
}

type Dialog = 'rectify' | 'plan' | 'review' | 'handle' | null;

/** The hazard of `id` in a drawer, with the buttons of what the caller may do now. */
export function HazardDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  /** After a write (the list reloads). */
  onChanged?: () => void;
}) {
  const query = useHazard(id);
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const h = query.data;
  const done = () => {
    setDialog(null);
    void client.invalidateQueries({ queryKey: [HAZARD_KEY] });
    onChanged?.();
  };
  const a = h?.actions;
  const buttons = h ? (
    <Space wrap>
      {a?.rectify ? (
        <Action permission="risk.edit">
          <Button type="primary" onClick={() => setDialog('rectify')}>
            {h.rectifyStatus === 2 ? '重新提交整改' : '提交整改'}
          </Button>
        </Action>
      ) : null}
      {a?.governancePlan ? (
        <Action permission="risk.edit">
          <Button onClick={() => setDialog('plan')}>
            {h.governancePlan ? '修改治理方案' : '制定治理方案'}
          </Button>
        </Action>
      ) : null}
      {a?.review ? (
        <Action permission="risk.edit">
          <Button type="primary" onClick={() => setDialog('review')}>
            复查整改
          </Button>
        </Action>
      ) : null}
      {a?.handle ? (
        <Action permission="risk.edit">
          <Button type="primary" onClick={() => setDialog('handle')}>
            监管处置
          </Button>
        </Action>
      ) : null}
    </Space>
  ) : null;
  const missing = isApiError(query.error) && query.error.status === 404;
  return (
    <>
      <Drawer
        open={id !== null}
        width={Math.min(860, typeof window === 'undefined' ? 860 : window.innerWidth)}
        title={h ? `隐患详情：${h.description.slice(0, 30)}` : '隐患详情'}
        onClose={onClose}
        destroyOnHidden
        extra={buttons}
      >
        <div data-testid="hazard-drawer">
          {query.isLoading ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : h ? (
            <HazardView h={h} />
          ) : query.error ? (
            <Result
              status={missing ? '404' : 'error'}
              title={missing ? '隐患不存在' : '隐患加载失败'}
              subTitle={isApiError(query.error) ? query.error.envelope.result : '请稍后重试'}
            />
          ) : null}
        </div>
      </Drawer>
      <RectifyModal
        hazard={dialog === 'rectify' ? (h ?? null) : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <GovernancePlanModal
        hazard={dialog === 'plan' ? (h ?? null) : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <ReviewModal
        hazard={dialog === 'review' ? (h ?? null) : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <HandleModal
        hazard={dialog === 'handle' ? (h ?? null) : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </>
  );
}
