import type { ConsultItem } from '@aqzrx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Action } from '../../platform/access.tsx';
import { closeConsult, consultKeys } from './consult-api.ts';

/**
 * A consultation detail page (the asker's, the answerer's): what it shows until the consultation named by
 * ?id= is there (no id given, loading, not found or out of scope, each with the way back to the list),
 * then `children` with it.
 */
export function ConsultPage({
  id,
  consult: { data, isLoading, error },
  back,
  listName,
  notFound,
  children,
}: {
  id: number | null;
  consult: { data: ConsultItem | undefined; isLoading: boolean; error: unknown };
  back: ReactNode;
  /** The list the page is opened from, e.g. 我的咨询. */
  listName: string;
  /** Why a consultation may not be found, for this reader. */
  notFound: string;
  children: (item: ConsultItem) => ReactNode;
}) {
  if (id === null)
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title="缺少咨询编号"
          subTitle={`请从“${listName}”列表打开咨询详情。`}
          extra={back}
        />
      </Card>
    );
  if (isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (error || !data)
    return (
      <Card variant="borderless">
        <Result status="404" title="咨询不存在" subTitle={notFound} extra={back} />
      </Card>
    );
  return children(data);
}

/** 关闭咨询 (consult.query) of a consultation not closed yet, confirmed first. */
export function CloseConsultButton({ item, description }: { item: ConsultItem; description: ReactNode }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const close = async () => {
    try {
      message.success((await closeConsult(item)) || '咨询已关闭');
      await queryClient.invalidateQueries({ queryKey: consultKeys.all });
    } catch {
      // shown by the API client
    }
  };
  return (
    <Action permission="consult.query">
      <Popconfirm
        title="关闭咨询"
        description={description}
        okText="关闭咨询"
        cancelText="取消"
        onConfirm={close}
      >
        <Button danger>关闭咨询</Button>
      </Popconfirm>
    </Action>
  );
}
