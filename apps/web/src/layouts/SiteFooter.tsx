import type { PublicSettings } from '@aqzrx/contracts';
import { Link } from 'react-router';

export interface SiteFooterProps {
  settings: PublicSettings;
  /** Spec 2.6: the complaint link, shown to every role except government; null hides it. */
  complaintTo?: string | null;
  /** Portal footers also carry the single-page links (aid, title). */
  links?: PublicSettings['footerLinks'];
  dark?: boolean;
}

/**
 * Footer texts from the public settings (spec 2.6): complaint link, © current year, site identification
 * code, ICP and police filing numbers, contact phone and e-mails. Empty settings are left out.
 */
export function SiteFooter({ settings, complaintTo = null, links = [], dark = false }: SiteFooterProps) {
  const f = settings.footer;
  const year = new Date().getFullYear();
  const holder = f.copyrightHolder || settings.platformName;
  const contacts = [
    f.phone && `联系电话：${f.phone}`,
    f.email && `联系邮箱：${f.email}`,
    f.supportPhone && `技术支持电话：${f.supportPhone}`,
    f.supportEmail && `技术支持邮箱：${f.supportEmail}`,
  ].filter(Boolean);
  return (
    <footer className={`aq-footer${dark ? ' aq-footer-dark' : ''}`} data-testid="site-footer">
      {(links.length > 0 || complaintTo) && (
        <nav className="aq-footer-links" aria-label="页脚链接">
          {links.map((l) => (
            <Link key={l.aid} to={`/portal/singlePage?aid=${l.aid}`}>
              {l.title}
            </Link>
          ))}
          {complaintTo && (
            <Link to={complaintTo} data-testid="footer-complaint">
              投诉建议
            </Link>
          )}
        </nav>
      )}
      <div>
        Copyright © {year} {holder}
        {f.siteCode && <span className="aq-footer-item">网站标识码：{f.siteCode}</span>}
      </div>
      {(f.icp || f.police) && (
        <div>
          {f.icp && (
            <a className="aq-footer-item" href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {f.icp}
            </a>
          )}
          {f.police && (
            <a className="aq-footer-item" href="https://beian.mps.gov.cn/" target="_blank" rel="noreferrer">
              {f.police}
            </a>
          )}
        </div>
      )}
      {contacts.length > 0 && (
        <div>
          {contacts.map((c) => (
            <span key={c as string} className="aq-footer-item">
              {c}
            </span>
          ))}
        </div>
      )}
    </footer>
  );
}
