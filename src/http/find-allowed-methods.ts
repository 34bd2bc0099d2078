// Which methods a path supports, read from the OpenAPI document so the 405 answers and the docs cannot drift apart.
import { OPENAPI_DOCUMENT } from './openapi/openapi-document.ts';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const ROUTES: readonly { readonly pattern: RegExp; readonly methods: readonly string[] }[] = Object.entries(
  OPENAPI_DOCUMENT.paths,
).map(
  ([path, item]) => {
    const methods = Object.keys(item).filter((key) => HTTP_METHODS.has(key)).map((key) => key.toUpperCase());
    const source = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
    return { pattern: new RegExp(`^${source}$`), methods: methods.includes('GET') ? [...methods, 'HEAD'] : methods };
  },
);

/** The methods documented for `path` (HEAD wherever GET is), or an empty list when no documented path matches. */
export function findAllowedMethods(path: string): readonly string[] {
  return ROUTES.find((route) => route.pattern.test(path))?.methods ?? [];
}
