// Builds the chat service from the parsed config: store, Bedrock caller, tool registry (demo pack or manifests), content.
import { type BedrockConnection, createBedrockClient } from '../bedrock/create-bedrock-client.ts';
import { createModelCaller } from '../bedrock/call-model.ts';
import { DEFAULT_ASSETS, DEFAULT_INSTRUCTIONS, DEFAULT_SAFETY_RULES } from '../config/default-prompt-content.ts';
import type { Config } from '../config/parse-config.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { createToolIndex } from '../pipeline/tool-search/index.ts';
import { createToolRegistry, type ToolRegistry } from '../pipeline/tool-catalogue/index.ts';
import { createLibsqlStore } from '../store/create-libsql-store.ts';
import type { Database } from '../store/database.ts';
import { createDemoToolPack } from '../tools/create-demo-tool-pack.ts';
import { indexToolPack, registerToolPack } from '../tools/register-tool-pack.ts';
import type { ToolHandler } from '../tools/tool-handler.ts';
import { createChatService, type RunningChatService } from '../turn/create-chat-service.ts';
import { DEFAULT_TURN_SETTINGS } from '../turn/turn-dependencies.ts';
import type { DeployerContent } from './deployer-content.ts';
import type { HostResolver } from '../turn/http-tool/check-destination.ts';
import { importCallerKey } from '../turn/http-tool/mint-caller-token.ts';

export type BuildChatServiceOptions = {
  readonly config: Readonly<Config>;
  readonly database: Database;
  readonly bedrock: BedrockConnection;
  readonly logger: Logger;
  readonly content?: DeployerContent;
  /** Resolves host names for HTTP tools' private-address check (Node and Deno); absent at the edge. */
  readonly resolveHost?: HostResolver;
  /** Where background work goes when a request gives no waitUntil (Node: tracked by the service itself). */
  readonly runInBackground?: (task: Promise<unknown>) => void;
};

/**
 * Logs (warn) the domain tools that have no domain: no tag, and no service namespace in their name to stand for one.
 * Selection offers a domain's tools together and reads requests by domain, so such tools are found by their words
 * alone (an untagged τ-bench catalogue: 0.78 of the calls offered first, against 0.99 tagged).
 */
function warnOfToolsWithoutDomain(registry: ToolRegistry, logger: Logger): void {
  const names = registry.domainTools().filter((tool) => registry.domainsOf(tool.name).length === 0).map((tool) =>
    tool.name
  );
  if (names.length === 0) return;
  logger.log('warn', 'tools_without_domain', {
    count: names.length,
    tools: names.slice(0, 5),
    fix: 'tag each domain tool with its domain ("tags": ["orders"]) so the selection offers a domain\'s tools together',
  });
}

/** Throws AppError config_invalid naming the manifest and tool on a bad or duplicate tool. */
export function buildChatService(options: BuildChatServiceOptions): RunningChatService {
  const { config, content = {} } = options;
  const registry = createToolRegistry();
  let handlers: ReadonlyMap<string, ToolHandler>;
  if (content.manifests !== undefined && content.manifests.length > 0) {
    for (const manifest of content.manifests) {
      const loaded = registry.loadManifest(manifest.json);
      if (!loaded.ok) {
        throw new AppError('config_invalid', `tool manifest ${manifest.source}: ${loaded.errors.join('; ')}`);
      }
    }
    handlers = new Map();
    warnOfToolsWithoutDomain(registry, options.logger);
    const httpTools = registry.all().filter((tool) => tool.http !== undefined).map((tool) => tool.name);
    if (httpTools.length > 0 && config.toolCallerSecret === undefined) {
      throw new AppError(
        'config_invalid',
        `the tool manifests declare HTTP tools (${httpTools.slice(0, 3).join(', ')}${
          httpTools.length > 3 ? ', …' : ''
        }) but TOOL_CALLER_SECRET is not set: set it (at least 32 characters; openssl rand -base64 48) and give it to the tools' backends, which verify the caller token it signs`,
      );
    }
  } else {
    const pack = createDemoToolPack({ registry });
    registerToolPack(registry, pack);
    handlers = new Map([...indexToolPack(pack)].map(([name, entry]) => [name, entry.handler]));
  }
  const { limits } = config;
  return createChatService({
    store: createLibsqlStore({ database: options.database }),
    models: createModelCaller(createBedrockClient(options.bedrock), { streamIdleMs: limits.streamIdleMs }),
    registry,
    toolIndex: createToolIndex(registry.domainTools()),
    handlers,
    database: options.database,
    content: {
      instructions: content.instructions ?? DEFAULT_INSTRUCTIONS,
      safetyRules: content.safetyRules ?? DEFAULT_SAFETY_RULES,
      assets: content.assets ?? DEFAULT_ASSETS,
    },
    settings: {
      ...DEFAULT_TURN_SETTINGS,
      mainModelId: config.bedrock.modelId,
      cheapModelId: config.bedrock.cheapModelId,
      maxInputTokens: limits.maxInputTokens,
      summaryMaxTokens: limits.summaryMaxTokens,
      windowMin: limits.windowMinMessages,
      windowMax: limits.windowMaxMessages,
      maxToolSteps: limits.maxToolSteps,
      assetPinMaxTokens: limits.assetPinMaxTokens,
      turnDeadlineMs: limits.turnDeadlineMs,
      cacheUnreadWriteLimit: limits.cacheUnreadWriteLimit,
      cacheProbeEveryCalls: limits.cacheProbeEveryCalls,
      domainToolPolicy: limits.domainToolPolicy,
      staticTtl: config.cacheTtlStatic,
      cacheTtlPolicy: config.cacheTtl,
      budgets: config.budgets.limits,
      maxConcurrentTurns: config.budgets.maxConcurrentTurns,
    },
    logger: options.logger,
    clock: () => new Date(),
    createId: () => crypto.randomUUID(),
    runInBackground: options.runInBackground ?? (() => {}),
    fetch: (input, init) => fetch(input, init),
    httpTools: {
      ...(config.toolCallerSecret === undefined ? {} : { callerKey: importCallerKey(config.toolCallerSecret) }),
      ...(options.resolveHost === undefined ? {} : { resolveHost: options.resolveHost }),
    },
  });
}
