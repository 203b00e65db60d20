import { describe, expect, it } from 'vitest';
import { htmlToText, referencedFileIds, sanitizeRichText } from './sanitize.ts';

/**
 * Real stored-XSS payloads (OWASP XSS filter-evasion cheat sheet, PortSwigger XSS cheat sheet,
 * mutation-XSS reports against sanitisers). After cleaning, none may carry an active part.
 */
const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(document.cookie)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=`javascript:alert(1)`>',
  '<img """><script>alert("XSS")</script>">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<marquee onstart=alert(1)>',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="behavior: url(xss.htc)">x</div>',
  '<span style="color: red; background: url(\'javascript:alert(1)\')">x</span>',
  '<p style="-moz-binding: url(http://xss.example/xss.xml#xss)">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="#" onclick="alert(1)">x</a>',
  '<p onmouseover="alert(1)">x</p>',
  '<div id="x" tabindex=1 onfocus=alert(1)>x</div>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<template><img src=x onerror=alert(1)></template>',
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>',
  '"><img src=x onerror=alert(1)>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
];

/** Active parts that must never survive, in any case. */
function assertInert(html: string): void {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|button|link|meta|base|body|details|video|audio|source|marquee|template|textarea|xmp|isindex|noscript)\b/,
  );
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(
    /(href|src|action|background|formaction)\s*=\s*"?\s*(javascript|vbscript|data:text|data:image\/svg)/,
  );
  expect(lower).not.toMatch(/expression\s*\(|url\s*\(|behavior|binding/);
  expect(lower).not.toMatch(/href="\/\//);
}

describe('sanitizeRichText', () => {
  it.each(PAYLOADS)('renders %s inert', (payload) => {
    const clean = sanitizeRichText(payload);
    assertInert(clean);
    // Cleaning is idempotent.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps the formatting an editor produces', () => {
    const html =
      '<h2 class="ql-align-center">安全生产责任保险</h2><p style="text-align: center; color: #333">' +
      '<strong>加粗</strong><em>斜体</em><u>下划线</u></p><ul><li>一</li></ul>' +
      '<table><tbody><tr><td colspan="2">表</td></tr></tbody></table>' +
      '<a href="https://www.gov.cn/zhengce/" target="_blank">国务院政策</a>' +
      '<img src="/api/public/file/5b4c6b9e-2a1f-4a57-9f5e-7c1d2e3f4a5b" alt="图">';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<h2 class="ql-align-center">安全生产责任保险</h2>');
    expect(clean).toContain('style="text-align:center;color:#333"');
    expect(clean).toContain('<strong>加粗</strong><em>斜体</em><u>下划线</u>');
    expect(clean).toContain('<td colspan="2">表</td>');
    expect(clean).toContain(
      '<a href="https://www.gov.cn/zhengce/" target="_blank" rel="noopener noreferrer">',
    );
    expect(clean).toContain('<img src="/api/public/file/5b4c6b9e-2a1f-4a57-9f5e-7c1d2e3f4a5b" alt="图" />');
  });

  it('drops a link path that browsers resolve to another site, keeps site paths (issue 17 finding 7)', () => {
    expect(sanitizeRichText('<p><a href="/\\evil.example/login">登录</a></p>')).toBe('<p><a>登录</a></p>');
    expect(sanitizeRichText('<p><a href="/portal/insure">投保</a></p>')).toBe(
      '<p><a href="/portal/insure">投保</a></p>',
    );
  });

  it('keeps raster data: images on <img> and drops every other data: URL', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(sanitizeRichText(`<img src="${png}">`)).toContain(png);
    expect(sanitizeRichText('<a href="data:image/png;base64,AAAA">x</a>')).toBe('<a>x</a>');
  });

  it('drops classes outside the editor prefixes and unknown style properties', () => {
    expect(
      sanitizeRichText('<p class="ql-indent-1 admin-only" style="position: fixed; color: red">x</p>'),
    ).toBe('<p class="ql-indent-1" style="color:red">x</p>');
  });

  it('removes the text of script and style, keeps the text of other unknown tags', () => {
    expect(sanitizeRichText('<script>alert(1)</script><custom>正文</custom>')).toBe('正文');
  });
});

describe('htmlToText', () => {
  it('gives the words with spaces between blocks and decoded entities', () => {
    expect(htmlToText('<p>第一段&amp;</p><p>第二段&lt;b&gt;</p><br>三&#x4E09;')).toBe(
      '第一段& 第二段<b> 三三',
    );
  });
});

describe('referencedFileIds', () => {
  it('finds the platform file ids used in a body', () => {
    const id = '5b4c6b9e-2a1f-4a57-9f5e-7c1d2e3f4a5b';
    expect(
      referencedFileIds(`<img src="/api/file/${id}"><img src="/api/public/file/${id.toUpperCase()}">`),
    ).toEqual([id]);
  });
});
