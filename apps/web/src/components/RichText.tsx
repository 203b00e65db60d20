import { useMemo } from 'react';
import { sanitizeHtml } from '../platform/sanitize.ts';
import './rich-text.css';

/** Server rich text, cleaned by the allow-list sanitiser before it reaches the page. */
export function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by sanitizeHtml (allow-list)
  return <div className="aq-rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
