import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ConsultStatus } from '../../platform/contracts.ts';
import { CloseConsultButton, ConsultPage } from './ConsultPage.tsx';
import { ConsultThread } from './ConsultThread.tsx';
import {
  consultKeys,
  ENT_CONSULT_ADD_PATH,
  ENT_CONSULT_QUERY_PATH,
  idParam,
  markMessagesRead,
  QA_DETAIL_PATH,
  useConsult,
  useUnreadConsultMessages,
} from './consult-api.ts';

/**
 * /ent/consult/EntConsultDetail/route?id= (咨询详情): the question and its answer; the asker may edit
 * it while it awaits an answer and close it when satisfied. Opening it marks the consultation's
 * answer messages as read.
 */
export function EntConsultDetail() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consult = useConsult(id);
  const { data } = consult;
  const unread = useUnreadConsultMessages(data !== undefined);

  useEffect(() => {
    if (!data || !unread.data) return;
    const ids = unread.data.filter((m) => m.bizId === String(data.id)).map((m) => m.id);
    if (ids.length === 0) return;
    void markMessagesRead(ids)
      .then(() => queryClient.invalidateQueries({ queryKey: consultKeys.unread }))
      .catch(() => undefined);
  }, [data, unread.data, queryClient]);

  const back = (
    <Button onClick={() => navigate(ENT_CONSULT_QUERY_PATH)} key="back">
      返回我的咨询
    </Button>
  );
  return (
    <ConsultPage
      id={id}
      consult={consult}
      back={back}
      listName="我的咨询"
      notFound="该咨询不存在、已被删除或您无权查看。"
    >
      {(data) => (
        <Card
          variant="borderless"
          extra={
            <Space wrap>
              {data.status === ConsultStatus.AWAITING && (
                <Action permission="consult.add">
                  <Button onClick={() => navigate(`${ENT_CONSULT_ADD_PATH}?id=${data.id}`)}>修改咨询</Button>
                </Action>
              )}
              {data.status !== ConsultStatus.CLOSED && (
                <CloseConsultButton
                  item={data}
                  description={
                    data.status === ConsultStatus.AWAITING
                      ? '咨询尚未答复，关闭后将不再答复，确定关闭吗？'
                      : '问题已解决？关闭后不能再修改或答复。'
                  }
                />
              )}
              {back}
            </Space>
          }
        >
          {data.isPublic && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={
                <>
                  本咨询已作为问答在门户公开（不显示企业名称）。
                  <Link to={`${QA_DETAIL_PATH}?id=${data.id}`} target="_blank">
                    查看公开问答
                  </Link>
                </>
              }
            />
          )}
          <ConsultThread item={data} showAsker={false} />
          {data.status === ConsultStatus.ANSWERED && (
            <Alert
              type="success"
              showIcon
              message="问题已解决可关闭咨询；如有新的问题，请重新发起咨询。"
              action={
                <Action permission="consult.add">
                  <Button size="small" type="link" onClick={() => navigate(ENT_CONSULT_ADD_PATH)}>
                    发起新咨询
                  </Button>
                </Action>
              }
            />
          )}
        </Card>
      )}
    </ConsultPage>
  );
}
