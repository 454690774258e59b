import type { OpenAPIObject } from '@nestjs/swagger';
import { logger, type PortalConfig } from '@portal/server-kit';
import { CONTEXT_NAMES } from './contexts';

/** One OpenAPI document for the whole API, merged from each context's own. */
export const mergedOpenApi = async (
  base: OpenAPIObject,
  config: PortalConfig,
  attempts = 20,
): Promise<OpenAPIObject> => {
  const merged: OpenAPIObject = {
    ...base,
    paths: { ...base.paths },
    components: { ...base.components, schemas: { ...base.components?.schemas } },
  };
  for (const name of CONTEXT_NAMES) {
    for (let i = 0; i < attempts; i++) {
      try {
        const doc = (await (
          await fetch(`${config.contextUrls[name]}/api/docs-json`)
        ).json()) as OpenAPIObject;
        Object.assign(merged.paths, doc.paths);
        Object.assign(merged.components!.schemas!, doc.components?.schemas);
        break;
      } catch {
        if (i === attempts - 1) logger.warn({ context: name }, 'OpenAPI of context not reachable');
        else await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  return merged;
};
