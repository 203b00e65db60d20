import { CustomerServiceOutlined, FileProtectOutlined, SafetyOutlined } from '@ant-design/icons';
import type { BannerItem } from '@aqzrx/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { safeHref } from '../../platform/contracts.ts';
import { usePortalBanners } from './portal-api.ts';

export const BANNER_INTERVAL_MS = 6000;

function bannerTarget(b: BannerItem): { href: string; external: boolean } | null {
  // Checked again on show: a row saved before the allow-list (or edited in the database) gets no link.
  if (b.linkUrl) return safeHref(b.linkUrl);
  if (b.articleId > 0)
    return { href: `/portal/notice/detail?id=${b.articleId}&from=banner`, external: false };
  return null;
}

/** The banner area: the configured banners in turn, or the platform introduction when there are none. */
export function PortalBanner({ platformName }: { platformName: string }) {
  const { data } = usePortalBanners();
  const banners = (data ?? []).filter((b) => b.imageUrl);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (banners.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [banners.length]);

  const current = banners[index % Math.max(banners.length, 1)];
  if (!current) {
    return (
      <section className="aq-banner" aria-label="平台简介">
        <div className="aq-banner-inner">
          <h2>{platformName}</h2>
          <p>安全生产责任保险投保、理赔、事故预防服务与监管，一网通办。</p>
          <div className="aq-banner-tags">
            <span>
              <FileProtectOutlined /> 依法投保
            </span>
            <span>
              <SafetyOutlined /> 事故预防
            </span>
            <span>
              <CustomerServiceOutlined /> 理赔服务
            </span>
          </div>
        </div>
      </section>
    );
  }
  const target = bannerTarget(current);
  const caption = <h2>{current.title}</h2>;
  return (
    <section
      className="aq-banner aq-banner-image"
      aria-label="轮播图"
      style={{ backgroundImage: `url("${encodeURI(current.imageUrl)}")` }}
    >
      <div className="aq-banner-inner">
        {target ? (
          target.external ? (
            <a href={target.href} target="_blank" rel="noopener noreferrer">
              {caption}
            </a>
          ) : (
            <Link to={target.href}>{caption}</Link>
          )
        ) : (
          caption
        )}
        {banners.length > 1 && (
          <div className="aq-banner-dots">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={`第${i + 1}张：${b.title}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
