/**
 * One entity as the platform answers it. Its own module so that client.ts
 * and the modules it is built from (collection-reads.ts) both import it and
 * neither imports the other back (docs/architecture.md, "Layers").
 */
export type Entity = Record<string, unknown> & { id: string; deleted?: boolean };
