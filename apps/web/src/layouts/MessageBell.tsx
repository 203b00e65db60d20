import { BellOutlined, CarryOutOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useMessageCounts } from '../platform/messages.ts';
import { flattenRoutes, type ResourceRoute } from '../platform/resources.ts';

/** The role's message centre: the menu page of the `message` permission (EntMessage, AdminMessage, ...). */
export function messageCentre(tree: readonly ResourceRoute[]): ResourceRoute | undefined {
  return flattenRoutes(tree).find(
    (r) => r.permission === 'message' && /Message$/.test(r.component) && !r.hide,
  );
}

/** The message centre's tab of open to-dos (MessageCenter reads ?tab=todo). */
export const TODO_TAB = 'todo';

/**
 * Header bell: unread in-app messages, opening the role's message centre; beside it, while any are open,
 * the to-dos (待办) waiting for the user, opening the centre's 待办 tab. Hidden for roles without a centre.
 */
export function MessageBell({ tree }: { tree: readonly ResourceRoute[] }) {
  const navigate = useNavigate();
  const centre = messageCentre(tree);
  const { data } = useMessageCounts(centre !== undefined);
  if (!centre) return null;
  const count = data?.count ?? 0;
  const todos = data?.todos ?? 0;
  const label = count > 0 ? `消息中心（${count}条未读）` : '消息中心';
  const todoLabel = `待办（${todos}项待处理）`;
  return (
    <>
      <Tooltip title={label}>
        <Button
          type="text"
          aria-label={label}
          data-testid="message-bell"
          onClick={() => navigate(centre.path)}
        >
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </Button>
      </Tooltip>
      {todos > 0 && (
        <Tooltip title={todoLabel}>
          <Button
            type="text"
            aria-label={todoLabel}
            data-testid="todo-bell"
            onClick={() => navigate(`${centre.path}?tab=${TODO_TAB}`)}
          >
            <Badge count={todos} size="small" overflowCount={99} color="orange">
              <CarryOutOutlined />
            </Badge>
          </Button>
        </Tooltip>
      )}
    </>
  );
}
