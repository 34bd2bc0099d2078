// What the deployment's instructions lean to (see measureDomainPrior), measured once per tool index and instructions.
import { type DomainPrior, measureDomainPrior } from '../pipeline/tool-selection/index.ts';
import type { ToolIndex } from '../pipeline/tool-search/index.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

const priors = new WeakMap<ToolIndex, { readonly instructions: string; readonly prior: DomainPrior }>();

/** The instructions' domain lean, 0-1 by domain tag; the selection and find_tools both focus with it. */
export function deploymentDomainPrior(deps: TurnDependencies): DomainPrior {
  const known = priors.get(deps.toolIndex);
  if (known !== undefined && known.instructions === deps.content.instructions) return known.prior;
  const prior = measureDomainPrior({
    index: deps.toolIndex,
    instructions: deps.content.instructions,
    domainsOf: deps.registry.domainsOf,
  });
  priors.set(deps.toolIndex, { instructions: deps.content.instructions, prior });
  return prior;
}
