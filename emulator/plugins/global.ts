import type { FastifyPluginAsync } from "fastify";

/**
 * Marks a plugin so its hooks, decorators and parsers apply to the whole
 * app instead of only to routes registered inside it: what the
 * fastify-plugin package does (not a dependency of this project).
 */
export function global<O extends Record<string, unknown> = Record<never, never>>(plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return Object.assign(plugin, { [Symbol.for("skip-override")]: true });
}
