import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import { asHandle } from '../../platform/route-handle.ts';

export const NOT_OPEN_TITLE = '功能尚未开放';

/**
 * Stand-in for a screen whose content arrives with a later feature: the real layout around it and a
 * plain statement that the function is not open yet. Never a fake form.
 */
export function NotOpen({ title, backTo }: { title?: string; backTo?: string }) {
  const matches = useMatches();
  const navigate = useNavigate();
  const routeTitle = title ?? asHandle(matches[matches.length - 1]?.handle).title;
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={NOT_OPEN_TITLE}
      subTitle={routeTitle ? `「${routeTitle}」功能正在建设中，敬请期待。` : '该功能正在建设中，敬请期待。'}
      extra={
        <Button type="primary" onClick={() => (backTo ? navigate(backTo) : navigate(-1))}>
          返回
        </Button>
      }
    />
  );
}

/** Route component form of NotOpen (react-router renders `Component` without props). */
export function NotOpenScreen() {
  return <NotOpen />;
}
