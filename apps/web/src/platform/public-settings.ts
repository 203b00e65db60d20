import type { PublicSettings } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { configureLinkHosts, DEFAULT_LINK_HOSTS } from './contracts.ts';
import { fetchData } from './request.ts';

export const DEFAULT_PLATFORM_NAME = '宿迁市安全生产责任保险监管服务平台';

/** Used until GET /api/public/settings answers (and if it cannot): no captcha, empty footer. */
export const FALLBACK_SETTINGS: PublicSettings = {
  platformName: DEFAULT_PLATFORM_NAME,
  captchaEnabled: false,
  footer: {
    siteCode: '',
    icp: '',
    police: '',
    phone: '',
    email: '',
    supportPhone: '',
    supportEmail: '',
    copyrightHolder: '',
  },
  cityCode: '321300',
  cityName: '宿迁市',
  footerLinks: [],
  linkHosts: [...DEFAULT_LINK_HOSTS],
};

export const publicSettingsQuery = {
  queryKey: ['public', 'settings'] as const,
  queryFn: async () => {
    const s = await fetchData<PublicSettings>('/public/settings', { method: 'GET', skipErrorHandler: true });
    // Link checks in forms and on show use the server's allow-list.
    if (s?.linkHosts) configureLinkHosts(s.linkHosts);
    return s;
  },
  staleTime: 10 * 60_000,
};

export interface PublicSettingsResult {
  settings: PublicSettings;
  /** True once the server answered; the login form waits for it to know whether the puzzle is on. */
  ready: boolean;
}

/** Platform name, captcha switch, footer texts and links: one public call (spec, issue 6). */
export function usePublicSettings(): PublicSettingsResult {
  const q = useQuery(publicSettingsQuery);
  return { settings: q.data ?? FALLBACK_SETTINGS, ready: q.isSuccess || q.isError };
}
