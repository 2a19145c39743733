import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-precompress-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };
  const big = (word: string) => `${word} `.repeat(400);

  it('writes .br and .gz beside each text file that decompress to the file', async () => {
    const files = [
      write('index.html', `<!doctype html>${big('<p>page</p>')}`),
      write('assets/index-B0wpPeWq.js', big('console.log(1);')),
      write('assets/index-B0wpPeWq.css', big('a{color:red}')),
      write('flags/fr.svg', `<svg>${big('<rect/>')}</svg>`),
      write('manifest.webmanifest', JSON.stringify({ names: big('SpeedRank') })),
    ];
    await precompressDir(dir);
    for (const file of files) {
      const source = fs.readFileSync(file);
      const br = fs.readFileSync(`${file}.br`);
      const gz = fs.readFileSync(`${file}.gz`);
      expect(zlib.brotliDecompressSync(br).equals(source), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(source), file).toBe(true);
      expect(br.length, file).toBeLessThan(source.length);
    }
  });

  it('leaves small files and binary files alone', async () => {
    const small = write('favicon.svg', '<svg/>');
    const image = write('assets/photo-C1d2.png', Buffer.alloc(4096));
    await precompressDir(dir);
    for (const file of [small, image]) {
      expect(fs.existsSync(`${file}.br`), file).toBe(false);
      expect(fs.existsSync(`${file}.gz`), file).toBe(false);
    }
  });
});
