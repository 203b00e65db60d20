import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../platform/auth.ts';
import { homeTarget } from '../../platform/home.ts';

export type ExceptionType = '403' | '404' | '500';

/** Spec 2.7 / 8 page texts. */
export const EXCEPTION_TEXT: Record<ExceptionType, string> = {
  '403': '抱歉，您无权访问此页面',
  '404': '页面不存在或正在开发中',
  '500': '服务器出错了',
};

/** 返回首页 leads to the user's home page, never back to this page (homeTarget). */
export function ExceptionPage({ type }: { type: ExceptionType }) {
  const navigate = useNavigate();
  const home = homeTarget(useAuth(), useLocation().pathname);
  return (
    <Result
      status={type}
      title={type}
      subTitle={EXCEPTION_TEXT[type]}
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          返回首页
        </Button>
      }
    />
  );
}

export function Forbidden() {
  return <ExceptionPage type="403" />;
}
export function NotFound() {
  return <ExceptionPage type="404" />;
}
export function ServerError() {
  return <ExceptionPage type="500" />;
}

/** Standalone exception routes (/403, /404, /500) centre the result on the page. */
export function ExceptionRoute({ type }: { type: ExceptionType }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <ExceptionPage type={type} />
    </div>
  );
}
export function Forbidden403Route() {
  return <ExceptionRoute type="403" />;
}
export function NotFound404Route() {
  return <ExceptionRoute type="404" />;
}
export function ServerError500Route() {
  return <ExceptionRoute type="500" />;
}
