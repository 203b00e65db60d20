import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ExceptionPage } from '../modules/exception/index.ts';
import { browser } from '../platform/feedback.ts';
import { removeLoginShell } from '../platform/login-shell.ts';
import { isChunkLoadError } from './lazy.ts';

export const LOAD_FAILED_TITLE = '加载失败';

/** Spec 8: a chunk that fails or times out shows a load-failure message with a retry. */
export function LoadFailed() {
  return (
    <Result
      status="warning"
      title={LOAD_FAILED_TITLE}
      subTitle="页面资源加载失败，可能是网络不稳定或系统刚刚更新，请重试。"
      extra={
        <Button type="primary" onClick={() => browser.reload()}>
          重试
        </Button>
      }
    />
  );
}

export function RouteError() {
  const error = useRouteError();
  useEffect(removeLoginShell, []);
  if (isChunkLoadError(error)) return <LoadFailed />;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ExceptionPage type="404" />;
    if (error.status === 403) return <ExceptionPage type="403" />;
    if (error.status >= 500) return <ExceptionPage type="500" />;
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="页面运行时发生错误，请重试；如果问题持续出现，请联系平台管理员。"
      extra={
        <Button type="primary" onClick={() => browser.reload()}>
          重试
        </Button>
      }
    />
  );
}
