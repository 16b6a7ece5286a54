// A Pulumi program declared by data: tests write spec.json beside it (the
// resources, their arguments and options) and run the real pulumi CLI on it.
// "${name.prop}" in an argument refers to an output of an earlier resource.
"use strict";
const pulumi = require("@pulumi/pulumi");
const xads = require("pulumi-xads");
const spec = require("./spec.json");

const created = {};
function resolve(value) {
  if (typeof value === "string") {
    const m = /^\$\{([^.}]+)\.([^}]+)\}$/.exec(value);
    return m ? created[m[1]][m[2]] : value;
  }
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}

for (const r of spec.resources) {
  const opts = { ...(r.opts || {}) };
  if (opts.dependsOn) opts.dependsOn = opts.dependsOn.map((n) => created[n]);
  created[r.name] = new xads[r.type](r.name, resolve(r.args), opts);
}

const outputs = Object.fromEntries(Object.entries(created).map(([n, res]) => [n, res.id]));
// spec.dataSources: [{ name, fn, args }]: the answer of xads[fn](args) is the stack output `name`.
for (const d of spec.dataSources || []) outputs[d.name] = xads[d.fn](resolve(d.args || {}));
module.exports = outputs;
void pulumi;
