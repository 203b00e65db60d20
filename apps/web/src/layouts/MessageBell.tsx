import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '../platform/messages.ts';
import { flattenRoutes, type ResourceRoute } from '../platform/resources.ts';

/** The role's message centre: the menu page of the `message` permission (EntMessage, AdminMessage, ...). */
export function messageCentre(tree: readonly ResourceRoute[]): ResourceRoute | undefined {
  return flattenRoutes(tree).find(
    (r) => r.permission === 'message' && /Message$/.test(r.component) && !r.hide,
  );
}

/** Header bell: unread in-app messages, opening the role's message centre. Hidden for roles without one. */
export function MessageBell({ tree }: { tree: readonly ResourceRoute[] }) {
  const navigate = useNavigate();
  const centre = messageCentre(tree);
  const { data: count = 0 } = useUnreadCount(centre !== undefined);
  if (!centre) return null;
  const label = count > 0 ? `消息中心（${count}条未读）` : '消息中心';
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} data-testid="message-bell" onClick={() => navigate(centre.path)}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </Button>
    </Tooltip>
  );
}
