import { describe, expect, it } from 'vitest';
import { batchLines } from './line-batch.ts';

describe('batchLines', () => {
  it('hands lines on in order, one chunk once the pending lines reach the minimum length', () => {
    const chunks: string[] = [];
    const lines = batchLines({ write: (chunk) => chunks.push(chunk) }, 10);
    lines.write('abc\n');
    lines.write('def\n');
    expect(chunks).toEqual([]);
    lines.write('ghi\n');
    expect(chunks).toEqual(['abc\ndef\nghi\n']);
    lines.write('jkl\n');
    expect(chunks).toEqual(['abc\ndef\nghi\n']);
  });

  it('hands on whatever is pending when flushed, and nothing when nothing is', () => {
    const chunks: string[] = [];
    const lines = batchLines({ write: (chunk) => chunks.push(chunk) }, 4096);
    lines.flush();
    expect(chunks).toEqual([]);
    lines.write('one\n');
    lines.write('two\n');
    lines.flush();
    lines.flush();
    expect(chunks).toEqual(['one\ntwo\n']);
  });
});
