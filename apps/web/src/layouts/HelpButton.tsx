import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Drawer, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PORTAL_HELP_PATH } from '../platform/paths.ts';
import { usePublicSettings } from '../platform/public-settings.ts';
import { useRouteTitle } from '../platform/route-handle.ts';

/** Spec 9: help drawer width. */
export const HELP_DRAWER_WIDTH = 200;

/** Spec 2.6: the help drawer for the current page. */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  const title = useRouteTitle();
  const { settings } = usePublicSettings();
  return (
    <>
      <Tooltip title="帮助">
        <Button
          type="text"
          aria-label="帮助"
          icon={<QuestionCircleOutlined />}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Drawer title="帮助" open={open} onClose={() => setOpen(false)} width={HELP_DRAWER_WIDTH}>
        {title && <p>当前页面：{title}</p>}
        <p>
          <Link to={PORTAL_HELP_PATH}>进入帮助中心</Link>
        </p>
        {settings.footer.supportPhone && <p>技术支持电话：{settings.footer.supportPhone}</p>}
        {settings.footer.supportEmail && <p>技术支持邮箱：{settings.footer.supportEmail}</p>}
      </Drawer>
    </>
  );
}
