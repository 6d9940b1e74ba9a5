import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pipeZip } from './export-response';

describe('pipeZip', () => {
  it('resolves once the zip is through and leaves the response open for the audit to finish', async () => {
    const zip = new PassThrough();
    const output = new PassThrough();
    const received: Buffer[] = [];
    output.on('data', (chunk: Buffer) => received.push(chunk));
    const flushed = pipeZip(zip, output);
    zip.end(Buffer.from('PK…'));
    await flushed;
    expect(Buffer.concat(received).toString()).toBe('PK…');
    expect(output.writableEnded).toBe(false);
  });

  it('fails when the response closes before the zip is through, instead of waiting for ever', async () => {
    const zip = new PassThrough();
    // Nobody reads `output`: like a client that stopped reading, it fills and the zip stops draining.
    const output = new PassThrough();
    const flushed = pipeZip(zip, output);
    const paused = once(zip, 'pause');
    for (let chunk = 0; chunk < 16; chunk += 1) zip.write(Buffer.alloc(64 * 1024));
    zip.end();
    await paused;
    expect(output.writableNeedDrain).toBe(true);
    expect(zip.readableLength).toBeGreaterThan(0);
    output.destroy();
    await expect(flushed).rejects.toThrow();
  });
});
