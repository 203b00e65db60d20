import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite takes no lock on its data directory and a second process opening it corrupts it
 * (security.md R02). We hold an application lock file with our pid; a stale file whose pid is no
 * longer alive is taken over.
 *
 * Creation is atomic with its content (write a private temp file, then hard-link it to the lock name,
 * which fails if the name exists), so no other process can ever read a half-written lock. Taking over a
 * stale lock renames it to a name of our own first: of several processes racing, one rename wins.
 */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(pid: number) {
    super(`数据目录已被进程 ${pid} 占用，请先停止该进程或更换 DATA_DIR`);
    this.pid = pid;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  release(): void;
}

function readPid(file: string): number | undefined {
  try {
    const n = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : Number.NaN;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export function acquireDirLock(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  const tmp = path.join(dir, `.server.lock.${process.pid}.${Date.now()}`);
  fs.writeFileSync(tmp, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(tmp, file);
        return makeLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readPid(file);
      if (holder === undefined) continue; // vanished between link and read: try again
      // An unreadable pid is treated as held: better to refuse than to open a live database twice.
      if (Number.isNaN(holder)) throw new DataDirLockedError(0);
      if (holder !== process.pid && alive(holder)) throw new DataDirLockedError(holder);
      // Stale: move it aside under a unique name; only one racing process can win this rename.
      const aside = `${file}.stale.${process.pid}.${attempt}`;
      try {
        fs.renameSync(file, aside);
        const moved = readPid(aside);
        if (moved !== holder) {
          // We moved a lock another process had just taken: put it back before retrying.
          try {
            fs.linkSync(aside, file);
          } catch {
            // the name is taken again; the next round reads whoever holds it
          }
        }
        fs.rmSync(aside, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  throw new Error(`无法获取数据目录锁: ${file}`);
}

function makeLock(file: string): DirLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}
