import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isAppError } from '../../errors.ts';
import { createToolRegistry, STANDARD_TAG, toToolDefinition } from './tool-registry.ts';

const schema = { type: 'object', properties: { path: { type: 'string', description: 'Path of the file.' } } };
const spec = (name: string, tags: string[] = ['files']) => ({
  name,
  description: `Does ${name}.`,
  inputSchema: schema,
  tags,
});

describe('createToolRegistry', () => {
  it('lists tools by name whatever the registration order, and splits standard from domain tools', () => {
    const registry = createToolRegistry();
    registry.register(spec('zeta'), { tags: ['files'] });
    registry.register(spec('alpha', []), { tags: [STANDARD_TAG] });
    registry.register(spec('Mid', ['mail']));
    assert.deepEqual(registry.all().map((tool) => tool.name), ['Mid', 'alpha', 'zeta']);
    assert.deepEqual(registry.standardTools().map((tool) => tool.name), ['alpha']);
    assert.deepEqual(registry.domainTools().map((tool) => tool.name), ['Mid', 'zeta']);
    assert.deepEqual(registry.domainTools('mail').map((tool) => tool.name), ['Mid']);
    assert.deepEqual(registry.domains(), ['files', 'mail']);
    assert.deepEqual(registry.domainsOf('zeta'), ['files']);
    assert.deepEqual(registry.domainsOf('alpha'), [], 'standard is no domain');
    assert.deepEqual(registry.domainsOf('constructor'), [], 'an unknown name has none');
  });

  it('answers every list anew after a tool is added (the lists by tag are kept between changes, never stale)', () => {
    const registry = createToolRegistry();
    registry.register(spec('read_file'));
    assert.deepEqual(registry.domainTools('files').map((tool) => tool.name), ['read_file']);
    assert.deepEqual(registry.domainTools('mail'), []);
    assert.equal(registry.domainTools('files'), registry.domainTools('files'), 'the same list while nothing changes');
    registry.register(spec('send_mail', ['mail']));
    assert.ok(registry.loadManifest([spec('copy_file'), spec('help', [STANDARD_TAG, 'files'])]).ok);
    assert.deepEqual(registry.domainTools('files').map((tool) => tool.name), ['copy_file', 'read_file']);
    assert.deepEqual(registry.domainTools('mail').map((tool) => tool.name), ['send_mail']);
    assert.deepEqual(registry.domainTools(STANDARD_TAG), [], 'standard is no domain');
    assert.deepEqual(registry.standardTools().map((tool) => tool.name), ['help']);
    assert.deepEqual(registry.domainTools().map((tool) => tool.name), ['copy_file', 'read_file', 'send_mail']);
    assert.deepEqual(registry.domains(), ['files', 'mail']);
    assert.ok(Object.isFrozen(registry.domainTools('files')), 'a caller cannot change the shared list');
  });

  it("gives a tool without a tag its name's service namespace as its domain, when it has one", () => {
    const registry = createToolRegistry();
    registry.loadManifest([
      spec('hotels_4_search_hotel', []),
      spec('hotels_4_reserve_hotel', []),
      spec('book_reservation', []),
      spec('restaurants_1_find_restaurants', ['dining']),
    ]);
    assert.deepEqual(registry.domainsOf('hotels_4_search_hotel'), ['hotels']);
    assert.deepEqual(registry.domainTools('hotels').map((tool) => tool.name), [
      'hotels_4_reserve_hotel',
      'hotels_4_search_hotel',
    ]);
    assert.deepEqual(registry.domainsOf('book_reservation'), [], 'no namespace: no domain');
    assert.deepEqual(registry.domainsOf('restaurants_1_find_restaurants'), ['dining'], 'a given tag is kept');
    assert.deepEqual(registry.domains(), ['dining', 'hotels']);
  });

  it('reads domains from the names of a catalogue that gives none, and only then', () => {
    const names = ['find_movies', 'buy_movie_tickets', 'find_restaurants', 'reserve_restaurant', 'get_weather'];
    const untagged = createToolRegistry();
    untagged.register(spec('help', []), { tags: [STANDARD_TAG] });
    untagged.loadManifest(names.map((name) => spec(name, [])));
    assert.deepEqual(untagged.domainsOf('buy_movie_tickets'), ['movie']);
    assert.deepEqual(untagged.domainTools('restaurant').map((tool) => tool.name), [
      'find_restaurants',
      'reserve_restaurant',
    ]);
    assert.deepEqual(untagged.get('find_movies')?.tags, ['movie'], 'what the selection and the index read');
    assert.deepEqual(untagged.domainsOf('get_weather'), [], 'a name that shares no word has none');
    assert.deepEqual(untagged.domains(), ['movie', 'restaurant']);
    untagged.register(spec('get_forecast', ['weather']));
    assert.deepEqual(untagged.domainsOf('find_movies'), [], 'one tagged tool: the author gives the domains');
    const standard = createToolRegistry();
    standard.loadManifest(['get_standard_rate', 'list_standard_plans'].map((name) => spec(name, [])));
    assert.deepEqual(standard.standardTools(), [], 'a name that says "standard" is no standard tool');
    assert.deepEqual(standard.domainsOf('get_standard_rate'), []);
    const partly = createToolRegistry();
    partly.loadManifest([...names.map((name) => spec(name, [])), spec('get_forecast', ['weather'])]);
    assert.deepEqual(partly.domains(), ['weather']);
  });

  it('serialises the same set to the same bytes', () => {
    const one = createToolRegistry();
    const two = createToolRegistry();
    for (const name of ['b', 'a', 'c']) one.register(spec(name, ['x', 'w']));
    for (const name of ['c', 'b', 'a']) two.register(spec(name, ['w', 'x', 'w']));
    assert.equal(JSON.stringify(one.all()), JSON.stringify(two.all()));
  });

  it('merges tags from the spec and the options, sorted and distinct', () => {
    const registry = createToolRegistry();
    assert.deepEqual(registry.register(spec('a', ['mail', 'files']), { tags: ['files', 'standard'] }).tags, [
      'files',
      'mail',
      'standard',
    ]);
  });

  it('returns frozen copies the caller cannot change and that do not follow the caller’s object', () => {
    const registry = createToolRegistry();
    const input = { ...spec('a'), inputSchema: { type: 'object', properties: {} as Record<string, unknown> } };
    const stored = registry.register(input);
    input.inputSchema.properties['late'] = {};
    assert.deepEqual(registry.get('a')?.inputSchema, { type: 'object', properties: {} });
    assert.ok(Object.isFrozen(stored) && Object.isFrozen(stored.inputSchema) && Object.isFrozen(stored.tags));
    assert.throws(() => (stored.tags as string[]).push('x'));
  });

  const badSpecs: [string, unknown, RegExp][] = [
    ['a name with spaces', spec('bad name'), /tool "bad name": name: must be 1-64/],
    ['a 65-character name', spec('x'.repeat(65)), /name: must be 1-64/],
    ['an empty description', { ...spec('a'), description: '  ' }, /tool "a": description: must not be empty/],
    [
      'a schema that is not an object type',
      { ...spec('a'), inputSchema: { type: 'string' } },
      /tool "a": inputSchema: must have top-level "type": "object"/,
    ],
    ['an array as schema', { ...spec('a'), inputSchema: [] }, /inputSchema: must be a JSON schema object/],
    ['an empty tag', spec('a', ['']), /tool "a": tags\.0: must not be empty/],
    [
      'a relative url',
      { ...spec('a'), http: { url: '/x', method: 'GET' } },
      /http\.url: must be an absolute http\(s\) URL/,
    ],
    ['an ftp url', { ...spec('a'), http: { url: 'ftp://h/x', method: 'GET' } }, /http\.url/],
    [
      'an unknown method',
      { ...spec('a'), http: { url: 'https://h/x', method: 'TRACE' } },
      /http\.method: must be one of GET, POST/,
    ],
  ];
  for (const [what, input, message] of badSpecs) {
    it(`rejects ${what} with config_invalid naming tool and field`, () => {
      const registry = createToolRegistry();
      assert.throws(
        () => registry.register(input as never),
        (error: unknown) => isAppError(error, 'config_invalid') && message.test(error.message),
      );
      assert.equal(registry.all().length, 0);
    });
  }

  it('rejects a duplicate name and keeps the first', () => {
    const registry = createToolRegistry();
    registry.register(spec('a'));
    assert.throws(
      () => registry.register({ ...spec('a'), description: 'Other.' }),
      (error: unknown) => isAppError(error, 'config_invalid') && /already registered/.test(error.message),
    );
    assert.equal(registry.get('a')?.description, 'Does a.');
  });

  it('accepts an http handler', () => {
    const registry = createToolRegistry();
    assert.deepEqual(
      registry.register({ ...spec('a'), http: { url: 'https://api.example.com/a', method: 'POST' } }).http,
      { url: 'https://api.example.com/a', method: 'POST' },
    );
  });
});

describe('loadManifest', () => {
  it('adds every valid entry and reports their names', () => {
    const registry = createToolRegistry();
    assert.deepEqual(registry.loadManifest([spec('b'), spec('a', ['standard'])]), { ok: true, added: ['a', 'b'] });
    assert.equal(registry.standardTools().length, 1);
  });

  it('adds nothing when any entry is bad, and names each problem', () => {
    const registry = createToolRegistry();
    registry.register(spec('taken'));
    const result = registry.loadManifest([spec('fine'), spec('taken'), { name: 'x' }, spec('twice'), spec('twice'), 7]);
    assert.equal(result.ok, false);
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, [
      'manifest[1]: tool "taken": name: already registered',
      'manifest[2]: tool "x": description: is required',
      'manifest[2]: tool "x": inputSchema: is required',
      'manifest[2]: tool "x": tags: is required',
      'manifest[4]: tool "twice": name: appears more than once in the manifest',
      'manifest[5]: tool: must be an object',
    ]);
    assert.deepEqual(registry.all().map((tool) => tool.name), ['taken']);
  });

  it('rejects a manifest that is not an array', () => {
    assert.deepEqual(createToolRegistry().loadManifest({ tools: [] }), {
      ok: false,
      errors: ['manifest: must be a JSON array of tool specs'],
    });
  });
});

describe('toToolDefinition', () => {
  it('keeps name, description and schema only', () => {
    const registry = createToolRegistry();
    const stored = registry.register({ ...spec('a'), http: { url: 'https://h/a', method: 'GET' } });
    assert.deepEqual(toToolDefinition(stored), { name: 'a', description: 'Does a.', inputSchema: schema });
  });
});
