import type { ProLayoutProps } from '@ant-design/pro-components';
import type { LayoutSettings } from '../platform/layout-settings.ts';

/** ProLayout tokens for the dark or light menu (spec 2.6 menu theme). */
export function layoutToken(s: LayoutSettings): ProLayoutProps['token'] {
  if (s.navTheme === 'light') {
    return {
      sider: { colorMenuBackground: '#fff' },
      header: { colorBgHeader: '#fff' },
    };
  }
  const menuText = 'rgba(255,255,255,0.70)';
  return {
    sider: {
      colorMenuBackground: '#001529',
      colorMenuItemDivider: 'rgba(255,255,255,0.15)',
      colorTextMenu: menuText,
      colorTextMenuSecondary: menuText,
      colorTextMenuSelected: '#fff',
      colorTextMenuActive: '#fff',
      colorTextMenuItemHover: '#fff',
      colorTextMenuTitle: '#fff',
      colorTextSubMenuSelected: '#fff',
      colorBgMenuItemSelected: s.primaryColor,
      colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
      colorBgMenuItemCollapsedElevated: '#001529',
      colorBgCollapsedButton: '#fff',
      colorTextCollapsedButton: 'rgba(0,0,0,0.65)',
      colorTextCollapsedButtonHover: 'rgba(0,0,0,0.88)',
    },
    header:
      s.layout === 'topmenu'
        ? {
            colorBgHeader: '#001529',
            colorBgScrollHeader: '#001529',
            colorHeaderTitle: '#fff',
            colorTextMenu: menuText,
            colorTextMenuSecondary: menuText,
            colorTextMenuSelected: '#fff',
            colorTextMenuActive: '#fff',
            // The horizontal menu draws its selected text in the primary colour; keep the block subtle.
            colorBgMenuItemSelected: 'rgba(255,255,255,0.12)',
            colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
            colorTextRightActionsItem: 'rgba(255,255,255,0.85)',
            colorBgRightActionsItemHover: 'rgba(255,255,255,0.08)',
          }
        : { colorBgHeader: '#fff', colorBgScrollHeader: '#fff' },
  };
}
