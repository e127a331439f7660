import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/stack';

const serverBin = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** The server the NATS suites ran against must be the line production runs (decision 0008). */
describe.skipIf(!existsSync(serverBin))('one NATS version', () => {
  it('docker-compose runs the same NATS minor version as the server the tests use', () => {
    const tested = /v?(\d+)\.(\d+)\.\d+/.exec(execFileSync(serverBin, ['--version'], { encoding: 'utf8' }));
    const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const images = [...compose.matchAll(/image:\s*nats:(\d+)\.(\d+)/g)];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(`${image[1]}.${image[2]}`).toBe(`${tested![1]}.${tested![2]}`);
  });
});
