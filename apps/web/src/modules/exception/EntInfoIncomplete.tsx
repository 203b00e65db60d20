import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { ENT_INFO_EDIT_PATH } from '../../platform/paths.ts';

export const ENT_INFO_INCOMPLETE_TEXT = '请先完善企业信息后再访问其他页面';

/**
 * Spec 2.7: what an enterprise user with status 3 sees instead of any back-office page. 返回首页 goes
 * to the portal home: the back-office home would show this same page again.
 */
export function EntInfoIncomplete() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="企业信息未完善"
      subTitle={ENT_INFO_INCOMPLETE_TEXT}
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => navigate(ENT_INFO_EDIT_PATH)}>
            完善信息
          </Button>
          <Button onClick={() => navigate('/portal/index')}>返回首页</Button>
          <Button onClick={() => navigate(-1)}>返回</Button>
        </Space>
      }
    />
  );
}

/** The standalone /100 route shows the same prompt centred on the page. */
export function EntInfoIncompleteRoute() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <EntInfoIncomplete />
    </div>
  );
}
