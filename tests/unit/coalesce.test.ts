import { describe, expect, it } from 'vitest';
import { coalesce, coalesceByKey } from '../../server/cache/coalesce';

/** A read of a value that writes change, whose end the test decides: each started read waits for `finish()`. */
function controlledRead() {
  let value = 0;
  const started: { valueAtStart: number; finish: (fail?: boolean) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const valueAtStart = value;
      started.push({
        valueAtStart,
        finish: (fail) => (fail ? reject(new Error('read failed')) : resolve(valueAtStart)),
      });
    });
  return { read, started, write: () => (value += 1) };
}
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalesce', () => {
  it('answers the calls made during a read with one next read, which sees the writes made before them', async () => {
    const source = controlledRead();
    const shared = coalesce(source.read);
    const first = shared();
    source.write(); // committed before the next calls are made: they must see it
    const second = shared();
    const third = shared();
    expect(source.started).toHaveLength(1);

    source.started[0]!.finish();
    expect(await first).toBe(0);
    await turn();
    expect(source.started).toHaveLength(2); // one read for both waiting calls
    source.started[1]!.finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
  });

  it('starts a read of its own for a call made when none runs', async () => {
    const source = controlledRead();
    const shared = coalesce(source.read);
    const first = shared();
    source.started[0]!.finish();
    await first;
    source.write();
    const later = shared();
    expect(source.started).toHaveLength(2);
    source.started[1]!.finish();
    expect(await later).toBe(1);
  });

  it('gives the waiting calls a fresh read when the running one fails', async () => {
    const source = controlledRead();
    const shared = coalesce(source.read);
    const failing = shared();
    const waiting = shared();
    source.started[0]!.finish(true);
    await expect(failing).rejects.toThrow('read failed');
    await turn();
    source.write();
    expect(source.started).toHaveLength(2);
    source.started[1]!.finish();
    expect(await waiting).toBe(0); // its read started before this write, after the call: it need not see it
    // A later call is not stuck behind the failure.
    const after = shared();
    expect(source.started).toHaveLength(3);
    source.started[2]!.finish();
    expect(await after).toBe(1);
  });
});

describe('coalesceByKey', () => {
  it('coalesces the calls of one key; a call of another key starts its own read at once', async () => {
    const reads: { key: string; finish: () => void }[] = [];
    /** Answers which read it was: the key and its place among all reads started. */
    const read = (key: string) =>
      new Promise<string>((resolve) => {
        const started = reads.length + 1;
        reads.push({ key, finish: () => resolve(`${key} #${started}`) });
      });
    const byKey = coalesceByKey(read);
    const a1 = byKey('a');
    const b1 = byKey('b');
    const a2 = byKey('a');
    const a3 = byKey('a');
    expect(reads.map((r) => r.key)).toEqual(['a', 'b']);
    reads[0]!.finish();
    reads[1]!.finish();
    expect(await b1).toBe('b #2');
    expect(await a1).toBe('a #1');
    await turn();
    expect(reads.map((r) => r.key)).toEqual(['a', 'b', 'a']); // one read for both waiting calls of 'a'
    reads[2]!.finish();
    expect(await a2).toBe('a #3');
    expect(await a3).toBe('a #3');
  });
});
