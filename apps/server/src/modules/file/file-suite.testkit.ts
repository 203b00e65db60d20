import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { openStorageUnderTest, type StorageKind, type StorageUnderTest } from '../../../test/storage-kit.ts';
import { cleanFileName, detectContent, fileUploadOptions, MB } from './file.kinds.ts';
import { canReadFile } from './file.service.ts';

/**
 * The file module's upload and download suite (security.md F01-F04), run once per storage (file.test.ts on the
 * shared directory, file-s3.test.ts on an S3-compatible store through the SDK and the local stand-in): what
 * the store holds is read from the store itself (StorageUnderTest), never from the server's answer alone.
 */

// --- multipart bodies by hand --------------------------------------------------------------------

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----aqzrx${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.filename !== undefined) head += `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    head += '\r\n';
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A buffer of `size` bytes starting with `head`, the rest random-ish. */
export function fileOf(head: Buffer | string, size: number): Buffer {
  const h = Buffer.isBuffer(head) ? head : Buffer.from(head, 'latin1');
  const buf = Buffer.alloc(size, 0x41);
  h.copy(buf, 0, 0, Math.min(h.length, size));
  if (size > h.length + 64) randomBytes(64).copy(buf, h.length);
  return buf;
}

export const HEADS = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'),
  gif87: Buffer.from('GIF87a\x01\x00\x01\x00\x80\x00\x00', 'latin1'),
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  m4a: Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypM4A \x00\x00\x00\x00M4A mp42isom', 'latin1'),
  ]),
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom\x00\x00\x02\x00isomiso2avc1mp41', 'latin1'),
  ]),
  exe: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
};

/** The suite's app and store, for tests a storage adds of its own. */
export interface FileSuite {
  t(): TestContext;
  store(): StorageUnderTest;
  token(who: string): string;
  uploadFile(filename: string, data: Buffer, token?: string): Promise<LightMyRequestResponse>;
}

export function fileSuite(kind: StorageKind): FileSuite {
  // --- context -------------------------------------------------------------------------------------

  let t: TestContext;
  let store: StorageUnderTest;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const defaults = structuredClone(fileUploadOptions);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aqzrx-files-${kind}-`));
    store = await openStorageUnderTest(kind, dataDir);
    t = await createTestContext({
      DATA_DIR: dataDir,
      API_RATE_MAX: '100000',
      LOGIN_RATE_MAX: '1000',
      ...store.env,
    });
    for (const u of ['admin', 'gov', 'ent', 'ent2', 'insurer', 'service', 'expert'])
      tokens[u] = await t.login(u);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    Object.assign(fileUploadOptions.limits, defaults.limits);
    fileUploadOptions.ratePerMinute = defaults.ratePerMinute;
  });

  const upload = (parts: Part[], token: string | undefined = tokens.ent) => {
    const { payload, headers } = multipart(parts);
    return t.call({
      method: 'POST',
      url: '/api/file/uploadFile',
      payload,
      headers,
      ...(token ? { token } : {}),
    });
  };
  const uploadFile = (filename: string, data: Buffer, token?: string) =>
    upload([{ name: 'file', filename, data }], token);

  const get = (url: string, token?: string) => t.call({ method: 'GET', url, ...(token ? { token } : {}) });

  /** The complete files in the store. */
  const storedKeys = () => store.keys();
  /** Polls until fn gives a value (for rows written after the response). */
  async function eventually<T>(fn: () => Promise<T | undefined>, ms = 5000): Promise<T | undefined> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v !== undefined || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  /** Writes under way or left over in the store (`.part` files, open multipart uploads). */
  const partFiles = () => store.partial();
  const fileRows = () => t.database.db.selectFrom('sysFile').selectAll().execute();
  const row = (id: string) =>
    t.database.db.selectFrom('sysFile').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // --- tests ---------------------------------------------------------------------------------------

  describe('magic bytes and names (unit)', () => {
    it('recognises each kind by its first bytes only', () => {
      expect(detectContent(HEADS.png)?.mime).toBe('image/png');
      expect(detectContent(HEADS.jpg)?.exts).toEqual(['jpg', 'jpeg']);
      expect(detectContent(HEADS.gif)?.mime).toBe('image/gif');
      expect(detectContent(HEADS.gif87)?.mime).toBe('image/gif');
      expect(detectContent(HEADS.pdf)?.kind).toBe('pdf');
      expect(detectContent(HEADS.m4a)?.kind).toBe('m4a');
      expect(detectContent(HEADS.mp4)?.kind).toBe('mp4');
      // Other ISO base media files are not mp4 video: HEIC images, QuickTime, 3GP.
      for (const brand of ['heic', 'mif1', 'qt  ', '3gp4']) {
        expect(
          detectContent(Buffer.from(`\x00\x00\x00\x18ftyp${brand}\x00\x00\x00\x00`, 'latin1')),
          brand,
        ).toBeNull();
      }
      expect(detectContent(HEADS.exe)).toBeNull();
      expect(detectContent(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
      expect(detectContent(Buffer.from('GIF88a....'))).toBeNull();
    });

    it('keeps only a base name of at most 100 characters, extension kept', () => {
      expect(cleanFileName('../../x.png')).toBe('x.png');
      expect(cleanFileName('..\\..\\windows\\evil.png')).toBe('evil.png');
      expect(cleanFileName('a\u0000b\r\n.png')).toBe('ab.png');
      const long = cleanFileName(`${'很'.repeat(150)}.pdf`);
      expect(Array.from(long)).toHaveLength(100);
      expect(long.endsWith('.pdf')).toBe(true);
    });

    it('canReadFile (attaching): uploader, same organisation, admin and government; public files for all', () => {
      const file = { ownerUserId: 5, ownerOrgId: 3, isPublic: false, deletedAt: null };
      expect(canReadFile({ userId: 5, orgId: null, roleKey: 'ROLE_ENT' }, file)).toBe(true);
      expect(canReadFile({ userId: 6, orgId: 3, roleKey: 'ROLE_ENT' }, file)).toBe(true);
      expect(canReadFile({ userId: 7, orgId: 4, roleKey: 'ROLE_INSURANCE' }, file)).toBe(false);
      expect(
        canReadFile({ userId: 7, orgId: null, roleKey: 'ROLE_USER' }, { ...file, ownerOrgId: null }),
      ).toBe(false);
      expect(canReadFile({ userId: 8, orgId: 9, roleKey: 'ROLE_GOVERNMENT' }, file)).toBe(true);
      expect(canReadFile({ userId: 1, orgId: null, roleKey: 'ROLE_ADMIN' }, file)).toBe(true);
      expect(canReadFile({ userId: 7, orgId: 4, roleKey: 'ROLE_SERVICE' }, { ...file, isPublic: true })).toBe(
        true,
      );
      expect(
        canReadFile({ userId: 5, orgId: 3, roleKey: 'ROLE_ENT' }, { ...file, deletedAt: new Date() }),
      ).toBe(false);
    });
  });

  describe('POST /api/file/uploadFile: accepted kinds', () => {
    const cases: [string, Buffer, string, string][] = [
      ['photo.png', fileOf(HEADS.png, 5000), 'image', 'image/png'],
      ['photo.jpg', fileOf(HEADS.jpg, 4000), 'image', 'image/jpeg'],
      ['photo.JPEG', fileOf(HEADS.jpg, 4000), 'image', 'image/jpeg'],
      ['anim.gif', fileOf(HEADS.gif, 3000), 'image', 'image/gif'],
      ['old.gif', fileOf(HEADS.gif87, 3000), 'image', 'image/gif'],
      ['录音.m4a', fileOf(HEADS.m4a, 70_000), 'm4a', 'audio/mp4'],
      ['video.mp4', fileOf(HEADS.mp4, 200_000), 'mp4', 'video/mp4'],
      ['安全手册.pdf', fileOf(HEADS.pdf, 9000), 'pdf', 'application/pdf'],
    ];
    it.each(cases)('%s is stored with its sha256 and a row', async (name, data, kind, mime) => {
      const res = await uploadFile(name, data);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ error: 0, apiError: 0, result: '上传成功' });
      const { fileMap } = body.data;
      expect(fileMap).toMatchObject({ fileName: name, fileSize: data.length });
      expect(fileMap.fileId).toMatch(/^[0-9a-f-]{36}$/);
      expect(fileMap.fileUrl).toBe(`/api/file/${fileMap.fileId}`);

      const r = await row(fileMap.fileId);
      const ext = name.split('.').pop()!.toLowerCase();
      expect(r).toMatchObject({ kind, mime, ext, size: data.length, originalName: name, isPublic: false });
      expect(r.sha256).toBe(createHash('sha256').update(data).digest('hex'));
      expect(r.storagePath).toMatch(new RegExp(`^\\d{4}/\\d{2}/${fileMap.fileId}\\.${ext}$`));
      expect(store.read(r.storagePath)?.equals(data)).toBe(true);
      expect(partFiles()).toEqual([]);
    });

    it('records the uploader and organisation, and an operation-log row', async () => {
      const res = await uploadFile('a.png', fileOf(HEADS.png, 100));
      const id = res.json().data.fileMap.fileId;
      const r = await row(id);
      const ent = await t.database.db
        .selectFrom('sysUser')
        .select(['id', 'orgId'])
        .where('username', '=', 'ent')
        .executeTakeFirstOrThrow();
      expect(r.ownerUserId).toBe(ent.id);
      expect(r.ownerOrgId).toBe(ent.orgId);
      const log = await t.database.db
        .selectFrom('sysOperLog')
        .selectAll()
        .where('targetId', '=', id)
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({ module: '文件', kind: 'add', outcome: 'success', username: 'ent' });
    });

    it('ignores other form fields', async () => {
      const res = await upload([
        { name: 'note', data: 'hello' },
        { name: 'file', filename: 'x.pdf', data: fileOf(HEADS.pdf, 100) },
        { name: 'after', data: 'bye' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('POST /api/file/uploadFile: sizes', () => {
    it('accepts an image of exactly 20 MB and refuses 20 MB + 1 byte with 413 (security F01), leaving nothing behind', async () => {
      const limit = 20_971_520;
      const atLimit = await uploadFile('big.png', fileOf(HEADS.png, limit));
      expect(atLimit.statusCode, atLimit.body).toBe(200);
      expect(atLimit.json().data.fileMap.fileSize).toBe(limit);

      const before = (await fileRows()).length;
      const diskBefore = storedKeys();
      const over = await uploadFile('big.png', fileOf(HEADS.png, limit + 1));
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({
        error: 413,
        result: '上传的文件大小超出限制，允许的最大大小是 20 MB',
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(over.headers.connection).toBe('close');
      expect((await fileRows()).length).toBe(before);
      expect(storedKeys()).toEqual(diskBefore);
      expect(partFiles()).toEqual([]);
      // The failure's operation-log row is written after the response (onResponse hook).
      const requestId: string = over.json().requestId;
      const log = await eventually(() =>
        t.database.db
          .selectFrom('sysOperLog')
          .select(['outcome', 'errorMsg'])
          .where('requestId', '=', requestId)
          .where('module', '=', '文件')
          .executeTakeFirst(),
      );
      expect(log).toEqual({ outcome: 'fail', errorMsg: expect.stringMatching(/^413 /) });
    });

    it('applies the pdf, m4a and mp4 limits by kind (limits lowered for the test)', async () => {
      Object.assign(fileUploadOptions.limits, { image: 1 * MB, pdf: 1 * MB, m4a: 2 * MB, mp4: 3 * MB });
      const before = (await fileRows()).length;
      for (const [name, head, limit, n] of [
        ['doc.pdf', HEADS.pdf, 1 * MB, 1],
        ['song.m4a', HEADS.m4a, 2 * MB, 2],
        // mp4 is the largest kind here, so busboy's own fileSize limit is the one that fires.
        ['clip.mp4', HEADS.mp4, 3 * MB, 3],
        ['pic.gif', HEADS.gif, 1 * MB, 1],
      ] as const) {
        const ok = await uploadFile(name, fileOf(head, limit));
        expect(ok.statusCode, `${name} at limit`).toBe(200);
        const over = await uploadFile(name, fileOf(head, limit + 1));
        expect(over.statusCode, `${name} over limit`).toBe(413);
        expect(over.json().result).toBe(`上传的文件大小超出限制，允许的最大大小是 ${n} MB`);
      }
      // A 1.5 MB m4a is within its own limit although it is over the pdf and image limits.
      expect((await uploadFile('mid.m4a', fileOf(HEADS.m4a, 1.5 * MB))).statusCode).toBe(200);
      expect((await fileRows()).length).toBe(before + 5);
      expect(partFiles()).toEqual([]);
    });

    it('has the production limits of spec 5 by default', () => {
      expect(defaults.limits).toEqual({ image: 20_971_520, m4a: 500 * MB, mp4: 2048 * MB, pdf: 100 * MB });
    });
  });

  describe('POST /api/file/uploadFile: refused', () => {
    it('401 without a token, before reading the body', async () => {
      const res = await uploadFile('a.png', fileOf(HEADS.png, 100), '');
      expect(res.statusCode).toBe(401);
    });

    it.each([
      ['an exe renamed .png', 'setup.png', fileOf(HEADS.exe, 4000)],
      [
        'an SVG',
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['an SVG named .png', 'logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['an HTML file', 'page.html', Buffer.from('<!DOCTYPE html><html><body>hi</body></html>')],
      ['HTML named .pdf', 'page.pdf', Buffer.from('<!DOCTYPE html><html><body>hi</body></html>')],
      ['png content named .pdf', 'report.pdf', fileOf(HEADS.png, 3000)],
      ['pdf content named .png', 'image.png', fileOf(HEADS.pdf, 3000)],
      ['m4a content named .mp4', 'clip.mp4', fileOf(HEADS.m4a, 3000)],
      ['mp4 content named .m4a', 'song.m4a', fileOf(HEADS.mp4, 3000)],
      ['a name without extension', 'photo', fileOf(HEADS.png, 3000)],
      ['a php script named .php', 'a.php', Buffer.from('<?php echo 1;')],
      ['a tiny file shorter than any magic', 'x.png', Buffer.from([0x89, 0x50])],
    ])('415 for %s', async (_label, name, data) => {
      const before = (await fileRows()).length;
      const keys = storedKeys();
      const res = await uploadFile(name, data);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ error: 415, result: '文件类型不允许' });
      expect((await fileRows()).length).toBe(before);
      expect(partFiles()).toEqual([]);
      expect(storedKeys()).toEqual(keys);
    });

    it('400 for an empty file', async () => {
      const keys = storedKeys();
      const res = await uploadFile('x.png', Buffer.alloc(0));
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe('上传的文件内容为空');
      expect(partFiles()).toEqual([]);
      expect(storedKeys()).toEqual(keys);
    });

    it('406 for a request that is not multipart', async () => {
      const json = await t.call({
        method: 'POST',
        url: '/api/file/uploadFile',
        token: tokens.ent,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(406);
      expect(json.json()).toMatchObject({ error: 406, result: '请使用 multipart/form-data 上传文件' });
      const raw = await t.call({
        method: 'POST',
        url: '/api/file/uploadFile',
        token: tokens.ent,
        headers: { 'content-type': 'application/octet-stream' },
        payload: fileOf(HEADS.png, 100),
      });
      expect(raw.statusCode).toBe(406);
      const none = await t.call({ method: 'POST', url: '/api/file/uploadFile', token: tokens.ent });
      expect(none.statusCode).toBe(406);
    });

    it('400 when the file field is missing or has another name', async () => {
      const keys = storedKeys();
      const noFile = await upload([{ name: 'note', data: 'hello' }]);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().result).toBe('请选择要上传的文件');
      const empty = await upload([]);
      expect(empty.statusCode).toBe(400);
      const other = await upload([{ name: 'upload', filename: 'a.png', data: fileOf(HEADS.png, 100) }]);
      expect(other.statusCode).toBe(400);
      expect(other.json().result).toBe('请使用表单字段 file 上传文件');
      expect(partFiles()).toEqual([]);
      expect(storedKeys()).toEqual(keys);
    });

    it('413 for more than one file or too many fields, with no row and no file kept', async () => {
      const before = (await fileRows()).length;
      const keys = storedKeys();
      const two = await upload([
        { name: 'file', filename: 'a.png', data: fileOf(HEADS.png, 100) },
        { name: 'file', filename: 'b.png', data: fileOf(HEADS.png, 100) },
      ]);
      expect(two.statusCode, two.body).toBe(413);
      const fields = await upload([
        ...Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
        { name: 'file', filename: 'a.png', data: fileOf(HEADS.png, 100) },
      ]);
      expect(fields.statusCode, fields.body).toBe(413);
      expect((await fileRows()).length).toBe(before);
      expect(partFiles()).toEqual([]);
      expect(storedKeys()).toEqual(keys);
    });

    it('400 for a broken multipart body', async () => {
      const keys = storedKeys();
      const { payload, headers } = multipart([
        { name: 'file', filename: 'a.png', data: fileOf(HEADS.png, 5000) },
      ]);
      const res = await t.call({
        method: 'POST',
        url: '/api/file/uploadFile',
        token: tokens.ent,
        headers,
        payload: payload.subarray(0, 3000),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(partFiles()).toEqual([]);
      expect(storedKeys()).toEqual(keys);
    });

    it('limits uploads per user per minute', async () => {
      fileUploadOptions.ratePerMinute = 2;
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await uploadFile('a.png', fileOf(HEADS.png, 100), tokens.expert)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      // Another user is not affected.
      expect((await uploadFile('a.png', fileOf(HEADS.png, 100), tokens.service)).statusCode).toBe(200);
    });
  });

  describe('file names', () => {
    it('stores path-traversal names as metadata only, under a generated name', async () => {
      for (const name of ['../../x.png', '..\\..\\y.png', '/etc/passwd.png']) {
        const res = await uploadFile(name, fileOf(HEADS.png, 200));
        expect(res.statusCode, name).toBe(200);
        const { fileId, fileName } = res.json().data.fileMap;
        expect(fileName).not.toMatch(/[\\/]/);
        expect(fileName).toMatch(/^[a-z]+\.png$/);
        const r = await row(fileId);
        expect(r.storagePath).toMatch(new RegExp(`^\\d{4}/\\d{2}/${fileId}\\.png$`));
        expect(store.read(r.storagePath)).toBeDefined();
      }
      expect(fs.existsSync(path.join(dataDir, 'x.png'))).toBe(false);
      expect(fs.existsSync(path.join(path.dirname(dataDir), 'x.png'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'uploads', '..', 'y.png'))).toBe(false);
      expect(storedKeys().filter((k) => !/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]+$/.test(k))).toEqual([]);
    });

    it('shortens a long name to 100 characters', async () => {
      const res = await uploadFile(`${'长'.repeat(130)}.pdf`, fileOf(HEADS.pdf, 200));
      const name: string = res.json().data.fileMap.fileName;
      expect(Array.from(name)).toHaveLength(100);
      expect(name.endsWith('.pdf')).toBe(true);
    });
  });

  describe('GET /api/file/:id', () => {
    let pdfId: string;
    let pngId: string;
    const pdf = fileOf(HEADS.pdf, 4096);
    const png = fileOf(HEADS.png, 2048);
    beforeAll(async () => {
      pdfId = (await uploadFile('安全 报告(1).pdf', pdf, tokens.ent)).json().data.fileMap.fileId;
      pngId = (await uploadFile('logo.png', png, tokens.ent)).json().data.fileMap.fileId;
    });

    it('streams the file back to its uploader with type, disposition and nosniff', async () => {
      const res = await get(`/api/file/${pdfId}`, tokens.ent);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(pdf.length));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('安全 报告').replace(/%20/g, '%20')}%281%29.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('shows images inline', async () => {
      const res = await get(`/api/file/${pngId}`, tokens.ent);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''logo.png");
      expect(res.rawPayload.equals(png)).toBe(true);
    });

    it("answers another organisation's file exactly like a missing one (404)", async () => {
      const missing = await get(`/api/file/${randomUUID()}`, tokens.insurer);
      const foreign = await get(`/api/file/${pdfId}`, tokens.insurer);
      const otherEnt = await get(`/api/file/${pdfId}`, tokens.ent2);
      const garbage = await get('/api/file/not-a-uuid', tokens.insurer);
      for (const res of [missing, foreign, otherEnt, garbage]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: 404, code: 'NOT_FOUND', result: missing.json().result });
      }
    });

    it('lets the admin read any file; the government only files of records in its scope (file-scope.test.ts)', async () => {
      expect((await get(`/api/file/${pdfId}`, tokens.admin)).statusCode).toBe(200);
      expect((await get(`/api/file/${pdfId}`, tokens.gov)).statusCode).toBe(404);
    });

    it('requires a token', async () => {
      expect((await get(`/api/file/${pdfId}`)).statusCode).toBe(401);
    });

    it('hides deleted files and files whose bytes are gone', async () => {
      const id = (await uploadFile('gone.png', fileOf(HEADS.png, 100))).json().data.fileMap.fileId;
      const r = await row(id);
      store.remove(r.storagePath);
      expect((await get(`/api/file/${id}`, tokens.ent)).statusCode).toBe(404);
      await t.database.db
        .updateTable('sysFile')
        .set({ deletedAt: new Date() })
        .where('id', '=', pngId)
        .execute();
      expect((await get(`/api/file/${pngId}`, tokens.ent)).statusCode).toBe(404);
    });
  });

  describe('GET /api/public/file/:id', () => {
    it('serves public files without a token and nothing else', async () => {
      const png = fileOf(HEADS.png, 1000);
      const id = (await uploadFile('banner.png', png, tokens.admin)).json().data.fileMap.fileId;
      expect((await get(`/api/public/file/${id}`)).statusCode).toBe(404);
      await t.database.db.updateTable('sysFile').set({ isPublic: true }).where('id', '=', id).execute();
      const res = await get(`/api/public/file/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(png)).toBe(true);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Public files are readable by any signed-in user too.
      expect((await get(`/api/file/${id}`, tokens.insurer)).statusCode).toBe(200);
      expect((await get(`/api/public/file/${randomUUID()}`)).statusCode).toBe(404);
    });
  });

  describe('aborted upload over a real socket', () => {
    it('keeps nothing in the store and writes no row when the client disconnects mid-file', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const keys = storedKeys();
      const { port } = t.app.server.address() as AddressInfo;
      const before = (await fileRows()).length;
      const boundary = 'abortboundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/file/uploadFile',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(10 * MB),
          'x-token': tokens.gov,
        },
      });
      req.on('error', () => undefined);
      req.write(head);
      // 6 MB: past the first 5 MB part, so S3 has a multipart upload under way (local: the temp file).
      req.write(fileOf(HEADS.mp4, 6 * MB));
      // Wait until the store holds the partial write, then drop the connection.
      const deadline = Date.now() + 10_000;
      while (partFiles().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(partFiles()).toHaveLength(1);
      req.destroy();
      const gone = Date.now() + 10_000;
      while (partFiles().length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
      expect(partFiles()).toEqual([]);
      expect(storedKeys()).toEqual(keys);
      expect((await fileRows()).length).toBe(before);
    });
  });

  describe('GET /api/file/:id with Range (players seek in videos and audio)', () => {
    const mp4 = fileOf(HEADS.mp4, 300_000);
    let id: string;
    beforeAll(async () => {
      id = (await uploadFile('clip.mp4', mp4, tokens.ent)).json().data.fileMap.fileId;
    });
    const ranged = (range: string) =>
      t.call({ method: 'GET', url: `/api/file/${id}`, token: tokens.ent, headers: { range } });

    it('answers one range with 206 and those bytes only', async () => {
      const res = await ranged('bytes=1000-1999');
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 1000-1999/${mp4.length}`);
      expect(res.headers['content-length']).toBe('1000');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(mp4.subarray(1000, 2000))).toBe(true);
      const open = await ranged(`bytes=${mp4.length - 10}-`);
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(mp4.subarray(-10))).toBe(true);
      const suffix = await ranged('bytes=-500');
      expect(suffix.headers['content-range']).toBe(
        `bytes ${mp4.length - 500}-${mp4.length - 1}/${mp4.length}`,
      );
      expect(suffix.rawPayload.equals(mp4.subarray(-500))).toBe(true);
      // An end past the file is cut to the file.
      const past = await ranged(`bytes=299990-400000`);
      expect(past.headers['content-range']).toBe(`bytes 299990-299999/${mp4.length}`);
      expect(past.rawPayload.equals(mp4.subarray(299_990))).toBe(true);
    });

    it('says it serves ranges, and sends the whole file for no, several or malformed ranges', async () => {
      const whole = await get(`/api/file/${id}`, tokens.ent);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2', 'bytes=x-']) {
        const res = await ranged(range);
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.equals(mp4), range).toBe(true);
      }
    });

    it('416 with the size for a range past the end', async () => {
      const res = await ranged(`bytes=${mp4.length}-`);
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${mp4.length}`);
      expect(res.json()).toMatchObject({ error: 416, result: '请求的文件范围超出文件大小' });
    });

    it('checks access before the range: another organisation gets the same 404', async () => {
      const res = await t.call({
        method: 'GET',
        url: `/api/file/${id}`,
        token: tokens.insurer,
        headers: { range: 'bytes=0-9' },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  return {
    t: () => t,
    store: () => store,
    token: (who) => tokens[who]!,
    uploadFile,
  };
}
