import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { storeFileBytes } from '../modules/file/index.ts';
import { encodePng } from '../platform/captcha/png.ts';
import type { FileStorage } from '../platform/storage/storage.ts';

/**
 * Business-licence images of the demo enterprises. The web form of 企业信息 requires one, so an enterprise
 * seeded as complete without it could not be saved. The picture is drawn here (no font: a licence-like
 * layout of frame, title band, national-emblem disc, text lines, QR block and seal) and stored through the
 * upload's own storage (`storeFileBytes`), one file per enterprise, owned by the enterprise.
 */

const WIDTH = 480;
const HEIGHT = 340;

type Rgb = readonly [number, number, number];
const PAPER: Rgb = [251, 246, 234];
const FRAME: Rgb = [150, 112, 52];
const RED: Rgb = [196, 32, 38];
const INK: Rgb = [70, 70, 70];
const GREY: Rgb = [170, 170, 170];

/** The licence picture (PNG, 480 × 340). */
export function licencePng(): Buffer {
  const px = new Uint8Array(WIDTH * HEIGHT * 3);
  const set = (x: number, y: number, c: Rgb) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    px[i] = c[0];
    px[i + 1] = c[1];
    px[i + 2] = c[2];
  };
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, c);
  };
  const ring = (cx: number, cy: number, r0: number, r1: number, c: Rgb) => {
    for (let y = cy - r1; y <= cy + r1; y++)
      for (let x = cx - r1; x <= cx + r1; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d >= r0 && d <= r1) set(x, y, c);
      }
  };
  rect(0, 0, WIDTH, HEIGHT, PAPER);
  // Double frame.
  for (const [inset, width] of [
    [6, 5],
    [16, 2],
  ] as const) {
    rect(inset, inset, WIDTH - 2 * inset, width, FRAME);
    rect(inset, HEIGHT - inset - width, WIDTH - 2 * inset, width, FRAME);
    rect(inset, inset, width, HEIGHT - 2 * inset, FRAME);
    rect(WIDTH - inset - width, inset, width, HEIGHT - 2 * inset, FRAME);
  }
  // Emblem and the title band (营业执照).
  ring(WIDTH / 2, 52, 0, 16, RED);
  ring(WIDTH / 2, 52, 8, 10, [240, 200, 60]);
  rect(WIDTH / 2 - 90, 78, 180, 20, RED);
  // Field labels and values as text lines.
  for (let k = 0; k < 6; k++) {
    const y = 118 + k * 26;
    rect(40, y, 64, 8, INK);
    rect(118, y, 110 + ((k * 37) % 80), 8, GREY);
  }
  // QR block (deterministic pattern).
  for (let j = 0; j < 15; j++)
    for (let i = 0; i < 15; i++)
      if ((i * 7 + j * 13 + i * j) % 3 === 0) rect(320 + i * 5, 120 + j * 5, 5, 5, INK);
  // Registration authority's seal.
  ring(400, 272, 30, 34, RED);
  ring(400, 272, 0, 6, RED);
  return encodePng(WIDTH, HEIGHT, px, 3);
}

/**
 * Gives every complete enterprise profile without a business licence image one (a file of its own, owned
 * by the enterprise and its first user). Returns how many were stored.
 */
export async function seedLicenceImages(
  db: Kysely<DB> | Transaction<DB>,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<number> {
  const png = licencePng();
  const run = async (trx: Transaction<DB>) => {
    const rows = await trx
      .selectFrom('insEnterprise as e')
      .innerJoin('sysOrg as o', 'o.id', 'e.id')
      .select([
        'e.id',
        'o.name',
        (eb) =>
          eb
            .selectFrom('sysUser as u')
            .select((x) => x.fn.min('u.id').as('uid'))
            .whereRef('u.orgId', '=', 'e.id')
            .as('userId'),
      ])
      .where('e.infoComplete', '=', true)
      .where('e.businessLicenceFileId', 'is', null)
      .where('o.deletedAt', 'is', null)
      .orderBy('e.id')
      .execute();
    for (const row of rows) {
      const fileId = await storeFileBytes(
        trx,
        storage,
        png,
        `${row.name}营业执照.png`,
        { userId: row.userId ?? null, orgId: row.id },
        now,
      );
      await trx
        .updateTable('insEnterprise')
        .set({ businessLicenceFileId: fileId })
        .where('id', '=', row.id)
        .execute();
    }
    return rows.length;
  };
  return db.isTransaction ? run(db as Transaction<DB>) : db.transaction().execute(run);
}
