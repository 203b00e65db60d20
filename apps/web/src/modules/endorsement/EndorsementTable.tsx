import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { chinaTime, chinaToday, PagedTable, tableWidth, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { ENDORSEMENT_STATUS, ENDORSEMENT_TYPES } from '../../platform/contracts.ts';
import { PATHS, type Side } from '../policy/index.ts';
import { type EndorsementRow, endorsementApi } from './api.ts';
import { EndorsementContent } from './EndorsementContent.tsx';
import { EndorsementStatusTag } from './parts.tsx';
import { signedYuan } from './rules.ts';
import '../../components/nowrap.css';

/** What approving does (domain 3.3): the change applies on the effective date, at once when it has come. */
export function approvalText(effectiveDate: string, today: string): string {
  return effectiveDate > today
    ? `批改生效日期为 ${effectiveDate}：审核通过后保单暂不变更，到该日期由系统自动生效并生成保单新版本（原版本保留可查）。`
    : '通过后批改立即生效，保单生成新版本（原版本保留可查）。';
}

/**
 * The enterprise withdraws (撤回) its own application while it waits for review; the policy is then free
 * for another one. Resolves true when withdrawn (the client shows the server's refusal otherwise).
 */
export function useWithdraw() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  return async (en: { id: number; version: number }) => {
    try {
      const res = await endorsementApi.withdraw({ id: en.id, version: en.version });
      message.success(res.message || '批改申请已撤回');
      await qc.invalidateQueries({ queryKey: ['endorsement'] });
      await qc.invalidateQueries({ queryKey: ['policy'] });
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * Endorsement list: the enterprise's applications (批改管理, withdraw while pending) or those of the
 * policies an insurer underwrites; the issuing insurer opens one, sees before/after and approves (the
 * policy gets a new version on the effective date) or returns it with a reason. `policyId` limits it to
 * one policy (policy detail tab). Widths fit beside the menu at 1440 px: 批单号 and 保单号 share a cell
 * on two lines, each whole; the company name gets the room left; 操作 is fixed on the right.
 */
export function EndorsementTable({
  side,
  policyId,
  compact = false,
  openId = null,
  onClosed,
}: {
  side: Side;
  policyId?: number;
  compact?: boolean;
  /** The insurer's endorsement to open at once (a message's link names it). */
  openId?: number | null;
  onClosed?: () => void;
}) {
  const navigate = useNavigate();
  const ref = useRef<ActionType | undefined>(undefined);
  const [open, setOpen] = useState<number | null>(openId);
  useEffect(() => {
    if (openId !== null) setOpen(openId);
  }, [openId]);
  const withdraw = useWithdraw();
  const openRow = (r: EndorsementRow) =>
    side === 'enterprise' ? navigate(`${PATHS.entEndorseDetail}?id=${r.id}`) : setOpen(r.id);
  const columns: ProColumns<EndorsementRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: side === 'insurer' ? '批单号/保单号/企业名称' : '批单号或保单号' },
    },
    {
      title: compact ? '批单号' : '批单号 / 保单号',
      dataIndex: 'endorsementNo',
      search: false,
      width: 178,
      render: (_, r) => (
        <Space direction="vertical" size={0} className="aq-nowrap">
          <Typography.Link onClick={() => openRow(r)}>{r.endorsementNo}</Typography.Link>
          {compact ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.policyNo ?? '-'}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '投保企业',
      dataIndex: 'holderName',
      search: false,
      width: 170,
      hideInTable: side === 'enterprise' || compact,
      render: (_, r) => (
        <Typography.Text ellipsis title={r.holderName} style={{ display: 'block', maxWidth: 154 }}>
          {r.holderName}
        </Typography.Text>
      ),
    },
    {
      title: '批改类型',
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: valueEnumOf(ENDORSEMENT_TYPES),
      width: 106,
      render: (_, r) => <span className="aq-nowrap">{r.typeLabel}</span>,
    },
    {
      title: '生效日期',
      dataIndex: 'effectiveDate',
      search: false,
      width: 96,
      render: (_, r) => <span className="aq-num">{r.effectiveDate}</span>,
    },
    {
      title: '保费变化（元）',
      dataIndex: 'premiumDelta',
      search: false,
      align: 'right',
      width: 112,
      render: (_, r) => <span className="aq-num">{signedYuan(r.premiumDelta).replace(' 元', '')}</span>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: valueEnumOf(ENDORSEMENT_STATUS),
      width: 120,
      render: (_, r) => <EndorsementStatusTag status={r.status} />,
    },
    {
      title: '申请时间',
      dataIndex: 'appliedAt',
      search: false,
      width: 132,
      render: (_, r) => <span className="aq-num">{chinaTime(r.appliedAt)}</span>,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 84,
      render: (_, r) =>
        side === 'enterprise' ? (
          <Space size={8} className="aq-nowrap">
            <Typography.Link onClick={() => openRow(r)}>查看</Typography.Link>
            {r.status === 'applied' ? (
              <Action permission="endorsement.add">
                <Popconfirm
                  title="撤回批改申请"
                  description="撤回后该申请不再审核，保单可重新申请批改。确定撤回？"
                  onConfirm={async () => {
                    if (await withdraw(r)) ref.current?.reload();
                  }}
                >
                  <Typography.Link>撤回</Typography.Link>
                </Popconfirm>
              </Action>
            ) : null}
          </Space>
        ) : (
          <Typography.Link onClick={() => setOpen(r.id)}>
            {r.status === 'applied' ? '审核' : '查看'}
          </Typography.Link>
        ),
    },
  ];
  return (
    <>
      <PagedTable<EndorsementRow>
        headerTitle={compact ? undefined : '批改管理'}
        actionRef={ref}
        columns={columns}
        search={compact ? false : { labelWidth: 'auto' }}
        options={compact ? false : undefined}
        params={policyId ? { policyId } : undefined}
        scroll={{ x: tableWidth(columns) }}
        locale={{ emptyText: '暂无批改记录' }}
        toolBarRender={
          compact
            ? false
            : () =>
                side === 'enterprise'
                  ? [
                      <Action name="add" key="add">
                        <Button
                          type="primary"
                          icon={<PlusOutlined />}
                          onClick={() => navigate(PATHS.entEndorseAdd)}
                        >
                          申请批改
                        </Button>
                      </Action>,
                    ]
                  : []
        }
        request={(q) => endorsementApi.list({ ...q, ...(policyId ? { policyId } : {}) })}
      />
      {side === 'insurer' ? (
        <EndorsementReviewDrawer
          id={open}
          onClose={() => {
            setOpen(null);
            onClosed?.();
          }}
          onDone={() => ref.current?.reload()}
        />
      ) : null}
    </>
  );
}

/** The insurer's view of one endorsement, with approve / return when it waits for its review. */
export function EndorsementReviewDrawer({
  id,
  onClose,
  onDone,
}: {
  id: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['endorsement', 'detail', id],
    queryFn: () => endorsementApi.detail(id!),
    enabled: id !== null,
  });
  const en = q.data;
  const canReview = en?.actions.review === true;

  const review = async (approve: boolean) => {
    if (!en) return;
    if (!approve && !remark.trim()) {
      setRemarkError('退回须填写原因');
      return;
    }
    setBusy(true);
    try {
      const res = await endorsementApi.review({
        id: en.id,
        version: en.version,
        approve,
        remark: remark.trim(),
      });
      message.success(res.message || (approve ? '批改已生效' : '已退回'));
      setRemark('');
      await qc.invalidateQueries({ queryKey: ['endorsement'] });
      await qc.invalidateQueries({ queryKey: ['policy'] });
      onDone();
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      title={en ? `批改 ${en.endorsementNo}` : '批改详情'}
      open={id !== null}
      onClose={() => {
        setRemark('');
        setRemarkError(null);
        onClose();
      }}
      width={760}
      destroyOnHidden
      footer={
        canReview ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Form.Item
              label="审核意见"
              validateStatus={remarkError ? 'error' : undefined}
              help={remarkError ?? '退回时必填，企业将看到该原因'}
              style={{ marginBottom: 8 }}
            >
              <Input.TextArea
                value={remark}
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 4 }}
                onChange={(e) => {
                  setRemark(e.target.value);
                  if (e.target.value.trim()) setRemarkError(null);
                }}
              />
            </Form.Item>
            <Action permission="endorsement.edit">
              <Space>
                <Button
                  type="primary"
                  loading={busy}
                  onClick={() =>
                    modal.confirm({
                      title: '审核通过该批改？',
                      content: approvalText(en.effectiveDate, chinaToday()),
                      okText: '通过',
                      onOk: () => review(true),
                    })
                  }
                >
                  审核通过
                </Button>
                <Button danger loading={busy} onClick={() => review(false)}>
                  退回
                </Button>
              </Space>
            </Action>
          </Space>
        ) : null
      }
    >
      {q.isLoading || !en ? <Skeleton active paragraph={{ rows: 8 }} /> : <EndorsementContent en={en} />}
    </Drawer>
  );
}
