// The tool-selection bench's command line: which fixtures, halves and find_tools queries to replay, and from where.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FindToolsQuery } from '../../testbench/replay/create-scripted-model.ts';
import { type BillMeasure, readBillMeasure } from '../../testbench/replay/check-selection-targets.ts';
import { type Half, HALVES } from '../../testbench/replay/split-halves.ts';
import { readDomainToolPolicy } from '../../testbench/replay/parse-replay-args.ts';
import type { DomainToolPolicy } from '../../src/defaults.ts';

export type ToolSelectionOptions = {
  /** Whether a fixture runs: `--only` lists keys; without it every fixture that is not opt-in runs. */
  readonly wanted: (key: string, optIn?: boolean) => boolean;
  readonly halves: readonly Half[];
  readonly queryModes: readonly FindToolsQuery[];
  readonly misses: boolean;
  readonly seed: string | undefined;
  readonly sgdDir: string | undefined;
  readonly everydayFile: string | undefined;
  readonly everydayTools: string | undefined;
  /** Which bill the bill target checks (`--bill input|all-in`, default input; see BillMeasure). */
  readonly bill: BillMeasure;
  /** `--domain-tools auto|select|all`: the service's DOMAIN_TOOLS (default auto, as the service). */
  readonly domainTools: DomainToolPolicy;
};

/** Parses `process.argv` (unknown options throw, as `parseArgs` does); folder and file options become absolute paths. */
export function parseToolSelectionOptions(): ToolSelectionOptions {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      half: { type: 'string' },
      misses: { type: 'boolean' },
      seed: { type: 'string' },
      query: { type: 'string' },
      'sgd-dir': { type: 'string' },
      'everyday-file': { type: 'string' },
      'everyday-tools': { type: 'string' },
      bill: { type: 'string' },
      'domain-tools': { type: 'string' },
    },
  });
  const domainTools = readDomainToolPolicy(values['domain-tools']);
  if (!domainTools.ok) throw new Error(domainTools.reason);
  const bill = readBillMeasure(values.bill);
  const absolute = (path: string | undefined) => (path === undefined ? undefined : resolve(path));
  return {
    wanted: (key, optIn = false) => values.only === undefined ? !optIn : values.only.split(',').includes(key),
    halves: HALVES.filter((half) => values.half === undefined || values.half === half),
    /**
     * The replayed model's find_tools queries: the user's words (a lower bound; the targets are checked on these) and the
     * missing tool's action words (near what a real model asks; figures only). Default both.
     */
    queryModes: values.query === 'user-words' || values.query === 'intent' ? [values.query] : ['user-words', 'intent'],
    misses: values.misses === true,
    seed: values.seed,
    sgdDir: absolute(values['sgd-dir']),
    everydayFile: absolute(values['everyday-file']),
    everydayTools: absolute(values['everyday-tools']),
    bill,
    domainTools: domainTools.policy,
  };
}
