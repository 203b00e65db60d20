import sanitizeHtml from 'sanitize-html';

/**
 * Subsystem help text is shown on a public page, so it is reduced on write to a small allow-list:
 * headings, paragraphs, line breaks, emphasis, lists and http(s)/mailto links. Everything else is
 * dropped (scripts, styles, iframes, event handlers, javascript: URLs, images); plain text passes
 * through with &, < and > escaped, so the page can always render the stored value as HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else {
        delete out.target;
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
  },
};

/** Cleans help text (idempotent: cleaning clean text changes nothing). */
export function cleanHelpContent(input: string): string {
  return sanitizeHtml(input, OPTIONS).trim();
}
