import { randomBytes } from 'node:crypto';
import fs, { readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

type Owner = { pid: number; host: string };

/** Data directories this process holds: a second open from the same process is refused, never taken over. */
const heldHere = new Set<string>();

// proper-lockfile's lock is a directory; ours also holds owner.json, so removing it must be recursive.
const lockFs = {
  ...fs,
  rmdir: (target: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
    fs.rm(target, { recursive: true, force: true }, callback),
  rmdirSync: (target: string) => fs.rmSync(target, { recursive: true, force: true }),
};

const readOwner = (lockDir: string): Owner | null => {
  try {
    const owner = JSON.parse(readFileSync(`${lockDir}/owner.json`, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host } : null;
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  // Our own pid in someone else's lock is a previous run (a restarted container is often pid 1 again).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The holder crashed: its process is gone from this machine. Other machines' holders age out after `stale`. */
const isHolderGone = (owner: Owner | null): owner is Owner => owner !== null && owner.host === hostname() && !isAlive(owner.pid);

/**
 * Moves a crashed holder's lock aside. The rename is atomic, so of two processes restarting at once
 * only one removes it; if what was moved turns out to be a fresh lock, it goes back.
 */
const removeCrashedLock = (lockDir: string, crashed: Owner): void => {
  const aside = `${lockDir}.crashed-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockDir, aside);
  } catch {
    return; // Someone else moved it first.
  }
  const moved = readOwner(aside);
  if (moved?.pid === crashed.pid && moved.host === crashed.host) {
    rmSync(aside, { recursive: true, force: true });
  } else {
    try {
      renameSync(aside, lockDir);
    } catch {
      // A third process locked meanwhile; the holder whose lock moved sees it compromised and stops.
    }
  }
};

const lockedError = (dataDir: string) =>
  new DataDirLockedError(
    `The data directory ${dataDir} is in use by another Plansmith process. Stop it first, or set DATA_DIR to another directory.`,
  );

/**
 * PGlite has no lock of its own: a second process on the same files silently loses writes.
 * proper-lockfile gives an atomic lock kept fresh every 5 s; owner.json inside it names the holder,
 * so a restart right after a crash (kill -9) sees the holder is gone instead of waiting 15 s.
 */
export const lockDataDir = async (directory: string): Promise<() => Promise<void>> => {
  const dataDir = path.resolve(directory);
  const lockDir = `${dataDir}/.plansmith.lock`;
  const options = { lockfilePath: lockDir, stale: 15_000, update: 5_000, fs: lockFs };
  const lock = async (): Promise<() => Promise<void>> => {
    const release = await lockfile.lock(dataDir, options);
    // proper-lockfile checks the directory's mtime is still the one it set: keep it after adding the file.
    const { atime, mtime } = statSync(lockDir);
    writeFileSync(`${lockDir}/owner.json`, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
    utimesSync(lockDir, atime, mtime);
    heldHere.add(dataDir);
    return async () => {
      heldHere.delete(dataDir);
      await release();
    };
  };

  try {
    return await lock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
  }
  const owner = readOwner(lockDir);
  if (heldHere.has(dataDir) || !isHolderGone(owner)) throw lockedError(dataDir);
  removeCrashedLock(lockDir, owner);
  try {
    return await lock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw lockedError(dataDir);
    throw error;
  }
};
