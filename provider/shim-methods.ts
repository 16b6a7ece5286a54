/**
 * The state's entry point of the states written before it had its own name
 * (until 0.1.0: `require("pulumi-xads/dist/provider/shim-methods.js")`):
 * the same methods as ./state-entry.ts, re-exported so those stacks keep
 * working. Public and permanent like it (docs/upgrades.md): never move,
 * rename or remove this file. A copy of the exports, not the same object,
 * so the serializer names only state-entry.js in new states.
 */
export * from "./state-entry";
