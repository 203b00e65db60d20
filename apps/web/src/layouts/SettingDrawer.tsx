import { CheckOutlined, CopyOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Radio, Select, Switch, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { copyText } from '../platform/clipboard.ts';
import { feedback } from '../platform/feedback.ts';
import {
  type LayoutSettings,
  settingsSnippet,
  THEME_COLORS,
  updateSetting,
  useLayoutSettings,
} from '../platform/layout-settings.ts';

export const COPY_MESSAGES = { ok: '复制完毕', fail: '复制失败' } as const;

function Row({ label, children, tip }: { label: string; children: ReactNode; tip?: string }) {
  const body = (
    <div className="aq-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
  return tip ? (
    <Tooltip title={tip} placement="left">
      {body}
    </Tooltip>
  ) : (
    body
  );
}

/** Spec 2.6 settings drawer; every change is persisted locally at once (spec 4). */
export function SettingDrawer() {
  const [open, setOpen] = useState(false);
  const s = useLayoutSettings();
  const set =
    <K extends keyof LayoutSettings>(key: K) =>
    (value: LayoutSettings[K]) =>
      updateSetting(key, value);
  const topmenu = s.layout === 'topmenu';

  const copy = async () => {
    const ok = await copyText(settingsSnippet(s));
    if (ok) feedback.message.success(COPY_MESSAGES.ok);
    else feedback.message.error(COPY_MESSAGES.fail);
  };

  return (
    <>
      <button
        type="button"
        className="aq-setting-handle"
        aria-label="界面设置"
        title="界面设置"
        onClick={() => setOpen(true)}
        data-testid="setting-handle"
      >
        <SettingOutlined />
      </button>
      <Drawer
        title="界面设置"
        open={open}
        onClose={() => setOpen(false)}
        width={300}
        data-testid="setting-drawer"
      >
        <section className="aq-setting-section">
          <h3>整体风格设置</h3>
          <Radio.Group
            name="aq-nav-theme"
            optionType="button"
            value={s.navTheme}
            onChange={(e) => set('navTheme')(e.target.value)}
            options={[
              { value: 'dark', label: '暗色菜单风格' },
              { value: 'light', label: '亮色菜单风格' },
            ]}
          />
        </section>
        <section className="aq-setting-section">
          <h3>主题色</h3>
          <fieldset className="aq-setting-colors" aria-label="主题色">
            {THEME_COLORS.map((c) => (
              <Tooltip key={c.color} title={c.key}>
                <button
                  type="button"
                  aria-pressed={s.primaryColor.toLowerCase() === c.color}
                  aria-label={c.key}
                  className="aq-setting-color"
                  style={{ background: c.color }}
                  onClick={() => set('primaryColor')(c.color)}
                >
                  {s.primaryColor.toLowerCase() === c.color && <CheckOutlined />}
                </button>
              </Tooltip>
            ))}
          </fieldset>
        </section>
        <Divider />
        <section className="aq-setting-section">
          <h3>导航模式</h3>
          <Radio.Group
            name="aq-nav-layout"
            optionType="button"
            value={s.layout}
            onChange={(e) => set('layout')(e.target.value)}
            options={[
              { value: 'sidemenu', label: '侧边栏导航' },
              { value: 'topmenu', label: '顶部栏导航' },
            ]}
          />
          <div style={{ marginTop: 12 }}>
            <Row label="内容区域宽度" tip="该设定仅 [顶部栏导航] 时有效">
              <Select<LayoutSettings['contentWidth']>
                size="small"
                style={{ width: 88 }}
                value={s.contentWidth}
                onChange={set('contentWidth')}
                aria-label="内容区域宽度"
                options={[
                  { value: 'Fixed', label: '固定' },
                  ...(topmenu ? [{ value: 'Fluid' as const, label: '流式' }] : []),
                ]}
              />
            </Row>
            <Row label="固定顶栏">
              <Switch
                size="small"
                checked={s.fixedHeader}
                onChange={set('fixedHeader')}
                aria-label="固定顶栏"
              />
            </Row>
            <Row label="下滑时隐藏顶栏" tip={s.fixedHeader ? undefined : '固定顶栏时可配置'}>
              <Switch
                size="small"
                checked={s.autoHideHeader}
                disabled={!s.fixedHeader}
                onChange={set('autoHideHeader')}
                aria-label="下滑时隐藏顶栏"
              />
            </Row>
            <Row label="固定侧边菜单" tip={topmenu ? '顶部栏导航时不可用' : undefined}>
              <Switch
                size="small"
                checked={s.fixSiderbar}
                disabled={topmenu}
                onChange={set('fixSiderbar')}
                aria-label="固定侧边菜单"
              />
            </Row>
          </div>
        </section>
        <Divider />
        <section className="aq-setting-section">
          <h3>其他设置</h3>
          <Row label="色弱模式">
            <Switch size="small" checked={s.colorWeak} onChange={set('colorWeak')} aria-label="色弱模式" />
          </Row>
          <Row label="多页签模式">
            <Switch size="small" checked={s.multiTab} onChange={set('multiTab')} aria-label="多页签模式" />
          </Row>
        </section>
        <Divider />
        <Button block icon={<CopyOutlined />} onClick={copy}>
          拷贝设置
        </Button>
      </Drawer>
    </>
  );
}
