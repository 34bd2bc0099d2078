import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { formatConversationsJsonl } from './conversation-format.ts';
import { parseReplayArgs } from './parse-replay-args.ts';
import { createWeatherConversation, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';
import { DEFAULT_TURN_SETTINGS } from '../../src/turn/turn-dependencies.ts';
import { createReplaySettings, findLiveConnection, runReplayCli, SIMULATED_TIMEOUT_MS } from './run-replay-cli.ts';
import { runReplay } from './run-replay.ts';
import { renderPolicyComparison } from './compare-domain-tool-policies.ts';

const directory = mkdtempSync(join(tmpdir(), 'tokenwise-replay-cli-'));
const input = join(directory, 'weather.jsonl');
const tools = join(directory, 'tools.json');
writeFileSync(input, formatConversationsJsonl([createWeatherConversation()]));
writeFileSync(tools, JSON.stringify(WEATHER_TOOLS));

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runReplayCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    isTty: false,
    env,
  }, { createService: createChatService });
  return { code, stdout, stderr };
}

describe('parseReplayArgs', () => {
  it('reads every flag, both spellings, and comma lists of manifests', () => {
    assert.deepEqual(
      parseReplayArgs([
        '--input',
        'a.jsonl',
        '--tools=x.json,y.json',
        '--tools',
        'z.json',
        '--report',
        'r.html',
        '--json',
        '--live',
        '--progress',
        '--db',
        'd.db',
        '--limit',
        '3',
        '--system-file',
        's.md',
        '--domain-tools=all',
      ]),
      {
        ok: true,
        args: {
          input: 'a.jsonl',
          tools: ['x.json', 'y.json', 'z.json'],
          report: 'r.html',
          json: true,
          live: true,
          progress: true,
          db: 'd.db',
          limit: 3,
          systemFile: 's.md',
          domainTools: 'all',
        },
      },
    );
  });

  it('names what is wrong', () => {
    const cases: [string[], string][] = [
      [[], '--input <file.jsonl> is required'],
      [['--input'], '--input needs a value'],
      [['--input', '--json'], '--input needs a value'],
      [['--input', 'a', '--bogus'], 'unknown argument "--bogus"'],
      [['--input', 'a', '--json=yes'], '--json takes no value'],
      [['--input', 'a', '--input', 'b'], '--input is given more than once'],
      [['--input', 'a', '--limit', '0'], '--limit must be a whole number ≥ 1, got "0"'],
      [
        ['--input', 'a', '--domain-tools', 'every'],
        '--domain-tools must be auto, select or all, got "every" (or compare, for both side by side)',
      ],
      [
        ['--input', 'a', '--domain-tools', 'compare', '--json'],
        '--domain-tools compare prints both runs side by side and takes no --json; run each policy alone for that',
      ],
      [
        ['--input', 'a', '--domain-tools=compare', '--db', 'd.db'],
        '--domain-tools compare prints both runs side by side and takes no --db; run each policy alone for that',
      ],
    ];
    for (const [argv, reason] of cases) assert.deepEqual(parseReplayArgs(argv), { ok: false, reason }, argv.join(' '));
  });
});

describe('runReplayCli', () => {
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('exits 2 with the reason and the usage on argument errors', async () => {
    for (const argv of [[], ['--input', input, '--frobnicate'], ['--input', input, '--limit', 'x']]) {
      const result = await run(argv);
      assert.equal(result.code, 2, argv.join(' '));
      assert.match(result.stderr, /^replay: .+\nUsage: npm run replay/);
      assert.equal(result.stdout, '');
    }
  });

  it('exits 2 for an unreadable input, a bad manifest, or --live without credentials', async () => {
    assert.equal((await run(['--input', join(directory, 'missing.jsonl')])).code, 2);
    const badManifest = join(directory, 'bad.json');
    writeFileSync(badManifest, '[{"name":"x"}]');
    const bad = await run(['--input', input, '--tools', badManifest]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /tools manifest .*bad\.json: manifest\[0\]/);
    const live = await run(['--input', input, '--live'], { PATH: '/usr/bin' });
    assert.equal(live.code, 2);
    assert.match(live.stderr, /--live needs AWS credentials/);
  });

  it('finds live credentials in the usual environment variables only', () => {
    assert.equal(findLiveConnection({}), undefined);
    assert.deepEqual(findLiveConnection({ AWS_BEARER_TOKEN_BEDROCK: 'k', AWS_REGION: 'eu-west-1' }), {
      region: 'eu-west-1',
      bearerToken: 'k',
    });
    assert.deepEqual(findLiveConnection({ AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' }), {
      region: 'us-east-1',
    });
    assert.deepEqual(findLiveConnection({ AWS_PROFILE: 'dev' }), { region: 'us-east-1' });
  });

  it('uses the service defaults, the models from the environment, and long timeouts only against the simulator', () => {
    const simulated = createReplaySettings({ BEDROCK_MODEL_ID: 'm', BEDROCK_CHEAP_MODEL_ID: 'c' }, false);
    assert.deepEqual(simulated, {
      ...DEFAULT_TURN_SETTINGS,
      mainModelId: 'm',
      cheapModelId: 'c',
      selectorTimeoutMs: SIMULATED_TIMEOUT_MS,
      toolTimeoutMs: SIMULATED_TIMEOUT_MS,
    });
    const live = createReplaySettings({ BEDROCK_MODEL_ID: 'm', BEDROCK_CHEAP_MODEL_ID: 'c' }, true);
    assert.deepEqual(live, { ...DEFAULT_TURN_SETTINGS, mainModelId: 'm', cheapModelId: 'c' });
    assert.equal(live.domainToolPolicy, 'auto', 'the service default unless --domain-tools says otherwise');
    assert.equal(createReplaySettings({}, false, 'all').domainToolPolicy, 'all');
  });

  it('replays against the simulator and prints one JSON object with the figures', async () => {
    const result = await run(['--input', input, '--tools', tools, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const parsed = JSON.parse(result.stdout) as {
      conversations: { id: string; persistedTurns: number }[];
      totals: Record<string, { mainCalls: number }>;
    };
    assert.deepEqual(parsed.conversations.map((one) => [one.id, one.persistedTurns]), [['weather-1', 4]]);
    assert.equal(parsed.totals['naive']?.mainCalls, 7);
  });

  it('replays with --domain-tools all: every main call offers every domain tool, and no selector is called', async () => {
    const result = await run(['--input', input, '--tools', tools, '--json', '--domain-tools', 'all']);
    assert.equal(result.code, 0, result.stderr);
    const parsed = JSON.parse(result.stdout) as {
      replays: { turns: { calls: { kind: string; tools: string[] }[] }[] }[];
    };
    const calls = parsed.replays.flatMap((replay) => replay.turns.flatMap((turn) => turn.calls));
    const domain = WEATHER_TOOLS.map((tool) => tool.name).sort();
    const mains = calls.filter((call) => call.kind === 'main');
    assert.ok(mains.length > 0);
    for (const call of mains) assert.deepEqual(call.tools.filter((name) => domain.includes(name)).sort(), domain);
    assert.ok(mains.every((call) => !call.tools.includes('find_tools')), 'nothing left to find');
    assert.equal(calls.filter((call) => call.kind === 'selector').length, 0);
    const table = await run(['--input', input, '--tools', tools, '--domain-tools', 'all']);
    assert.match(table.stdout, /cap 24000 tokens, every domain tool on every request\)/);
    const select = await run(['--input', input, '--tools', tools, '--domain-tools', 'select']);
    assert.doesNotMatch(select.stdout, /every domain tool/);
    // Two weather tools take far less than 6,000 tokens: the default (auto) offers them whole too.
    assert.match((await run(['--input', input, '--tools', tools])).stdout, /every domain tool on every request\)/);
  });

  it('replays twice with --domain-tools compare and says which policy billed less, with both lines', async () => {
    const result = await run(['--input', input, '--tools', tools, '--domain-tools', 'compare']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Totals \(1 conversations/m, 'the selection run prints its table first');
    const block = result.stdout.slice(result.stdout.indexOf('Domain tools on these conversations'));
    assert.match(block, /^ {2}select \(DOMAIN_TOOLS=select\): \d+\.\d% of the better cached baseline/m);
    assert.match(block, /^ {2}all \(DOMAIN_TOOLS=all\): \d+\.\d% .*offered on the first try 100\.0%/m);
    assert.match(
      block,
      /^(DOMAIN_TOOLS=all billed \d+\.\d% less than the selection|The selection billed \d+\.\d% less)/m,
    );
    assert.match(
      block,
      /^DOMAIN_TOOLS=auto, the default, takes all here \(the 2 domain tools take about \d+ tokens, at most 6000\)\.$/m,
    );
    assert.deepEqual(parseReplayArgs(['--input', 'a', '--domain-tools', 'compare']).ok, true);
  });

  it('says which run billed less either way round, by its share of the first run', async () => {
    const replay = (policy: 'select' | 'all') =>
      runReplay({
        conversations: [createWeatherConversation()],
        manifests: [{ label: 'weather', json: WEATHER_TOOLS }],
        settings: createReplaySettings({}, false, policy),
        createService: createChatService,
      });
    const [select, all] = [await replay('select'), await replay('all')];
    assert.ok(select.ok && all.ok);
    const [cheaper, dearer] = select.run.totals.ours.billedInputUsd <= all.run.totals.ours.billedInputUsd
      ? [select.run, all.run]
      : [all.run, select.run];
    const verdict = (first: typeof select.run, second: typeof select.run) =>
      renderPolicyComparison(first, { ok: true, run: second }).split('\n').at(-2) ?? '';
    const saved = (100 * (dearer.totals.ours.billedInputUsd - cheaper.totals.ours.billedInputUsd)) /
      dearer.totals.ours.billedInputUsd;
    assert.match(
      verdict(dearer, cheaper),
      new RegExp(
        `^DOMAIN_TOOLS=all billed ${
          saved.toFixed(1)
        }% less than the selection here( and offered every call on the first try)?\\.$`,
      ),
    );
    const more = (100 * (dearer.totals.ours.billedInputUsd - cheaper.totals.ours.billedInputUsd)) /
      cheaper.totals.ours.billedInputUsd;
    assert.match(
      verdict(cheaper, dearer),
      new RegExp(`^The selection billed ${more.toFixed(1)}% less than DOMAIN_TOOLS=all here`),
    );
  });

  it('gives the refusal as the all line when the catalogue does not fit half the prompt cap', async () => {
    const select = await runReplay({
      conversations: [createWeatherConversation()],
      manifests: [{ label: 'weather', json: WEATHER_TOOLS }],
      settings: createReplaySettings({}, false, 'select'),
      createService: createChatService,
    });
    assert.ok(select.ok);
    const all = await runReplay({
      conversations: [createWeatherConversation()],
      manifests: [{ label: 'weather', json: WEATHER_TOOLS }],
      settings: { ...createReplaySettings({}, false, 'all'), maxInputTokens: 100 },
      createService: createChatService,
    });
    assert.ok(!all.ok && all.everyToolRefused === true);
    const lines = renderPolicyComparison(select.run, all).split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[2] ?? '', /^ {2}all \(DOMAIN_TOOLS=all\): refused: DOMAIN_TOOLS=all sends every domain tool/);
    assert.match(lines[3] ?? '', /^DOMAIN_TOOLS=auto, the default, takes all here/);
  });

  it('refuses --domain-tools all before any turn when the catalogue does not fit half the prompt cap', async () => {
    const result = await runReplay({
      conversations: [createWeatherConversation()],
      manifests: [{ label: 'weather', json: WEATHER_TOOLS }],
      settings: { ...createReplaySettings({}, false, 'all'), maxInputTokens: 100 },
      createService: createChatService,
    });
    assert.deepEqual(result.ok, false);
    assert.match(
      result.ok ? '' : result.reason,
      /^DOMAIN_TOOLS=all sends every domain tool on every request, but the 2 domain tools/,
    );
  });
  it('replays with --assets: the model fetches them at the session start and the run reports what they cost', async () => {
    const assets = join(directory, 'assets');
    mkdirSync(assets);
    writeFileSync(
      join(assets, 'forecast_rules.md'),
      'Give temperatures in Celsius first, then Fahrenheit in brackets. Name the day, not the date, for the next week.',
    );
    writeFileSync(
      join(assets, 'tone.md'),
      'Answer in two short sentences at most. Say when a forecast is uncertain instead of guessing.',
    );
    const json = await run(['--input', input, '--tools', tools, '--assets', assets, '--json']);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as {
      assets: { fetches: number; resultTokens: number; windowTokens: number; windowUsd: number };
      conversations: { persistedTurns: number }[];
    };
    assert.equal(parsed.conversations[0]?.persistedTurns, 4);
    // Two sessions (the recording pauses 40 minutes before its last turns), two assets each.
    assert.equal(parsed.assets.fetches, 4);
    assert.ok(parsed.assets.resultTokens > 20, `result tokens ${parsed.assets.resultTokens}`);
    assert.ok(parsed.assets.windowTokens > parsed.assets.resultTokens, 'later prompts carry the pairs again');
    assert.ok(parsed.assets.windowUsd > 0, 'and they cost something');
    const table = await run(['--input', input, '--tools', tools, '--assets', assets]);
    assert.match(table.stdout, /assets: 4 get_asset results, \d+ tokens\n {2}carried by main prompts: /u);
    const plain = await run(['--input', input, '--tools', tools]);
    assert.doesNotMatch(plain.stdout, /get_asset/u);
  });
});
