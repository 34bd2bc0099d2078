// Workers and Deno Deploy have no files: the deployer's content comes from string bindings instead.
import { AppError } from '../errors.ts';
import type { DeployerContent } from './deployer-content.ts';

const ASSET_ID = /^[a-zA-Z0-9_-]{1,64}$/;

function parseJson(name: string, text: string, shape: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new AppError('config_invalid', `${name} is not valid JSON: it must be ${shape}`, { cause });
  }
}

function readAssets(text: string): Map<string, string> {
  const value = parseJson('ASSETS_JSON', text, 'an object of asset id → text');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('config_invalid', 'ASSETS_JSON must be an object of asset id → text');
  }
  const assets = new Map<string, string>();
  for (const [id, body] of Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!ASSET_ID.test(id)) {
      throw new AppError('config_invalid', `ASSETS_JSON: asset id "${id.slice(0, 64)}" must match ${ASSET_ID.source}`);
    }
    if (typeof body !== 'string') throw new AppError('config_invalid', `ASSETS_JSON: asset "${id}" must be a string`);
    assets.set(id, body);
  }
  return assets;
}

/** SYSTEM_PROMPT, SAFETY_RULES, ASSETS_JSON and TOOLS_MANIFEST_JSON; blank bindings count as unset. */
export function readEdgeContent(env: Readonly<Record<string, string>>): DeployerContent {
  const present = (
    name: 'SYSTEM_PROMPT' | 'SAFETY_RULES' | 'ASSETS_JSON' | 'TOOLS_MANIFEST_JSON',
  ): string | undefined => (env[name]?.trim() ? env[name] : undefined);
  const instructions = present('SYSTEM_PROMPT');
  const safetyRules = present('SAFETY_RULES');
  const assets = present('ASSETS_JSON');
  const manifest = present('TOOLS_MANIFEST_JSON');
  return {
    ...(instructions === undefined ? {} : { instructions }),
    ...(safetyRules === undefined ? {} : { safetyRules }),
    ...(assets === undefined ? {} : { assets: readAssets(assets) }),
    ...(manifest === undefined ? {} : {
      manifests: [{
        source: 'TOOLS_MANIFEST_JSON',
        json: parseJson('TOOLS_MANIFEST_JSON', manifest, 'an array of tool specs'),
      }],
    }),
  };
}
