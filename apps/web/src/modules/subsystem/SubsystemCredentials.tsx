import { CopyOutlined, KeyOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { SubsystemCredentials, SubsystemRow } from '@aqzrx/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { chinaTime } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { copyText } from '../../platform/clipboard.ts';
import { SubsystemStatus } from '../../platform/contracts.ts';
import { generateCredentials, revokeCredentials, rotateCredentials } from './subsystem-api.ts';

interface CredentialState {
  appKey: string | null;
  issuedAt: string | null;
  lastUsedAt: string | null;
}

const when = (iso: string | null, none: string) => chinaTime(iso, 'second', none);

/** Who the subsystem's calls run as: "昵称（用户名）· 角色", or a notice. */
export function serviceUserLabel(r: SubsystemRow): string {
  if (r.serviceUserId === null) return '未绑定';
  const name = r.serviceUserNickname ? `${r.serviceUserNickname}（${r.serviceUsername}）` : r.serviceUsername;
  return r.serviceUserRole ? `${name} · ${r.serviceUserRole}` : name;
}

/**
 * The signing credentials of one subsystem: AppKey (shown as 应用标识（AppKey）), when issued and last used; generate, rotate (new
 * secret, same key) and revoke behind the edit action. A new secret is shown in this dialog once: the server
 * never answers it again, so closing asks whether it was saved.
 */
export function SubsystemCredentialsModal({
  subsystem,
  onClose,
  onChanged,
}: {
  subsystem: SubsystemRow | null;
  onClose: () => void;
  /** After a change (the list reloads). */
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const [state, setState] = useState<CredentialState>({ appKey: null, issuedAt: null, lastUsedAt: null });
  const [issued, setIssued] = useState<SubsystemCredentials | null>(null);

  useEffect(() => {
    if (!subsystem) return;
    setState({
      appKey: subsystem.appKey,
      issuedAt: subsystem.credentialIssuedAt,
      lastUsedAt: subsystem.lastUsedAt,
    });
    setIssued(null);
  }, [subsystem]);

  const onIssued = (text: string) => (c: SubsystemCredentials) => {
    setIssued(c);
    setState({ appKey: c.appKey, issuedAt: c.issuedAt, lastUsedAt: null });
    message.success(text);
    onChanged();
  };
  const generate = useMutation({
    mutationFn: generateCredentials,
    onSuccess: onIssued('接入凭据已生成，请立即复制保存密钥'),
  });
  const rotate = useMutation({
    mutationFn: rotateCredentials,
    onSuccess: onIssued('密钥已重置，原密钥已失效，请立即复制保存新密钥'),
  });
  const revoke = useMutation({
    mutationFn: revokeCredentials,
    onSuccess: () => {
      setIssued(null);
      setState({ appKey: null, issuedAt: null, lastUsedAt: null });
      message.success('接入凭据已吊销');
      onChanged();
    },
  });

  const close = () => {
    if (!issued) {
      onClose();
      return;
    }
    modal.confirm({
      title: '确认已保存密钥？',
      content: '关闭后将无法再次查看该密钥；如遗失，只能重置密钥。',
      okText: '已保存，关闭',
      cancelText: '返回',
      onOk: () => {
        setIssued(null);
        onClose();
      },
    });
  };

  const copy = async (text: string, what: string) => {
    if (await copyText(text)) message.success(`${what}已复制`);
    else message.error(`复制失败，请手动选中${what}复制`);
  };

  const s = subsystem;
  const busy = generate.isPending || rotate.isPending || revoke.isPending;
  return (
    <Modal
      open={s !== null}
      title={s ? `接入凭据：${s.name}` : ''}
      onCancel={close}
      maskClosable={false}
      footer={<Button onClick={close}>关闭</Button>}
      width={680}
      destroyOnHidden
    >
      {s && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {s.serviceUserId === null ? (
            <Alert
              type="warning"
              showIcon
              message="尚未绑定服务账号"
              description="请先编辑子系统并选择服务账号：外部系统以该账号的身份和角色权限调用接口。未绑定时不能生成凭据。"
            />
          ) : (
            !s.serviceUserActive && (
              <Alert
                type="error"
                showIcon
                message="服务账号已停用或删除"
                description="该子系统的接口调用将被拒绝。请启用该账号，或编辑子系统更换服务账号。"
              />
            )
          )}
          {s.status !== SubsystemStatus.ENABLED && (
            <Alert type="warning" showIcon message="子系统已停用，其接口调用将被拒绝" />
          )}
          {s.mechanismCount === 0 && (
            <Alert
              type="info"
              showIcon
              message="尚无安全机制"
              description="请在「安全机制」中为该子系统添加机制并关联允许调用的接口；未关联的接口一律拒绝调用。"
            />
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="服务账号">{serviceUserLabel(s)}</Descriptions.Item>
            <Descriptions.Item label="应用标识（AppKey）">
              {state.appKey ? (
                <Space>
                  <Typography.Text code data-testid="app-key">
                    {state.appKey}
                  </Typography.Text>
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    onClick={() => void copy(state.appKey ?? '', '应用标识（AppKey）')}
                  >
                    复制
                  </Button>
                </Space>
              ) : (
                <Tag>未生成</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="生成时间">{when(state.issuedAt, '—')}</Descriptions.Item>
            <Descriptions.Item label="最近调用">
              {state.appKey ? when(state.lastUsedAt, '尚未调用') : '—'}
            </Descriptions.Item>
          </Descriptions>
          {issued && (
            <Alert
              type="warning"
              showIcon
              message="密钥仅显示这一次"
              description={
                <Space direction="vertical" style={{ width: '100%' }}>
                  <span>
                    请立即复制并妥善保存，交由对接方保管。关闭此窗口后将无法再次查看；如遗失，只能重置密钥。
                  </span>
                  <Typography.Text code data-testid="subsystem-secret" style={{ wordBreak: 'break-all' }}>
                    {issued.secret}
                  </Typography.Text>
                  <Button
                    type="primary"
                    icon={<CopyOutlined />}
                    onClick={() => void copy(issued.secret, '密钥')}
                  >
                    复制密钥
                  </Button>
                </Space>
              }
            />
          )}
          <Action name="edit">
            <Space wrap>
              {state.appKey === null ? (
                <Button
                  type="primary"
                  icon={<KeyOutlined />}
                  disabled={s.serviceUserId === null}
                  loading={generate.isPending}
                  onClick={() => generate.mutate(s.id)}
                >
                  生成凭据
                </Button>
              ) : (
                <>
                  <Popconfirm
                    title="确认重置密钥？"
                    description="应用标识（AppKey）不变，原密钥立即失效，对接系统须换用新密钥。"
                    okText="重置"
                    onConfirm={() => rotate.mutate(s.id)}
                    disabled={busy}
                  >
                    <Button icon={<ReloadOutlined />} loading={rotate.isPending}>
                      重置密钥
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title="确认吊销接入凭据？"
                    description="吊销后该子系统的所有接口调用都将被拒绝，需重新生成凭据才能恢复。"
                    okText="吊销"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => revoke.mutate(s.id)}
                    disabled={busy}
                  >
                    <Button danger icon={<StopOutlined />} loading={revoke.isPending}>
                      吊销凭据
                    </Button>
                  </Popconfirm>
                </>
              )}
            </Space>
          </Action>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            对接方在请求头中携带
            X-APP-KEY、X-TIMESTAMP（毫秒时间戳，与服务器相差不超过5分钟）、X-NONCE（每次请求新的随机串）和
            X-SIGNATURE（以密钥计算的 HMAC-SHA256
            签名），不使用登录令牌；签名规则、示例和错误码见《子系统接入说明》（服务器 subsystems 模块
            README）。
          </Typography.Paragraph>
        </Space>
      )}
    </Modal>
  );
}
