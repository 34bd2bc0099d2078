// The ranking a tool-list change fills from: the trigger and its domain first.
import { compareText } from '../tool-catalogue/index.ts';
import type { RankedTool } from '../tool-search/index.ts';
import type { CatalogueView } from './find-next-steps.ts';

/**
 * The ranking focused on a change's trigger: the trigger first (at least the top score), its domain's ranked tools,
 * the rest of the domain by name (score 0), then everything else ranked; `domainSize` counts the front part. Pure.
 */
export function focusOnTrigger(
  input: Pick<CatalogueView, 'domainsOf' | 'domainTools'>,
  ranking: readonly RankedTool[],
  trigger: string,
): { readonly ranking: RankedTool[]; readonly domainSize: number } {
  const tags = input.domainsOf(trigger);
  const inDomain = (name: string) => name === trigger || input.domainsOf(name).some((tag) => tags.includes(tag));
  const ranked = ranking.filter((entry) => inDomain(entry.name) && entry.name !== trigger);
  const seen = new Set([trigger, ...ranked.map((entry) => entry.name)]);
  const unranked = [...new Set(tags.flatMap((tag) => input.domainTools(tag)))].filter((name) => !seen.has(name))
    .sort(compareText).map((name) => ({ name, score: 0 }));
  const top = ranking[0]?.score ?? 1;
  const domain = [
    { name: trigger, score: Math.max(top, ranking.find((entry) => entry.name === trigger)?.score ?? 0) },
    ...ranked,
    ...unranked,
  ];
  return { ranking: [...domain, ...ranking.filter((entry) => !inDomain(entry.name))], domainSize: domain.length };
}
