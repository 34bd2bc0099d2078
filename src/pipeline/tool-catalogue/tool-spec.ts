// What a tool offered to the model looks like, and the one check every tool passes (code registration or manifest).
import * as v from 'valibot';
import type { JsonSchema, ToolDefinition } from '../types/index.ts';
import { readNameNamespace } from './read-name-namespace.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Where a tool runs when it is an HTTP call: an absolute http(s) URL and a method. Redirects are followed only to
 * `redirectHosts`; loopback and private addresses are called only with `allowPrivateNetwork: true`.
 */
export type ToolHttp = {
  readonly url: string;
  readonly method: HttpMethod;
  readonly redirectHosts?: readonly string[];
  readonly allowPrivateNetwork?: boolean;
};

/** A validated tool: its tags are sorted and distinct; the tag `standard` marks a tool that is always sent. */
export type ToolSpec = {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly tags: readonly string[];
  readonly http?: ToolHttp;
};

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

function isNonBlank(text: string): boolean {
  return text.trim().length > 0;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const TOOL_SPEC_SCHEMA = v.object({
  name: v.pipe(v.string('must be a string'), v.regex(TOOL_NAME_PATTERN, 'must be 1-64 letters, digits, "_" or "-"')),
  description: v.pipe(v.string('must be a string'), v.check(isNonBlank, 'must not be empty')),
  inputSchema: v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'must be a JSON schema object',
    ),
    v.check((schema) => schema['type'] === 'object', 'must have top-level "type": "object"'),
  ),
  tags: v.array(
    v.pipe(v.string('must be a string'), v.check(isNonBlank, 'must not be empty')),
    'must be an array of strings',
  ),
  http: v.optional(
    v.object(
      {
        url: v.pipe(v.string('must be a string'), v.check(isHttpUrl, 'must be an absolute http(s) URL')),
        method: v.picklist(HTTP_METHODS, `must be one of ${HTTP_METHODS.join(', ')}`),
        redirectHosts: v.optional(
          v.array(
            v.pipe(v.string('must be a string'), v.regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name, no scheme')),
            'must be an array of host names',
          ),
        ),
        allowPrivateNetwork: v.optional(v.boolean('must be true or false')),
      },
      'must be an object { url, method, redirectHosts?, allowPrivateNetwork? }',
    ),
  ),
});

export type ParseToolSpecResult = { readonly ok: true; readonly spec: ToolSpec } | {
  readonly ok: false;
  readonly errors: readonly string[];
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Checks one tool spec. Never throws: every problem becomes a message naming the tool and the field
 * (`tool "x": http.url: must be an absolute http(s) URL`). On success returns a deep-frozen JSON copy
 * (the input is never kept or mutated) with tags sorted and de-duplicated; a tool without a tag gets its name's service
 * namespace as its one tag when it has one (see readNameNamespace; the registry may read one from the catalogue's names,
 * see inferNameDomains).
 */
export function parseToolSpec(input: unknown, label?: string): ParseToolSpecResult {
  const rawName = typeof input === 'object' && input !== null ? (input as { name?: unknown }).name : undefined;
  const who = typeof rawName === 'string' && rawName !== '' ? `tool "${rawName}"` : (label ?? 'tool');
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [`${who}: must be an object`] };
  }
  const result = v.safeParse(TOOL_SPEC_SCHEMA, input);
  if (!result.success) {
    const explain = (
      issue: v.BaseIssue<unknown>,
    ): string => (issue.message.startsWith('Invalid key') ? 'is required' : issue.message);
    return {
      ok: false,
      errors: result.issues.map((issue) => `${who}: ${v.getDotPath(issue) ?? '(spec)'}: ${explain(issue)}`),
    };
  }
  let copy: ToolSpec;
  try {
    copy = JSON.parse(JSON.stringify(result.output)) as ToolSpec;
  } catch (cause) {
    return {
      ok: false,
      errors: [
        `${who}: inputSchema: must be plain JSON (${cause instanceof Error ? cause.message : 'not serialisable'})`,
      ],
    };
  }
  const given = [...new Set(copy.tags.map((tag) => tag.trim()))].sort(compareText);
  // A tool without a tag still belongs to a domain when its name opens with a service namespace (`hotels_4_search_hotel`
  // → "hotels"): selection offers a domain's tools together. A domain of one tool (its own name) would not help: the
  // message then "names" that domain whenever it says the name's word ("find peace" for the `find` tool).
  const namespace = given.length > 0 ? undefined : readNameNamespace(copy.name);
  const tags = namespace === undefined ? given : [namespace];
  return { ok: true, spec: deepFreeze({ ...copy, tags }) };
}

/** Code-unit order: locale-independent, so the same names sort the same everywhere. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The vendor-neutral definition sent to the model (the http handler and tags stay on our side). */
export function toToolDefinition(spec: ToolSpec): ToolDefinition {
  return { name: spec.name, description: spec.description, inputSchema: spec.inputSchema };
}
