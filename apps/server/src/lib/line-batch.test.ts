import { describe, expect, it } from 'vitest';
import { batchLines } from './line-batch.ts';

const collect = (size: number) => {
  const chunks: string[] = [];
  const lines = batchLines({ write: (chunk) => chunks.push(chunk.toString('utf8')) }, size);
  return { chunks, lines };
};

describe('batchLines', () => {
  it('hands lines on in order, a chunk at a time, never more than the chunk size', () => {
    const { chunks, lines } = collect(12);
    lines.write('abc\n');
    lines.write('def\n');
    expect(chunks).toEqual([]);
    lines.write('ghi\n');
    expect(chunks).toEqual([]);
    lines.write('jkl\n');
    expect(chunks).toEqual(['abc\ndef\nghi\n']);
    lines.flush();
    expect(chunks).toEqual(['abc\ndef\nghi\n', 'jkl\n']);
  });

  it('hands on whatever is pending when flushed, and nothing when nothing is', () => {
    const { chunks, lines } = collect(4096);
    lines.flush();
    expect(chunks).toEqual([]);
    lines.write('one\n');
    lines.write('two\n');
    lines.flush();
    lines.flush();
    expect(chunks).toEqual(['one\ntwo\n']);
  });

  it('keeps characters beyond ASCII whole, and a line longer than a chunk whole', () => {
    const { chunks, lines } = collect(8);
    lines.write('Zoë\n');
    lines.write('Ünïcødé line\n');
    lines.write('€\n');
    lines.flush();
    expect(chunks).toEqual(['Zoë\n', 'Ünïcødé line\n', '€\n']);
  });

  it('never writes into a chunk it has handed on', () => {
    const kept: Buffer[] = [];
    const lines = batchLines({ write: (chunk) => kept.push(chunk) }, 8);
    lines.write('first\n');
    lines.flush();
    lines.write('second\n');
    lines.flush();
    expect(kept.map((chunk) => chunk.toString())).toEqual(['first\n', 'second\n']);
  });
});
