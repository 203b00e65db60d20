import type { BannerItem } from '@aqzrx/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { PortalBanner } from './PortalBanner.tsx';

const banner = (linkUrl: string): BannerItem => ({
  id: 1,
  title: '安责险宣传月',
  imageUrl: '/files/banner.png',
  linkUrl,
  articleId: 0,
  sort: 0,
});

const show = (linkUrl: string) =>
  renderWithApp(<PortalBanner platformName="平台" />, {
    path: '/portal/index',
    preload: [{ key: ['public', 'banners'], data: [banner(linkUrl)] }],
  });

describe('portal banner links (issue 17 finding 7)', () => {
  it('a stored link that browsers resolve off-site is shown without a link', async () => {
    show('/\\evil.example/login');
    const title = await screen.findByRole('heading', { name: '安责险宣传月' });
    expect(title.closest('a')).toBeNull();
  });

  it('an external link off the allow-list gets no link either', async () => {
    show('https://evil.example/');
    const title = await screen.findByRole('heading', { name: '安责险宣传月' });
    expect(title.closest('a')).toBeNull();
  });

  it('a site path and an allowed site are links (the external one opens a new tab)', async () => {
    const site = show('/portal/insure');
    expect(
      (await screen.findByRole('heading', { name: '安责险宣传月' })).closest('a')?.getAttribute('href'),
    ).toBe('/portal/insure');
    site.unmount();
    show('https://www.mem.gov.cn/');
    const a = (await screen.findByRole('heading', { name: '安责险宣传月' })).closest('a');
    expect(a?.getAttribute('href')).toBe('https://www.mem.gov.cn/');
    expect(a?.getAttribute('target')).toBe('_blank');
  });
});
