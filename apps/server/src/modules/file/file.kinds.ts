/** What may be uploaded: kinds, their extensions, magic bytes and size limits (spec 5, security.md F01/F02). */

export type FileKind = 'image' | 'm4a' | 'mp4' | 'pdf';

export const MB = 1024 * 1024;

/**
 * Upload settings read at request time. Tests lower a limit (or the rate) here instead of sending
 * gigabytes; production never changes them.
 */
export const fileUploadOptions: { limits: Record<FileKind, number>; ratePerMinute: number } = {
  limits: {
    image: 20 * MB,
    m4a: 500 * MB,
    mp4: 2048 * MB,
    pdf: 100 * MB,
  },
  /** Uploads per user (token) per minute. */
  ratePerMinute: 60,
};

export function largestLimit(): number {
  return Math.max(...Object.values(fileUploadOptions.limits));
}

/** `上传的文件大小超出限制，允许的最大大小是 N MB` wants N in MB; test limits below 1 MB keep decimals. */
export function limitInMb(bytes: number): string {
  return String(Number((bytes / MB).toFixed(2)));
}

/** Allowed extensions and the kind and MIME type their content must have. */
export const EXTENSIONS: Readonly<Record<string, { kind: FileKind; mime: string }>> = {
  jpg: { kind: 'image', mime: 'image/jpeg' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  png: { kind: 'image', mime: 'image/png' },
  gif: { kind: 'image', mime: 'image/gif' },
  m4a: { kind: 'm4a', mime: 'audio/mp4' },
  mp4: { kind: 'mp4', mime: 'video/mp4' },
  pdf: { kind: 'pdf', mime: 'application/pdf' },
};

/** Bytes needed to recognise every kind (`ftyp` box: size, "ftyp", 4-byte brand). */
export const HEAD_BYTES = 12;

export interface DetectedContent {
  kind: FileKind;
  mime: string;
  /** Extensions a file with this content may carry. */
  exts: readonly string[];
}

/** ISO base media major brands of MP4 video files. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'MSNV',
  'M4V ',
]);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsWith(head: Buffer, bytes: Buffer | string, offset = 0): boolean {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
  return head.length >= offset + b.length && head.subarray(offset, offset + b.length).equals(b);
}

/** The kind of a file from its first bytes (magic numbers), or null when it is none we accept. */
export function detectContent(head: Buffer): DetectedContent | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'image', mime: 'image/jpeg', exts: ['jpg', 'jpeg'] };
  }
  if (startsWith(head, PNG)) return { kind: 'image', mime: 'image/png', exts: ['png'] };
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) {
    return { kind: 'image', mime: 'image/gif', exts: ['gif'] };
  }
  if (startsWith(head, '%PDF-')) return { kind: 'pdf', mime: 'application/pdf', exts: ['pdf'] };
  if (startsWith(head, 'ftyp', 4) && head.length >= 12) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'M4A ') return { kind: 'm4a', mime: 'audio/mp4', exts: ['m4a'] };
    // Only MP4 major brands: HEIC images ('heic', 'mif1'), QuickTime ('qt  ') and 3GP are other formats.
    if (MP4_BRANDS.has(brand)) return { kind: 'mp4', mime: 'video/mp4', exts: ['mp4'] };
    return null;
  }
  return null;
}

/**
 * The original name as metadata only: path parts and control characters removed, at most 100
 * characters (keeping the extension when it has to shorten).
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const chars = Array.from(cleaned);
  if (chars.length <= 100) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  if (ext.length > 0 && ext.length <= 10) return chars.slice(0, 100 - ext.length).join('') + ext.join('');
  return chars.slice(0, 100).join('');
}

/** Lower-case extension of a file name, '' when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
