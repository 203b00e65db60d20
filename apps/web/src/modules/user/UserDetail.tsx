import { EyeOutlined } from '@ant-design/icons';
import type { UserDetail as UserDetailData } from '@aqzrx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { dateTimeSecondsText } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { districtName } from '../../platform/districts.ts';
import { USER_SCREENS, useScreenPath } from '../../platform/screen-path.ts';
import { getUser } from './api.ts';
import { SessionsDrawer } from './UserDialogs.tsx';
import { STATUS_COLOR } from './user-columns.tsx';
import { managedBySecurityAdmin } from './user-rules.ts';

/**
 * 用户详情 (UserDetail, GovUserDetail). Mobile and e-mail are masked; 查看完整信息 asks the server with
 * reveal=true, which needs userSensitive.get and writes an audit row.
 */
export function UserDetail() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const listPath = useScreenPath(USER_SCREENS.list);
  const editPath = useScreenPath(USER_SCREENS.edit);
  const [revealed, setRevealed] = useState<UserDetailData | null>(null);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const q = useQuery({
    queryKey: ['sys', 'user', id],
    queryFn: () => getUser(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const reveal = useMutation({ mutationFn: () => getUser(id, true), onSuccess: setRevealed });
  const back = () => (listPath ? navigate(listPath) : navigate(-1));

  if (!Number.isInteger(id) || id <= 0)
    return <Result status="warning" title="缺少用户编号" extra={<Button onClick={back}>返回列表</Button>} />;
  if (q.isError)
    return (
      <Result status="404" title="用户不存在或已删除" extra={<Button onClick={back}>返回列表</Button>} />
    );
  const u = q.data;
  if (!u)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const shown = revealed ?? u;
  const districts = u.districtCodes.map(districtName);

  return (
    <Card
      title={`用户详情：${u.username}`}
      extra={
        <Space>
          {editPath && !managedBySecurityAdmin(u) && (
            // The detail route offers no edit action of its own: the grant is checked directly. The security
            // and audit administrators' accounts are the security administrator's (三权分立).
            <Action permission="user.edit">
              <Button type="primary" onClick={() => navigate(`${editPath}?id=${u.id}`)}>
                编辑
              </Button>
            </Action>
          )}
          <Button onClick={back}>返回列表</Button>
        </Space>
      }
    >
      {u.mustChangePassword && (
        <Alert type="info" showIcon message="该用户下次登录时须修改密码" style={{ marginBottom: 16 }} />
      )}
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
        <Descriptions.Item label="用户名">{u.username}</Descriptions.Item>
        <Descriptions.Item label="昵称">{u.nickname || '-'}</Descriptions.Item>
        <Descriptions.Item label="角色">
          {u.roleDisplay}
          {u.roleDisplay !== u.roleName && <Tag style={{ marginLeft: 8 }}>{u.roleName}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Space size={4}>
            <Tag color={STATUS_COLOR[u.status] ?? 'default'}>{u.statusLabel}</Tag>
            {u.locked && <Tag color="orange">已锁定至 {dateTimeSecondsText(u.lockedUntil)}</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="手机号">
          <Space>
            <span data-testid="user-mobile">{shown.mobile || '-'}</span>
            {!revealed && (u.mobile || u.email) && (
              <Action permission="userSensitive.get">
                <Tooltip title="查看完整手机号和邮箱（将记录查看日志）">
                  <Button
                    size="small"
                    type="link"
                    icon={<EyeOutlined />}
                    loading={reveal.isPending}
                    onClick={() => reveal.mutate()}
                  >
                    查看完整信息
                  </Button>
                </Tooltip>
              </Action>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="邮箱">{shown.email || '-'}</Descriptions.Item>
        <Descriptions.Item label="所属机构">{u.orgName || '-'}</Descriptions.Item>
        <Descriptions.Item label="管辖区县">
          {districts.length ? districts.join('、') : '全市'}
        </Descriptions.Item>
        <Descriptions.Item label="最近登录">
          {dateTimeSecondsText(u.lastLoginAt)}
          {u.lastLoginIp ? `（${u.lastLoginIp}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="当前会话">
          <Space>
            {u.activeSessions} 个{/* Sessions are the security administrator's (账号安全, 三权分立). */}
            <Action permission="userSecurity.get">
              <Button size="small" type="link" onClick={() => setSessionsOpen(true)}>
                查看
              </Button>
            </Action>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{dateTimeSecondsText(u.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{dateTimeSecondsText(u.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <SessionsDrawer user={sessionsOpen ? u : null} onClose={() => setSessionsOpen(false)} />
    </Card>
  );
}
