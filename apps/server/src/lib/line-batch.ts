/** Where batched lines go: a writer of byte chunks (pino.destination's SonicBoom in buffer mode, in the server). */
export type ChunkWriter = { write: (chunk: Buffer) => unknown };

/**
 * Collects log lines and hands them on in chunks of about `size` bytes (and whatever is pending
 * whenever `flush` is called). Each line is copied into the chunk's bytes as it comes, so the line
 * itself is garbage at once: keeping the strings until a chunk was full carried thousands of them
 * through the garbage collector's young generation, and SonicBoom's own `minLength` buffering
 * measured the UTF-8 length of its whole pending buffer on every line (issue 13). A chunk, once
 * handed on, is never written again: the writer may keep it.
 */
export const batchLines = (destination: ChunkWriter, size: number) => {
  let chunk = Buffer.allocUnsafe(size);
  let used = 0;
  const flush = (): void => {
    if (used === 0) return;
    const full = chunk.subarray(0, used);
    chunk = Buffer.allocUnsafe(size);
    used = 0;
    destination.write(full);
  };
  return {
    write: (line: string): void => {
      const length = Buffer.byteLength(line);
      if (used + length > size) flush();
      // A line longer than a whole chunk goes on by itself.
      if (length > size) {
        destination.write(Buffer.from(line));
        return;
      }
      used += chunk.write(line, used);
    },
    flush,
  };
};
