import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseConversationsJsonl } from './conversation-format.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { runImportCli } from './run-import-cli.ts';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenwise-import-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: readonly string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImportCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

const CHAT = (n: number) => [
  { role: 'system', content: 'Be kind.' },
  { role: 'user', content: `question ${n}` },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look.up', arguments: '{"q":1}' } }],
  },
  { role: 'tool', tool_call_id: 'c1', content: 'found' },
  { role: 'assistant', content: `answer ${n}` },
];

describe('runImportCli', () => {
  it('imports an OpenAI log with a system file, renames and sessions; the output loads with the system inlined', async () => {
    const input = join(dir, 'log.json');
    await writeFile(input, JSON.stringify([1, 2, 3, 4].map((n) => ({ id: `chat-${n}`, messages: CHAT(n) }))));
    await writeFile(join(dir, 'system.md'), 'Be kind.');
    const output = join(dir, 'out.jsonl');
    const result = await run([
      '--from',
      'openai',
      '--input',
      input,
      '--output',
      output,
      '--system-file',
      join(dir, 'system.md'),
      '--rename-tool',
      'look_up=lookup',
      '--tool-names',
      'lookup',
      '--sessions',
      '2',
    ]);
    assert.deepEqual(result.err, []);
    assert.equal(result.code, 0);
    assert.match(result.out.at(-1) ?? '', /2 conversations, 4 user turns, 4 tool calls/);
    const loaded = await loadConversationsFile(output);
    assert.deepEqual(loaded.errors, []);
    assert.deepEqual(loaded.conversations.map((c) => [c.id, c.system, c.systemFile, c.tools]), [
      ['log-session-1', 'Be kind.', undefined, ['lookup']],
      ['log-session-2', 'Be kind.', undefined, ['lookup']],
    ]);
  });

  it('imports dialogues, writes the good ones and exits 1 naming the bad one', async () => {
    const input = join(dir, 'dialogues.txt');
    await writeFile(input, 'User: hi\nAssistant: hello\n\nAssistant: I speak first\n');
    const output = join(dir, 'dialogues.jsonl');
    const result = await run(['--from', 'dialogue', '--input', input, '--output', output, '--id-prefix', 'd']);
    assert.equal(result.code, 1);
    assert.match(result.err.join('\n'), /skipped dialogue at line 4: starts with the assistant/);
    assert.deepEqual(parseConversationsJsonl(await readFile(output, 'utf8')).conversations.map((c) => c.id), ['d-1']);
  });

  it('keeps within --max-bytes and says how many it kept', async () => {
    const input = join(dir, 'many.jsonl');
    await writeFile(input, [1, 2, 3].map((n) => JSON.stringify({ messages: CHAT(n) })).join('\n'));
    const output = join(dir, 'many-out.jsonl');
    const result = await run(['--from', 'openai', '--input', input, '--output', output, '--max-bytes', '500']);
    assert.equal(result.code, 0);
    assert.match(result.out.join('\n'), /--max-bytes: kept 1 of 3 conversations/);
    assert.ok((await readFile(output)).length <= 500);
  });

  const usage: readonly [string, readonly string[], RegExp][] = [
    ['a missing --from', ['--input', 'x', '--output', 'y'], /need --from openai\|dialogue/],
    ['an unknown option', ['--from', 'openai', '--bogus'], /bogus/],
    [
      'an unreadable input',
      ['--from', 'openai', '--input', '/nonexistent/file.json', '--output', '/tmp/x.jsonl'],
      /cannot read input/,
    ],
    [
      'a bad --start-at',
      ['--from', 'dialogue', '--input', 'x', '--output', 'y', '--start-at', 'yesterday'],
      /not an ISO date-time/,
    ],
    [
      'a bad --rename-tool',
      ['--from', 'openai', '--input', 'x', '--output', 'y', '--rename-tool', 'oops'],
      /<old>=<new>/,
    ],
  ];
  for (const [name, argv, expected] of usage) {
    it(`exits 2 with the usage on ${name}`, async () => {
      const result = await run(argv);
      assert.equal(result.code, 2);
      assert.match(result.err.join('\n'), expected);
      assert.match(result.err.join('\n'), /usage: npm run import/);
    });
  }

  it('creates the output folder, and exits 2 when the output cannot be written', async () => {
    const input = join(dir, 'one.txt');
    await writeFile(input, 'User: hi\nAssistant: hello\n');
    assert.equal(
      (await run(['--from', 'dialogue', '--input', input, '--output', join(dir, 'new', 'folder', 'out.jsonl')])).code,
      0,
    );
    const blocked = await run(['--from', 'dialogue', '--input', input, '--output', join(input, 'out.jsonl')]);
    assert.equal(blocked.code, 2);
    assert.match(blocked.err.join('\n'), /cannot write output/);
  });

  it('exits 2 when the input is neither JSON nor JSONL', async () => {
    const input = join(dir, 'garbage.json');
    await writeFile(input, '{ not json');
    const result = await run(['--from', 'openai', '--input', input, '--output', join(dir, 'never.jsonl')]);
    assert.equal(result.code, 2);
    assert.match(result.err.join('\n'), /neither JSON nor JSONL/);
  });
});
