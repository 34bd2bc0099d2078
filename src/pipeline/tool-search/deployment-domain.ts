// The deployment's own domain, if it has one: the domain its instructions lean to well ahead of any other (an airline
// desk's), read by the ranking and by the tool-list policy alike.

/**
 * What a deployment's instructions lean to: each domain's lean, 0-1 (the leader at 1), and whether they list many of the
 * catalogue's services (a concierge: then they lean to none, and no domain is the deployment's own). See
 * measureDomainPrior in the tool selection.
 */
export type DomainLean = ReadonlyMap<string, number> & { readonly manyServices?: boolean };

/**
 * How far the instructions lean to `domain` beyond the next domain, 0..1 (0 when they lean elsewhere or nowhere): an
 * airline policy leads its airline tools by about 0.4, a concierge's spread of ten services by none.
 */
export function leadOfDomain(prior: ReadonlyMap<string, number> | undefined, domain: string): number {
  const others = [...(prior ?? [])].filter(([tag]) => tag !== domain).map(([, lean]) => lean);
  return Math.min(1, Math.max(0, (prior?.get(domain) ?? 0) - Math.max(0, ...others)));
}

/**
 * The deployment's own domain: the instructions lean to it by at least this much more than to any other (an airline
 * policy leads its airline tools by about 0.4, a concierge of ten services leads none).
 */
const DEPLOYMENT_DOMAIN_LEAD = 0.2;

/**
 * Whether `domain` is the deployment's own: its instructions lean to it DEPLOYMENT_DOMAIN_LEAD more than to any other,
 * and do not list many services.
 */
export function isDeploymentDomain(prior: DomainLean | undefined, domain: string): boolean {
  if (prior?.manyServices === true) return false;
  return leadOfDomain(prior, domain) >= DEPLOYMENT_DOMAIN_LEAD;
}

/** The deployment's own domain (see isDeploymentDomain), if it has one: a concierge has none. */
export function findDeploymentDomain(prior: DomainLean | undefined): string | undefined {
  return [...(prior?.keys() ?? [])].find((domain) => isDeploymentDomain(prior, domain));
}
