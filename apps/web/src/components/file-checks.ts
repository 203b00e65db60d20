/**
 * Client-side checks for the generic file kinds (spec 5). They give the person an early, specific
 * message; the server checks type and size again and is the enforcement point.
 */

export const MB = 1024 * 1024;
export const GB = 1024 * MB;

/** The parts of a File the checks look at (a File satisfies it). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface FileRule {
  /** Lower-case extensions without the dot. */
  extensions: readonly string[];
  /** MIME types browsers report for those extensions; an empty MIME type is accepted. */
  mimeTypes: readonly string[];
  /** Files must be strictly smaller than this many bytes. */
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

export const IMAGE_RULE: FileRule = {
  extensions: ['jpeg', 'jpg', 'png', 'gif'],
  mimeTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif'],
  maxBytes: 20 * MB,
  typeMessage: '请上传jpeg、jpg、png、gif格式的图片!',
  sizeMessage: '图片要小于20M!',
};

export const AUDIO_RULE: FileRule = {
  extensions: ['m4a'],
  mimeTypes: ['audio/x-m4a', 'audio/m4a', 'audio/mp4', 'audio/aac', 'audio/mp4a-latm'],
  maxBytes: 500 * MB,
  typeMessage: '请上传m4a格式的音频!',
  sizeMessage: '请上传的音频小于500M!',
};

export const VIDEO_RULE: FileRule = {
  extensions: ['mp4'],
  mimeTypes: ['video/mp4'],
  maxBytes: 2 * GB,
  typeMessage: '请上传mp4格式的视频!',
  sizeMessage: '请上传的视频小于2G!',
};

export const EBOOK_RULE: FileRule = {
  extensions: ['pdf'],
  mimeTypes: ['application/pdf', 'application/x-pdf'],
  maxBytes: 100 * MB,
  typeMessage: '请上传pdf格式的电子书!',
  sizeMessage: '请上传的电子书小于100M!',
};

/** Lower-case extension of a file name, without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Returns the message to show, or null when the file is acceptable. The extension must be allowed and a
 * reported MIME type must agree with it (so a renamed .exe with an application/* type is refused).
 */
export function checkFile(file: FileLike, rule: FileRule): string | null {
  const ext = fileExtension(file.name);
  const mime = file.type.toLowerCase();
  if (!rule.extensions.includes(ext) || (mime !== '' && !rule.mimeTypes.includes(mime))) {
    return rule.typeMessage;
  }
  if (!(file.size < rule.maxBytes)) return rule.sizeMessage;
  return null;
}

export const checkImage = (file: FileLike): string | null => checkFile(file, IMAGE_RULE);
export const checkAudio = (file: FileLike): string | null => checkFile(file, AUDIO_RULE);
export const checkVideo = (file: FileLike): string | null => checkFile(file, VIDEO_RULE);
export const checkEbook = (file: FileLike): string | null => checkFile(file, EBOOK_RULE);

/** The `accept` attribute for a file input of this kind. */
export function acceptOf(rule: FileRule): string {
  return [...rule.extensions.map((e) => `.${e}`), ...rule.mimeTypes].join(',');
}
