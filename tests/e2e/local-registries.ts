/**
 * The three registries a user installs pulumi-xads from, on loopback, in one
 * HTTP server the test starts and closes (nothing left running):
 *
 * - `/npm/`: an npm registry as the npm client speaks to one. `npm publish`
 *   PUTs the package (its manifest and the tarball, base64, in
 *   `_attachments`; a bearer token required); `npm install <name>` GETs its
 *   packument, then the tarball. A name it does not hold is redirected to the
 *   registry npm is configured with (`upstream`), as a registry's uplink
 *   serves it: pulumi-xads's own dependencies.
 * - `/simple/`: a Python package index of PEP 503 ("simple" repository API):
 *   a page per project (its normalized name) linking each file with its
 *   sha256, which `pip install --index-url .../simple/ <name>` reads.
 *   Publishing is adding a file (`publishPython`).
 * - `/plugins/`: the plugin archives, as `pulumi plugin install --server` and
 *   a pluginDownloadURL fetch them (`<server>/pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`,
 *   sdk/go/common/workspace/plugins.go httpSource).
 *
 * Every request is recorded (`requests`), so a test can say which registry served what.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http";
import { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { promisify } from "node:util";

export interface LocalRegistries {
  /** http://127.0.0.1:<port> */
  url: string;
  npmUrl: string;
  pythonIndexUrl: string;
  pluginsUrl: string;
  /** `npm publish <tarball>` to the npm registry, as a maintainer does (its token in an .npmrc of `dir`); `env`: the user's environment. */
  publishNpm(tarball: string, dir: string, env: NodeJS.ProcessEnv): Promise<void>;
  /** A file (a wheel or sdist) added to the Python index. */
  publishPython(file: string): void;
  /** Every request served: method, path and status. */
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

interface Packument {
  name: string;
  "dist-tags": Record<string, string>;
  versions: Record<string, { dist: { tarball: string; shasum?: string; integrity?: string } } & Record<string, unknown>>;
}

/** PEP 503's normalized project name. */
const normalize = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "-");
/** A distribution file's project: the part of its name before the version (wheel and sdist names, PEP 427 / 625). */
const projectOf = (file: string) => normalize(/^(.+?)-\d/.exec(basename(file))![1]!);

/**
 * Starts the registries. `pythonDir`: the folder the index serves (emptied
 * by the caller); `pluginsDir`: the folder of plugin archives; `upstream`:
 * the npm registry other names are sent to.
 */
export async function startLocalRegistries(options: { pythonDir: string; pluginsDir: string; upstream: string }): Promise<LocalRegistries> {
  const packuments = new Map<string, Packument>();
  const tarballs = new Map<string, Buffer>();
  const requests: LocalRegistries["requests"] = [];
  const npmToken = `local-${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 16)}`;
  mkdirSync(options.pythonDir, { recursive: true });
  let url = "";

  const send = (res: ServerResponse, status: number, body: string | Buffer, type = "application/json") => {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
  const file = (res: ServerResponse, path: string, type: string) =>
    existsSync(path) ? send(res, 200, readFileSync(path), type) : send(res, 404, JSON.stringify({ error: "not found" }));

  async function npm(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    // /npm/<name> (a scoped name's slash escaped: @scope%2fname) or /npm/<name>/-/<file>.tgz
    const tarball = /^(.+)\/-\/([^/]+\.tgz)$/.exec(path);
    if (req.method === "GET" && tarball) {
      const bytes = tarballs.get(tarball[2]!);
      return bytes ? send(res, 200, bytes, "application/octet-stream") : send(res, 404, JSON.stringify({ error: "not found" }));
    }
    const name = decodeURIComponent(path);
    if (req.method === "PUT") {
      if (req.headers.authorization !== `Bearer ${npmToken}`) return send(res, 401, JSON.stringify({ error: "a token is required to publish" }));
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Packument & { _attachments: Record<string, { data: string }> };
      const held = packuments.get(name) ?? { name, "dist-tags": {}, versions: {} };
      for (const version of Object.keys(body.versions)) {
        if (held.versions[version]) return send(res, 403, JSON.stringify({ error: `${name}@${version} is already published` }));
      }
      for (const [fileName, attachment] of Object.entries(body._attachments)) tarballs.set(fileName, Buffer.from(attachment.data, "base64"));
      for (const [version, manifest] of Object.entries(body.versions)) {
        const fileName = `${name.replace(/^@[^/]+\//, "")}-${version}.tgz`;
        held.versions[version] = { ...manifest, dist: { ...manifest.dist, tarball: `${url}/npm/${name}/-/${fileName}` } };
      }
      Object.assign(held["dist-tags"], body["dist-tags"]);
      packuments.set(name, held);
      return send(res, 201, JSON.stringify({ ok: true }));
    }
    const packument = packuments.get(name);
    if (packument) return send(res, 200, JSON.stringify(packument));
    // Not held here: the upstream registry's answer, as an uplink would give it.
    res.writeHead(302, { location: `${options.upstream.replace(/\/$/, "")}/${path}` });
    res.end();
  }

  function python(res: ServerResponse, path: string): void {
    const files = readdirSync(options.pythonDir);
    if (path === "") {
      const projects = [...new Set(files.map(projectOf))].sort();
      return send(res, 200, `<!DOCTYPE html><html><body>\n${projects.map((p) => `<a href="${p}/">${p}</a>`).join("\n")}\n</body></html>\n`, "text/html");
    }
    const project = /^([^/]+)\/$/.exec(path)?.[1];
    if (project) {
      const own = files.filter((f) => projectOf(f) === normalize(project));
      if (own.length === 0) return send(res, 404, "not found", "text/plain");
      const links = own.map((f) => `<a href="../../python-files/${f}#sha256=${createHash("sha256").update(readFileSync(join(options.pythonDir, f))).digest("hex")}">${f}</a>`);
      return send(res, 200, `<!DOCTYPE html><html><body>\n${links.join("\n")}\n</body></html>\n`, "text/html");
    }
    // PEP 503: a project's URL without its trailing slash is redirected to it.
    res.writeHead(301, { location: `${url}/simple/${path}/` });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const path = decodeURI(new URL(req.url ?? "/", "http://localhost").pathname);
    res.on("finish", () => requests.push({ method: req.method ?? "", path, status: res.statusCode }));
    const route = /^\/(npm|simple|python-files|plugins)\/(.*)$/.exec(path);
    const handle = async () => {
      if (!route || (req.method !== "GET" && !(route[1] === "npm" && req.method === "PUT"))) return send(res, 404, JSON.stringify({ error: "not found" }));
      const [, registry, rest] = route as unknown as [string, string, string];
      if (rest.includes("..")) return send(res, 400, JSON.stringify({ error: "bad path" }));
      if (registry === "npm") return npm(req, res, rest);
      if (registry === "simple") return python(res, rest);
      if (registry === "python-files") return file(res, join(options.pythonDir, rest), "application/octet-stream");
      return file(res, join(options.pluginsDir, rest), "application/gzip");
    };
    handle().catch((e: unknown) => send(res, 500, JSON.stringify({ error: String(e) })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    npmUrl: `${url}/npm/`,
    pythonIndexUrl: `${url}/simple/`,
    pluginsUrl: `${url}/plugins`,
    publishNpm: async (tarball, dir, env) => {
      const npmrc = join(dir, "publish.npmrc");
      writeFileSync(npmrc, `${url.replace(/^http:/, "")}/npm/:_authToken=${npmToken}\n`);
      await promisify(execFile)("npm", ["publish", tarball, "--registry", `${url}/npm/`, "--access", "public"], { cwd: dir, env: { ...env, npm_config_userconfig: npmrc } });
    },
    publishPython: (path) => copyFileSync(path, join(options.pythonDir, basename(path))),
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
