import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  checkAudio,
  checkEbook,
  checkImage,
  checkVideo,
  fileExtension,
  GB,
  IMAGE_RULE,
  MB,
} from './file-checks.ts';

const f = (name: string, size: number, type = '') => ({ name, size, type });

describe('fileExtension', () => {
  it('reads the last extension in lower case', () => {
    expect(fileExtension('a.B.JPG')).toBe('jpg');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});

describe('checkImage', () => {
  it('accepts the four image types, by extension and MIME type', () => {
    expect(checkImage(f('a.jpeg', 1, 'image/jpeg'))).toBeNull();
    expect(checkImage(f('a.JPG', 1, 'image/jpeg'))).toBeNull();
    expect(checkImage(f('a.png', 1, 'image/png'))).toBeNull();
    expect(checkImage(f('a.gif', 1, 'image/gif'))).toBeNull();
    expect(checkImage(f('a.png', 1, ''))).toBeNull();
  });
  it('refuses other types with the spec message', () => {
    const msg = '请上传jpeg、jpg、png、gif格式的图片!';
    expect(checkImage(f('a.bmp', 1, 'image/bmp'))).toBe(msg);
    expect(checkImage(f('a.webp', 1, 'image/webp'))).toBe(msg);
    expect(checkImage(f('a', 1, 'image/png'))).toBe(msg);
    // Extension and MIME type must agree.
    expect(checkImage(f('a.png', 1, 'application/x-msdownload'))).toBe(msg);
  });
  it('needs each file under 20 MB', () => {
    expect(checkImage(f('a.png', 20 * MB - 1, 'image/png'))).toBeNull();
    expect(checkImage(f('a.png', 20 * MB, 'image/png'))).toBe('图片要小于20M!');
    expect(checkImage(f('a.png', 20 * MB + 1, 'image/png'))).toBe('图片要小于20M!');
  });
  it('reports the type before the size', () => {
    expect(checkImage(f('a.bmp', 30 * MB))).toBe('请上传jpeg、jpg、png、gif格式的图片!');
  });
});

describe('checkAudio', () => {
  it('accepts m4a only', () => {
    expect(checkAudio(f('a.m4a', 1, 'audio/x-m4a'))).toBeNull();
    expect(checkAudio(f('a.m4a', 1, 'audio/mp4'))).toBeNull();
    expect(checkAudio(f('a.mp3', 1, 'audio/mpeg'))).toBe('请上传m4a格式的音频!');
    expect(checkAudio(f('a.wav', 1))).toBe('请上传m4a格式的音频!');
  });
  it('needs each file under 500 MB', () => {
    expect(checkAudio(f('a.m4a', 500 * MB - 1))).toBeNull();
    expect(checkAudio(f('a.m4a', 500 * MB))).toBe('请上传的音频小于500M!');
  });
});

describe('checkVideo', () => {
  it('accepts mp4 only', () => {
    expect(checkVideo(f('a.mp4', 1, 'video/mp4'))).toBeNull();
    expect(checkVideo(f('a.avi', 1, 'video/x-msvideo'))).toBe('请上传mp4格式的视频!');
    expect(checkVideo(f('a.mov', 1))).toBe('请上传mp4格式的视频!');
  });
  it('needs each file under 2 GB', () => {
    expect(checkVideo(f('a.mp4', 2 * GB - 1))).toBeNull();
    expect(checkVideo(f('a.mp4', 2 * GB))).toBe('请上传的视频小于2G!');
  });
});

describe('checkEbook', () => {
  it('accepts pdf only', () => {
    expect(checkEbook(f('a.pdf', 1, 'application/pdf'))).toBeNull();
    expect(checkEbook(f('a.epub', 1, 'application/epub+zip'))).toBe('请上传pdf格式的电子书!');
    expect(checkEbook(f('a.doc', 1))).toBe('请上传pdf格式的电子书!');
  });
  it('needs each file under 100 MB', () => {
    expect(checkEbook(f('a.pdf', 100 * MB - 1))).toBeNull();
    expect(checkEbook(f('a.pdf', 100 * MB))).toBe('请上传的电子书小于100M!');
  });
});

describe('acceptOf', () => {
  it('lists extensions and MIME types for the file dialog', () => {
    const accept = acceptOf(IMAGE_RULE).split(',');
    expect(accept).toEqual(expect.arrayContaining(['.jpeg', '.jpg', '.png', '.gif', 'image/png']));
  });
});
