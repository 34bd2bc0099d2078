// Control routes under /_simulator/ so rigs in any language can drive the simulator over HTTP.
import type { Simulator } from './create-simulator.ts';
import type { Fault } from './faults.ts';
import type { ScriptItem } from './script.ts';
import { isObject } from './types.ts';

export const CONTROL_PREFIX = '/_simulator/';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * POST clock/advance {ms} · POST clock/set {ms} · POST script {items} · POST faults {fault?, times?, model?, latencyMs?, clear?}
 * · GET log · GET cache · POST cache/clear · POST reset. Bad input → 400 `{ error }`; unknown route → 404. Never throws.
 */
export async function handleControlRequest(simulator: Simulator, request: Request): Promise<Response> {
  const route = `${request.method} ${new URL(request.url).pathname.slice(CONTROL_PREFIX.length)}`;
  let body: Record<string, unknown> = {};
  if (request.method === 'POST') {
    const text = await request.text();
    try {
      const parsed: unknown = text === '' ? {} : JSON.parse(text);
      if (!isObject(parsed)) return json({ error: 'the body must be a JSON object' }, 400);
      body = parsed;
    } catch {
      return json({ error: 'the body is not valid JSON' }, 400);
    }
  }
  try {
    switch (route) {
      case 'POST clock/advance':
        simulator.clock.advance(Number(body['ms']));
        return json({ now: simulator.clock.now() });
      case 'POST clock/set':
        simulator.clock.set(Number(body['ms']));
        return json({ now: simulator.clock.now() });
      case 'POST script': {
        if (!Array.isArray(body['items'])) return json({ error: 'expected {"items": [...]}' }, 400);
        simulator.script.enqueue(...(body['items'] as ScriptItem[]));
        return json({ pending: simulator.script.pending().length });
      }
      case 'POST faults':
        if (body['clear'] === true) simulator.faults.clear();
        if (typeof body['latencyMs'] === 'number') simulator.faults.latencyMs = body['latencyMs'];
        if (isObject(body['fault'])) {
          const times = typeof body['times'] === 'number' ? body['times'] : 1;
          simulator.faults.inject(body['fault'] as Fault, {
            times,
            ...(typeof body['model'] === 'string' ? { model: body['model'] } : {}),
          });
        }
        return json({ pending: simulator.faults.pending().length, latencyMs: simulator.faults.latencyMs });
      case 'GET log':
        return json({ entries: simulator.log.entries() });
      case 'GET cache':
        return json({ now: simulator.clock.now(), entries: simulator.cache.entries() });
      case 'POST cache/clear':
        simulator.cache.clear();
        return json({ entries: 0 });
      case 'POST reset':
        simulator.reset();
        return json({ ok: true });
      default:
        return json({ error: `no control route ${route}` }, 404);
    }
  } catch (error) {
    return json({ error: error instanceof Error ? error.message : String(error) }, 400);
  }
}
