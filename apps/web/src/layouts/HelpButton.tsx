import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { HelpDrawer } from '../components/index.ts';
import { PORTAL_HELP_PATH } from '../platform/paths.ts';
import { usePublicSettings } from '../platform/public-settings.ts';
import { useRouteTitle } from '../platform/route-handle.ts';

/**
 * Spec 2.6: the help drawer (200 px) for the current page. Page help texts arrive with the help
 * feature; until then the drawer points to the help centre and the support contacts.
 */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  const title = useRouteTitle();
  const { settings } = usePublicSettings();
  const content = (
    <>
      {title && <p>当前页面：{title}</p>}
      <p>
        <Link to={PORTAL_HELP_PATH} onClick={() => setOpen(false)}>
          进入帮助中心
        </Link>
      </p>
      {settings.footer.supportPhone && <p>技术支持电话：{settings.footer.supportPhone}</p>}
      {settings.footer.supportEmail && <p>技术支持邮箱：{settings.footer.supportEmail}</p>}
    </>
  );
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
      <HelpDrawer open={open} onClose={() => setOpen(false)} content={content} />
    </>
  );
}
