import { Alert, Button, Card, Divider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ConsultStatus } from '../../platform/contracts.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { CloseConsultButton, ConsultPage } from './ConsultPage.tsx';
import { ConsultTable } from './ConsultTable.tsx';
import { ConsultThread } from './ConsultThread.tsx';
import {
  type AnswererKind,
  answererDetailPath,
  answererQueryPath,
  idParam,
  useConsult,
} from './consult-api.ts';

/**
 * 咨询答复 for service and expert organisations: the consultations in their jurisdiction, awaiting
 * ones first; answering happens on the detail page. Consultations another organisation answered are
 * shown for reading only (the server refuses changes to them).
 */
export function AnswererConsultQuery({ kind }: { kind: AnswererKind }) {
  const navigate = useNavigate();
  const open = (id: number, answer = false) =>
    navigate(`${answererDetailPath(kind)}?id=${id}${answer ? '#answer' : ''}`);
  return (
    <Card variant="borderless">
      <ConsultTable
        showParties
        defaultStatus={`${ConsultStatus.AWAITING}`}
        onOpen={(row) => open(row.id)}
        rowActions={(row) =>
          row.status === ConsultStatus.CLOSED || !row.asAnswerer
            ? []
            : [
                <Action name="edit" key="answer">
                  <Typography.Link onClick={() => open(row.id, true)}>
                    {row.status === ConsultStatus.AWAITING ? '答复' : '修改答复'}
                  </Typography.Link>
                </Action>,
              ]
        }
      />
    </Card>
  );
}

/** 咨询详情 for service and expert organisations: the thread and the answer form. */
export function AnswererConsultDetail({ kind }: { kind: AnswererKind }) {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const navigate = useNavigate();
  const consult = useConsult(id);
  const { data } = consult;
  const [revising, setRevising] = useState(false);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#answer' && data) document.getElementById('answer')?.scrollIntoView?.({ block: 'start' });
  }, [hash, data]);

  const back = (
    <Button key="back" onClick={() => navigate(answererQueryPath(kind))}>
      返回列表
    </Button>
  );
  return (
    <ConsultPage
      id={id}
      consult={consult}
      back={back}
      listName="咨询答复"
      notFound="该咨询不存在、已被删除或不在您的服务范围内。"
    >
      {(data) => {
        const mine = data.asAnswerer;
        const showForm =
          mine &&
          (data.status === ConsultStatus.AWAITING || (data.status === ConsultStatus.ANSWERED && revising));
        return (
          <Card
            variant="borderless"
            extra={
              <Space wrap>
                {mine && data.status === ConsultStatus.ANSWERED && !revising && (
                  <Action permission="consult.edit">
                    <Button onClick={() => setRevising(true)}>修改答复</Button>
                  </Action>
                )}
                {mine && data.status !== ConsultStatus.CLOSED && (
                  <CloseConsultButton
                    item={data}
                    description="关闭后不能再答复，提问人会收到关闭通知。确定关闭吗？"
                  />
                )}
                {back}
              </Space>
            }
          >
            <ConsultThread item={data} />
            {data.status === ConsultStatus.CLOSED && (
              <Alert type="info" showIcon message="咨询已关闭，不能再答复。" />
            )}
            {!mine && data.status === ConsultStatus.ANSWERED && (
              <Alert
                type="info"
                showIcon
                message={`该咨询已由${data.answererOrgName || data.answererName}答复，只有答复机构可以修改答复。`}
              />
            )}
            {showForm && (
              <Action permission="consult.edit">
                <span id="answer" />
                <Divider orientation="left">
                  {data.status === ConsultStatus.AWAITING ? '答复咨询' : '修改答复'}
                </Divider>
                <AnswerForm
                  key={data.version}
                  item={data}
                  onAnswered={() => setRevising(false)}
                  {...(revising ? { onCancel: () => setRevising(false) } : {})}
                />
              </Action>
            )}
          </Card>
        );
      }}
    </ConsultPage>
  );
}
