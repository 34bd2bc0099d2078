// End to end, offline: `npm run eval:memory` on a small written fixture, through the real chat service, store and
// simulator; the live path's plumbing with the simulator answering.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { runMemoryEvalCli } from './run-memory-eval-cli.ts';

const FIXTURE = new URL('../fixtures/memory/sample-conversations.jsonl', import.meta.url);
const directory = mkdtempSync(join(tmpdir(), 'tokenwise-memory-eval-'));
after(() => rmSync(directory, { recursive: true, force: true }));

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runMemoryEvalCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    isTty: false,
    env,
  }, { createService: createChatService });
  return { code, stdout, stderr };
}

type Figures = {
  totals: { factsAtEviction: { total: number; inList: number }; answers?: unknown }[];
  conversations: {
    summaryUpdates: number;
    questions: {
      id: string;
      evidence: { id: string; status: string }[];
      lexicalRetention: number | null;
      contextTokens: number;
      ours?: { text: string; f1: number; costUSD: number };
      full?: { text: string; f1: number; costUSD: number };
    }[];
  }[];
};

describe('eval:memory', () => {
  it('places the evidence of every question and keeps the evicted booking code and date in the summary', async () => {
    const { code, stdout, stderr } = await run(['--input', FIXTURE.pathname, '--json']);
    assert.equal(code, 0, stderr);
    const figures = JSON.parse(stdout) as Figures;
    const [conversation] = figures.conversations;
    assert.ok(conversation !== undefined && conversation.summaryUpdates > 0);
    assert.deepEqual(
      conversation.questions.map((question) => [question.id, question.evidence.map((entry) => entry.status)]),
      [
        ['q-tram', ['window']],
        ['q-code', ['summary']],
        ['q-date', ['summary', 'summary']],
        ['q-fee', ['window']],
        ['q-leave', ['window']],
      ],
    );
    // ZFA04Y and 2024-05-20 left the window long ago: the fact list kept them, so the gold words are in the context.
    const code1 = conversation.questions.find((question) => question.id === 'q-code');
    assert.deepEqual([code1?.lexicalRetention, code1?.ours], [1, undefined]);
    const [totals] = figures.totals;
    assert.ok(totals !== undefined && totals.factsAtEviction.total >= 2);
    assert.equal(totals.factsAtEviction.inList, totals.factsAtEviction.total);
    assert.equal(totals.answers, undefined);
  });

  it('runs the live path against the simulator: both contexts asked, scored and priced, and writes the report', async () => {
    const report = join(directory, 'memory.html');
    const { code, stdout, stderr } = await run([
      '--input',
      FIXTURE.pathname,
      '--simulated-answers',
      '--report',
      report,
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /answer F1 \(simulator answers: plumbing only, not a quality figure\): tokenwise 0\.\d{3}/);
    assert.match(stdout, /answer cost: tokenwise \$0\.\d{4}, full history \$0\.\d{4}/);
    const html = readFileSync(report, 'utf8');
    assert.ok(html.includes('q-code') && html.includes('Simulated reply') && html.includes('class="summary"'));
  });

  it('asks both contexts in JSON too, each answer scored and priced', async () => {
    const { stdout } = await run(['--input', FIXTURE.pathname, '--simulated-answers', '--json']);
    const questions = (JSON.parse(stdout) as Figures).conversations[0]?.questions ?? [];
    assert.equal(questions.length, 5);
    for (const question of questions) {
      assert.ok(question.ours !== undefined && question.full !== undefined);
      assert.ok(question.ours.text.startsWith('Simulated reply') && question.ours.costUSD > 0);
      assert.ok(question.ours.f1 >= 0 && question.ours.f1 <= 1 && question.full.costUSD > 0);
    }
  });

  it('refuses --live without credentials, and reports a bad line while evaluating the rest', async () => {
    const live = await run(['--input', FIXTURE.pathname, '--live']);
    assert.deepEqual([live.code, /needs AWS credentials/.test(live.stderr)], [2, true]);
    const mixed = join(directory, 'mixed.jsonl');
    writeFileSync(mixed, `{"id":"broken"}\n${readFileSync(FIXTURE, 'utf8')}`);
    const result = await run(['--input', mixed]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /mixed\.jsonl:1: messages/);
    assert.match(result.stdout, /all: 1 conversations, 5 questions/);
  });
});
