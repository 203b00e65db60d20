import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite takes no lock on its data directory and a second process opening it corrupts it
 * (security.md R02). We hold an application lock file with our pid; a stale file whose pid is no
 * longer alive is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(readonly pid: number) {
    super(`数据目录已被进程 ${pid} 占用，请先停止该进程或更换 DATA_DIR`);
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

export function acquireDirLock(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
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
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new DataDirLockedError(holder);
      }
      // Stale lock from a process that died: remove and retry.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`无法获取数据目录锁: ${file}`);
}
