import type { ActionType } from '@ant-design/pro-components';
import type { ConsultItem } from '@aqzrx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Drawer, Popconfirm, Result, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ConsultStatus } from '../../platform/contracts.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { ConsultTable } from './ConsultTable.tsx';
import { ConsultThread } from './ConsultThread.tsx';
import {
  closeConsult,
  consultKeys,
  deleteConsult,
  QA_DETAIL_PATH,
  setConsultPublic,
  useConsult,
} from './consult-api.ts';

type Mutation = (c: ConsultItem) => Promise<string>;

const publish: Mutation = (c) => setConsultPublic(c, true);
const unpublish: Mutation = (c) => setConsultPublic(c, false);

/** A row link in the table, a button in the drawer. */
function ActBtn({ link, danger, children }: { link: boolean; danger?: boolean; children: ReactNode }) {
  if (link)
    return danger ? (
      <Typography.Link type="danger">{children}</Typography.Link>
    ) : (
      <Typography.Link>{children}</Typography.Link>
    );
  return <Button danger={danger === true}>{children}</Button>;
}

/**
 * 咨询管理 for the operations admin (AdminConsult) and the bureau (GovConsult): every consultation in
 * scope; answer, close, publish an answered one as a public Q&A or take it back, delete (admin).
 */
export function ConsultManage() {
  const tableRef = useRef<ActionType | undefined>(undefined);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [openId, setOpenId] = useState<number | null>(null);

  const run = async (fn: Mutation, row: ConsultItem, after?: () => void) => {
    try {
      message.success(await fn(row));
      after?.();
      await queryClient.invalidateQueries({ queryKey: consultKeys.all });
      tableRef.current?.reload();
    } catch {
      // shown by the API client (stale version, not found, ...)
    }
  };

  const buttons = (row: ConsultItem, link: boolean, after?: () => void): ReactNode[] => {
    const out: ReactNode[] = [];
    // Answering, revising, publishing and closing are the answerer's (server: asAnswerer); delete is not.
    const mine = row.asAnswerer;
    if (link && mine && row.status !== ConsultStatus.CLOSED)
      out.push(
        <Action name="edit" key="answer">
          <Typography.Link onClick={() => setOpenId(row.id)}>
            {row.status === ConsultStatus.AWAITING ? '答复' : '修改答复'}
          </Typography.Link>
        </Action>,
      );
    if (mine && row.answeredAt && !row.isPublic)
      out.push(
        <Action name="edit" key="publish">
          <Popconfirm
            title="公开为问答"
            description="问题与答复将在门户公开（不显示提问企业和人员），确定公开吗？"
            okText="公开"
            cancelText="取消"
            onConfirm={() => run(publish, row, after)}
          >
            <span>
              <ActBtn link={link}>公开为问答</ActBtn>
            </span>
          </Popconfirm>
        </Action>,
      );
    if (mine && row.isPublic)
      out.push(
        <Action name="edit" key="unpublish">
          <Popconfirm
            title="取消公开"
            description="取消后门户将不再展示该问答，确定取消公开吗？"
            okText="取消公开"
            cancelText="不取消"
            onConfirm={() => run(unpublish, row, after)}
          >
            <span>
              <ActBtn link={link}>取消公开</ActBtn>
            </span>
          </Popconfirm>
        </Action>,
      );
    if (mine && row.status !== ConsultStatus.CLOSED)
      out.push(
        <Action name="edit" key="close">
          <Popconfirm
            title="关闭咨询"
            description="关闭后不能再答复，提问人会收到关闭通知。确定关闭吗？"
            okText="关闭咨询"
            cancelText="取消"
            onConfirm={() => run(closeConsult, row, after)}
          >
            <span>
              <ActBtn link={link}>关闭</ActBtn>
            </span>
          </Popconfirm>
        </Action>,
      );
    out.push(
      <Action name="delete" key="delete">
        <Popconfirm
          title="删除咨询"
          description="删除后提问企业和门户均不再显示该咨询，且不可恢复。确定删除吗？"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => run(deleteConsult, row, () => setOpenId(null))}
        >
          <span>
            <ActBtn link={link} danger>
              删除
            </ActBtn>
          </span>
        </Popconfirm>
      </Action>,
    );
    return out;
  };

  return (
    <Card variant="borderless">
      <ConsultTable
        actionRef={tableRef}
        showParties
        onOpen={(row) => setOpenId(row.id)}
        rowActions={(row) => buttons(row, true)}
      />
      <Drawer
        title="咨询详情"
        width={760}
        open={openId !== null}
        onClose={() => setOpenId(null)}
        destroyOnHidden
      >
        {openId !== null && (
          <ManageDetail
            id={openId}
            actions={(row) => buttons(row, false)}
            onAnswered={() => tableRef.current?.reload()}
          />
        )}
      </Drawer>
    </Card>
  );
}

function ManageDetail({
  id,
  actions,
  onAnswered,
}: {
  id: number;
  actions: (row: ConsultItem) => ReactNode[];
  onAnswered: () => void;
}) {
  const { data, isLoading, error } = useConsult(id);
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) return <Result status="404" title="咨询不存在" subTitle="该咨询不存在或已被删除。" />;
  return (
    <div data-testid="consult-drawer">
      <Space wrap style={{ marginBottom: 16 }}>
        {actions(data)}
        {data.isPublic && (
          <Link to={`${QA_DETAIL_PATH}?id=${data.id}`} target="_blank">
            查看门户问答
          </Link>
        )}
      </Space>
      <ConsultThread item={data} />
      {data.asAnswerer && data.status !== ConsultStatus.CLOSED && (
        <Action name="edit">
          <Divider orientation="left">{data.answeredAt ? '修改答复' : '答复咨询'}</Divider>
          <AnswerForm key={data.version} item={data} allowPublish onAnswered={onAnswered} />
        </Action>
      )}
    </div>
  );
}
