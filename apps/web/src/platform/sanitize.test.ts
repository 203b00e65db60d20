import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text', () => {
    const html =
      '<p>各单位：<strong>请按时</strong>投保。</p><ul><li>一</li></ul><a href="/portal/help">帮助</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers and dangerous urls', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">a<script>alert(1)</script></p><a href="javascript:alert(1)">b</a><img src="x" onerror="y()"><iframe src="https://e.x"></iframe>',
    );
    expect(out).toBe('<p>a</p><a>b</a><img>');
  });

  it('unwraps unknown tags but keeps their text, and protects new windows', () => {
    expect(sanitizeHtml('<font color="red">红</font><a href="https://gov.cn" target="_blank">x</a>')).toBe(
      '红<a href="https://gov.cn" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('url rules', () => {
    expect(isSafeUrl('/files/a.png', 'src')).toBe(true);
    expect(isSafeUrl('//evil.example/a', 'href')).toBe(false);
    expect(isSafeUrl('/\\evil.example/a', 'href')).toBe(false);
    expect(isSafeUrl('data:image/png;base64,AAAA', 'src')).toBe(true);
    expect(isSafeUrl('data:text/html;base64,AAAA', 'src')).toBe(false);
    expect(isSafeUrl('mailto:a@b.cn', 'href')).toBe(true);
  });
});
