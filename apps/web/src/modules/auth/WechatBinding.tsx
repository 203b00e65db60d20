import { WechatOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { dateTimeText } from '../../components/index.ts';
import { browser, feedback } from '../../platform/feedback.ts';
import { isApiError } from '../../platform/request.ts';
import { wxBindQr, wxMyBinding, wxUnbind } from './wechat-api.ts';

const QUERY_KEY = ['wx-binding'];

/**
 * /account/wechat (the user menu's 微信绑定): the signed-in user's own WeChat binding. Binding opens
 * WeChat's QR page; after the scan WeChat returns to /user/loginByQRCode, which finishes the binding and
 * comes back here. Unbinding asks first.
 */
export function WechatBinding() {
  const client = useQueryClient();
  const info = useQuery({ queryKey: QUERY_KEY, queryFn: wxMyBinding });
  const [busy, setBusy] = useState(false);

  const bind = async () => {
    setBusy(true);
    try {
      browser.assign((await wxBindQr()).url);
    } catch (e) {
      feedback.message.error(isApiError(e) ? e.envelope.result : '无法打开微信扫码页面，请稍后重试');
      setBusy(false);
    }
  };
  const unbind = () =>
    feedback.modal.confirm({
      title: '解除微信绑定',
      content: '解除后将不能再用该微信扫码登录本账号，确定解除吗？',
      okText: '解除绑定',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const res = await wxUnbind();
        feedback.message.success(res.message || '已解除微信绑定');
        await client.invalidateQueries({ queryKey: QUERY_KEY });
      },
    });

  const d = info.data;
  return (
    <Card title="微信绑定" data-testid="wechat-binding">
      {!d ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {!d.enabled && (
            <Alert
              type="info"
              showIcon
              message="本平台尚未开通微信扫码登录（未配置微信开放平台网站应用），暂不能绑定微信。"
            />
          )}
          <Descriptions column={1} bordered size="middle" style={{ maxWidth: 560 }}>
            <Descriptions.Item label="绑定状态">
              {d.bound ? <Tag color="success">已绑定</Tag> : <Tag>未绑定</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="微信昵称">{d.bound ? d.nickname || '-' : '-'}</Descriptions.Item>
            <Descriptions.Item label="绑定时间">{dateTimeText(d.boundAt)}</Descriptions.Item>
          </Descriptions>
          <Space>
            {d.bound ? (
              <Button danger onClick={unbind}>
                解除绑定
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<WechatOutlined />}
                disabled={!d.enabled}
                loading={busy}
                onClick={bind}
              >
                绑定微信
              </Button>
            )}
          </Space>
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>
            绑定后可在登录页选择“扫码登录”，用微信扫一扫直接登录本账号。一个账号只能绑定一个微信。
          </div>
        </Space>
      )}
    </Card>
  );
}
