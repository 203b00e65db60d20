import type { AuthContext, Db } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Whether the caller may read the record that holds this file, answered by the module that owns the
 * record kind (an enterprise's licence: the enterprise module's scope of that enterprise). A check
 * answers false for files that are not its kind's, so asking every check is safe.
 */
export type FileScopeCheck = (db: Db, auth: AuthContext, fileId: string) => Promise<boolean>;

/**
 * Who may download a stored file by id, one registry per app (buildApp creates it and decorates it as
 * `app.fileScopes`): each module that attaches files to its records registers one check per owner
 * kind, so the file module never reads the owners' tables. Files follow the scope of the record they
 * belong to (security.md F03, Z02).
 */
export interface FileScopes {
  register(ownerKind: string, check: FileScopeCheck): void;
  /** True when some owner kind's check lets the caller read a record holding the file. */
  readable(db: Db, auth: AuthContext, fileId: string): Promise<boolean>;
  /** The registered owner kinds (for tests and the docs). */
  kinds(): string[];
}

export function createFileScopes(): FileScopes {
  const checks = new Map<string, FileScopeCheck>();
  return {
    register(ownerKind, check) {
      checks.set(ownerKind, check);
    },
    async readable(db, auth, fileId) {
      for (const check of checks.values()) {
        if (await check(db, auth, fileId)) return true;
      }
      return false;
    },
    kinds() {
      return [...checks.keys()];
    },
  };
}

/** How many candidate records of one kind are tried for one file (a file belongs to one record). */
export const CANDIDATE_LIMIT = 20;

/**
 * For owner kinds whose module reads a record through a scoped loader that answers 404 out of scope:
 * true when the caller may read one of the candidate records (records that hold the file). Other
 * errors propagate.
 */
export async function someInScope(
  ids: readonly number[],
  read: (id: number) => Promise<unknown>,
): Promise<boolean> {
  for (const id of ids) {
    try {
      await read(id);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) continue;
      throw err;
    }
  }
  return false;
}
