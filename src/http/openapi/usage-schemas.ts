// The OpenAPI schemas of usage, budgets and the console: tokens, costs and what is left.
import { CACHE_LAYERS } from '../../pipeline/assembly/index.ts';

const integer = { type: 'integer', minimum: 0 };
const money = { type: 'number', minimum: 0, description: 'US dollars' };

const budgetKeyMap = (description: string) => ({
  type: 'object',
  description,
  propertyNames: { pattern: '^(user|conversation)\\.(day|month)\\.(tokens|usd)$' },
  additionalProperties: { type: 'number', minimum: 0 },
});

/** The token and cost fields every usage answer carries. */
export const usageProperties = {
  inputTokens: integer,
  outputTokens: integer,
  cacheReadInputTokens: integer,
  cacheWriteInputTokens: integer,
  costUSD: money,
  naiveCostUSD: {
    ...money,
    description: 'What the same calls would have cost with the full history and every tool in the prompt, uncached',
  },
};

const layerTokens = {
  type: ['object', 'null'],
  description: 'Estimated tokens per prompt layer of the last main call of the turn',
  properties: { tools: integer, system: integer, summary: integer, window: integer, currentRun: integer },
};

/** UserUsage, ConsoleConversations, ConsoleTurns and ConversationUsage, in the document's order. */
export const USAGE_SCHEMAS = {
  UserUsage: {
    type: 'object',
    required: ['totals', 'windows', 'limits', 'remaining', 'concurrentTurns'],
    properties: {
      totals: {
        type: 'object',
        required: [...Object.keys(usageProperties), 'calls', 'savingPercent'],
        properties: { ...usageProperties, calls: integer, savingPercent: { type: 'number' } },
      },
      windows: {
        type: 'object',
        description: 'Spent in the last 24 hours and 30 days; tokens = input + cache read + cache write + output',
        required: ['day', 'month'],
        properties: Object.fromEntries(['day', 'month'].map((period) => [period, {
          type: 'object',
          required: ['tokens', 'costUSD'],
          properties: { tokens: integer, costUSD: money },
        }])),
      },
      limits: budgetKeyMap('Limits in force (environment merged with the per-user override); absent = no limit'),
      remaining: budgetKeyMap("What is left under each of the user's own (user.*) limits"),
      concurrentTurns: {
        type: 'object',
        required: ['running', 'limit'],
        properties: { running: integer, limit: integer },
      },
    },
  },
  ConsoleConversations: {
    type: 'object',
    required: ['conversations'],
    properties: {
      conversations: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'turns', 'calls', 'costUSD', 'naiveCostUSD', 'savingPercent'],
          properties: {
            id: { type: 'string' },
            title: { type: ['string', 'null'] },
            createdAt: { type: 'string', format: 'date-time' },
            updatedAt: { type: 'string', format: 'date-time' },
            turns: integer,
            calls: integer,
            costUSD: money,
            naiveCostUSD: money,
            savingPercent: { type: 'number' },
          },
        },
      },
    },
  },
  ConsoleTurns: {
    type: 'object',
    required: ['conversation', 'totals', 'turns'],
    properties: {
      conversation: { type: 'object', properties: { id: { type: 'string' }, title: { type: ['string', 'null'] } } },
      totals: {
        type: 'object',
        description: 'Every call of the conversation, as GET /v1/conversations/{id}/usage',
        properties: { ...usageProperties, calls: integer, savingPercent: { type: 'number' } },
      },
      turns: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            index: integer,
            turnId: { type: 'string' },
            status: { enum: ['running', 'complete', 'failed'] },
            startedAt: { type: 'string', format: 'date-time' },
            userText: { type: ['string', 'null'] },
            layers: layerTokens,
            ...usageProperties,
            savingPercent: { type: 'number' },
            cacheMissReason: { type: ['string', 'null'] },
            cumulativeCostUSD: money,
            cumulativeNaiveCostUSD: money,
            calls: {
              type: 'array',
              description: 'Every model call of the turn (main, selector, summariser), in order',
              items: { type: 'object' },
            },
          },
        },
      },
    },
  },
  ConversationUsage: {
    type: 'object',
    required: [
      ...Object.keys(usageProperties),
      'savingPercent',
      'summaryTokens',
      'summaryGaps',
      'unsummarisedMessages',
      'cacheWithheld',
    ],
    properties: {
      ...usageProperties,
      savingPercent: { type: 'number' },
      summaryTokens: integer,
      summaryGaps: { ...integer, description: 'Failed summary updates of this conversation' },
      unsummarisedMessages: {
        ...integer,
        description: 'Messages that left the context without being summarised (the summariser kept failing)',
      },
      cacheWithheld: {
        type: 'array',
        description: 'Cache checkpoints no longer placed because their writes were never read, with the cause',
        items: {
          type: 'object',
          required: ['layer', 'cause', 'unreadWrites', 'since'],
          properties: {
            layer: { enum: [...CACHE_LAYERS] },
            cause: { type: 'string' },
            unreadWrites: integer,
            since: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
  },
} as const;
