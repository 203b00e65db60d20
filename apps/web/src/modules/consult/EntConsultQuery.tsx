import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ConsultTable } from './ConsultTable.tsx';
import { ENT_CONSULT_ADD_PATH, ENT_CONSULT_DETAIL_PATH, useUnreadConsultMessages } from './consult-api.ts';

/**
 * /ent/consult/EntConsultQuery/route (我的咨询): the enterprise's own consultations by status, with
 * the answers it has not read yet marked (from its in-app messages).
 */
export function EntConsultQuery() {
  const navigate = useNavigate();
  const unread = useUnreadConsultMessages();
  const unreadIds = useMemo(
    () => new Set((unread.data ?? []).map((m) => Number(m.bizId)).filter((n) => n > 0)),
    [unread.data],
  );
  const open = (id: number) => navigate(`${ENT_CONSULT_DETAIL_PATH}?id=${id}`);
  const latest = unread.data?.[0];

  return (
    <Card variant="borderless">
      {latest && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="consult-unread"
          message={`您有 ${unreadIds.size} 条咨询有新的答复或处理结果`}
          description={latest.title}
          action={
            <Button size="small" type="primary" onClick={() => open(Number(latest.bizId))}>
              查看
            </Button>
          }
        />
      )}
      <ConsultTable
        onOpen={(row) => open(row.id)}
        unreadIds={unreadIds}
        toolBar={[
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ENT_CONSULT_ADD_PATH)}>
              发起咨询
            </Button>
          </Action>,
        ]}
      />
    </Card>
  );
}
