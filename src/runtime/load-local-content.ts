// Node and Deno: reads the deployer's SYSTEM_PROMPT_FILE, ASSETS_DIR and TOOLS_MANIFEST files at start.
import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Config } from '../config/parse-config.ts';
import { AppError } from '../errors.ts';
import type { DeployerContent } from './deployer-content.ts';

/** Asset ids are file names without their extension, under the same rule as tool names. */
const ASSET_ID = /^[a-zA-Z0-9_-]{1,64}$/;

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (cause) {
    throw new AppError('config_invalid', `${what} ${path} cannot be read: check the path and its permissions`, {
      cause,
    });
  }
}

/** One asset per file of `dir`, its id the file name without extension (the replay reads its --assets the same way). */
export async function readAssetsDirectory(dir: string): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((entry) =>
      entry.isFile() && !entry.name.startsWith('.')
    ).map((entry) => entry.name).sort();
  } catch (cause) {
    throw new AppError(
      'config_invalid',
      `ASSETS_DIR ${dir} cannot be listed: point it at a folder with one file per asset`,
      { cause },
    );
  }
  const assets = new Map<string, string>();
  for (const name of names) {
    const id = basename(name, extname(name));
    if (!ASSET_ID.test(id)) {
      throw new AppError(
        'config_invalid',
        `ASSETS_DIR: file ${name} gives the asset id "${id}", which must match ${ASSET_ID.source}: rename the file`,
      );
    }
    if (assets.has(id)) {
      throw new AppError('config_invalid', `ASSETS_DIR: two files give the asset id "${id}": keep one`);
    }
    assets.set(id, await readText(join(dir, name), 'ASSETS_DIR file'));
  }
  return assets;
}

/** Throws AppError config_invalid with a message that says which file and how to fix it. */
export async function loadLocalContent(config: Readonly<Config>): Promise<DeployerContent> {
  const manifests: { source: string; json: unknown }[] = [];
  for (const path of config.toolsManifests) {
    const text = await readText(path, 'TOOLS_MANIFEST file');
    try {
      manifests.push({ source: path, json: JSON.parse(text) as unknown });
    } catch (cause) {
      throw new AppError(
        'config_invalid',
        `TOOLS_MANIFEST file ${path} is not valid JSON: it must be an array of { name, description, inputSchema, tags, http? }`,
        { cause },
      );
    }
  }
  return {
    ...(config.systemPromptFile === undefined
      ? {}
      : { instructions: await readText(config.systemPromptFile, 'SYSTEM_PROMPT_FILE') }),
    ...(config.assetsDir === undefined ? {} : { assets: await readAssetsDirectory(config.assetsDir) }),
    ...(manifests.length === 0 ? {} : { manifests }),
  };
}
