/**
 * The hazard screens of each role: the regulator's 隐患处置 (GovApDispose, GovRiskDispose), the insurer's
 * 隐患排查 (InsuranceDangerCheck), the service organisation's and expert's 隐患排查 / 隐患处置
 * (…DangerCheck, …ApDispose) and the enterprise's 隐患排查治理 (EntDangerCheck). Each is the role's
 * list in tabs above the statistics, with the hazard drawer (opened by ?id= too, e.g. from a message).
 */

import { PlusOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import type { HazardFilters, HazardItem } from './api.ts';
import { HazardDrawer } from './HazardDrawer.tsx';
import { HazardList, type HazardListRole } from './HazardList.tsx';
import { HazardStatsBar } from './HazardStatsBar.tsx';
import { HAZARD_PATHS, type Provider } from './paths.ts';
import { RegisterModal } from './RegisterModal.tsx';

interface TabDef {
  key: string;
  label: string;
  fixed?: HazardFilters;
  dispose?: boolean;
  emptyText: string;
}

/** Tabs of hazard lists in the URL (?tab=), a drawer for the open hazard (?id=) and the statistics. */
function HazardTabs({
  who,
  tabs,
  intro,
  toolbar,
  actionRef: outerRef,
}: {
  who: HazardListRole;
  tabs: TabDef[];
  intro?: string;
  toolbar?: React.ReactNode[];
  actionRef?: React.RefObject<ActionType | undefined>;
}) {
  const [params, setParams] = useSearchParams();
  const innerRef = useRef<ActionType | undefined>(undefined);
  const actionRef = outerRef ?? innerRef;
  const tab = tabs.some((t) => t.key === params.get('tab')) ? (params.get('tab') as string) : tabs[0]!.key;
  const openId = Number(params.get('id')) || null;
  const setQuery = (next: { tab?: string; id?: number | null }) => {
    const p = new URLSearchParams(params);
    if (next.tab !== undefined) {
      if (next.tab === tabs[0]!.key) p.delete('tab');
      else p.set('tab', next.tab);
    }
    if (next.id !== undefined) {
      if (next.id === null) p.delete('id');
      else p.set('id', String(next.id));
    }
    setParams(p, { replace: true });
  };
  const open = (r: HazardItem) => setQuery({ id: r.id });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <HazardStatsBar />
      <Card variant="borderless" styles={{ body: { paddingTop: 0 } }}>
        {intro ? (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {intro}
          </Typography.Paragraph>
        ) : null}
        <Tabs
          activeKey={tab}
          onChange={(k) => setQuery({ tab: k })}
          data-testid="hazard-tabs"
          destroyOnHidden
          items={tabs.map((t) => ({
            key: t.key,
            label: t.label,
            children: (
              <HazardList
                who={who}
                dispose={t.dispose}
                fixed={t.fixed}
                onOpen={open}
                actionRef={actionRef}
                toolbar={toolbar}
                emptyText={t.emptyText}
              />
            ),
          }))}
        />
      </Card>
      <HazardDrawer
        id={openId}
        onClose={() => setQuery({ id: null })}
        onChanged={() => actionRef.current?.reload()}
      />
    </Space>
  );
}

const GOV_TABS = (fixed: HazardFilters): TabDef[] => [
  { key: 'dispose', label: '需监管处置', dispose: true, fixed, emptyText: '暂无需要监管处置的隐患' },
  { key: 'major', label: '重大隐患', fixed: { ...fixed, level: 2 }, emptyText: '暂无重大隐患' },
  { key: 'overdue', label: '逾期未整改', fixed: { ...fixed, overdue: 'true' }, emptyText: '暂无逾期隐患' },
  { key: 'all', label: '全部隐患', fixed, emptyText: '暂无隐患' },
];

/** 事故预防 › 隐患处置: hazards found by prevention services that need the regulator (major, overdue, rejected twice). */
export function GovApDispose() {
  return (
    <HazardTabs
      who="gov"
      intro="预防服务（服务机构、专家）排查发现的隐患中，重大隐患、逾期未整改和被驳回2次及以上的隐患需要监管处置：督促整改、现场检查、行政处罚或处置完毕。"
      tabs={GOV_TABS({ source: 1 })}
    />
  );
}

/** 风险隐患 › 隐患处置: every hazard of the regulator's districts needing its action, whatever its source. */
export function GovRiskDispose() {
  return (
    <HazardTabs
      who="gov"
      intro="辖区内全部来源（服务机构/专家排查、保险机构排查、企业自查）的隐患：重大隐患、逾期未整改和被驳回2次及以上的需要监管处置。"
      tabs={GOV_TABS({})}
    />
  );
}

/** 隐患排查 of the insurer: its own checks and the hazards of its insured enterprises; register a check. */
export function InsuranceDangerCheck() {
  const [adding, setAdding] = useState(false);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [, setParams] = useSearchParams();
  return (
    <>
      <HazardTabs
        who="insurer"
        actionRef={actionRef}
        tabs={[
          { key: 'review', label: '待我复查', fixed: { toReview: 'true' }, emptyText: '暂无待复查的整改' },
          { key: 'own', label: '本机构排查', fixed: { source: 2 }, emptyText: '本机构尚未登记隐患' },
          { key: 'overdue', label: '逾期未整改', fixed: { overdue: 'true' }, emptyText: '暂无逾期隐患' },
          { key: 'all', label: '承保企业全部隐患', emptyText: '承保企业暂无隐患' },
        ]}
        toolbar={[
          <Action key="add" name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              登记隐患
            </Button>
          </Action>,
        ]}
      />
      <RegisterModal
        open={adding}
        who="insurer"
        onClose={() => setAdding(false)}
        onDone={(id) => {
          setAdding(false);
          actionRef.current?.reload();
          setParams({ tab: 'own', id: String(id) }, { replace: true });
        }}
      />
    </>
  );
}

/** 隐患排查 of a service organisation or expert: the hazards it found, the ones waiting for its review first. */
function ProviderDangerCheck({ who }: { who: Provider }) {
  const navigate = useNavigate();
  return (
    <HazardTabs
      who="provider"
      intro="在预防服务记录（隐患排查）中登记的隐患；企业提交整改后由本机构复查。"
      tabs={[
        { key: 'review', label: '待复查', fixed: { toReview: 'true' }, emptyText: '暂无待复查的整改' },
        { key: 'open', label: '未完成整改', fixed: { open: 'true' }, emptyText: '暂无未完成整改的隐患' },
        { key: 'all', label: '全部隐患', emptyText: '本机构尚未发现隐患' },
      ]}
      toolbar={[
        <Button key="record" onClick={() => navigate(HAZARD_PATHS.providerAp(who))}>
          去填写隐患排查记录
        </Button>,
      ]}
    />
  );
}
export const ServiceDangerCheck = () => <ProviderDangerCheck who="service" />;
export const ExpertDangerCheck = () => <ProviderDangerCheck who="expert" />;

/** 隐患处置 of a service organisation or expert: the rectification reviews (pass or reject with a reason). */
function ProviderApDispose() {
  return (
    <HazardTabs
      who="provider"
      intro="企业提交的整改由发现隐患的机构复查：通过后隐患整改完成，驳回须说明原因，企业重新整改后再次提交。"
      tabs={[
        { key: 'review', label: '待复查', fixed: { toReview: 'true' }, emptyText: '暂无待复查的整改' },
        { key: 'rejected', label: '已驳回', fixed: { rectifyStatus: 2 }, emptyText: '暂无已驳回的整改' },
        { key: 'done', label: '已完成', fixed: { rectifyStatus: 1 }, emptyText: '暂无已完成的整改' },
      ]}
    />
  );
}
export const ServiceApDispose = () => <ProviderApDispose />;
export const ExpertApDispose = () => <ProviderApDispose />;

/** 隐患排查治理 of the enterprise: its hazards to rectify, its self-check register and acceptance. */
export function EntDangerCheck() {
  const [adding, setAdding] = useState(false);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [, setParams] = useSearchParams();
  return (
    <>
      <HazardTabs
        who="enterprise"
        actionRef={actionRef}
        intro="服务机构、专家、保险机构排查和本企业自查发现的隐患：按期整改并上传整改照片，重大隐患须制定治理方案；自查隐患由验收部门/岗位验收。"
        tabs={[
          { key: 'todo', label: '待整改', fixed: { open: 'true' }, emptyText: '暂无待整改的隐患' },
          {
            key: 'accept',
            label: '待我验收',
            fixed: { toReview: 'true' },
            emptyText: '暂无待验收的自查隐患',
          },
          { key: 'self', label: '企业自查', fixed: { source: 3 }, emptyText: '尚未登记自查隐患' },
          { key: 'all', label: '全部隐患', emptyText: '暂无隐患' },
        ]}
        toolbar={[
          <Action key="add" name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              登记自查隐患
            </Button>
          </Action>,
        ]}
      />
      <RegisterModal
        open={adding}
        who="enterprise"
        onClose={() => setAdding(false)}
        onDone={(id) => {
          setAdding(false);
          actionRef.current?.reload();
          setParams({ tab: 'self', id: String(id) }, { replace: true });
        }}
      />
    </>
  );
}
