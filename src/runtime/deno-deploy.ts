// Deno Deploy entry (`deno task deploy:start`): the edge handler with `@libsql/client/web` and a remote database.
import { createClient } from '@libsql/client/web';
import { createEdgeHandler } from './create-edge-handler.ts';

const handle = createEdgeHandler({ runtime: 'deno-deploy', createClient });

/** Serves one request with the config read from `env` (defaults to the process environment, read once). */
export function handleDenoDeployRequest(request: Request, env: object = processEnvironment()): Promise<Response> {
  return handle(request, env);
}

let environment: Readonly<Record<string, string>> | undefined;
function processEnvironment(): Readonly<Record<string, string>> {
  environment ??= Object.freeze(Deno.env.toObject());
  return environment;
}

if (import.meta.main) Deno.serve((request) => handleDenoDeployRequest(request));
