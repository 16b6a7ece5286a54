// Four projects, one per test level (conformance: the emulator against the
// real platform's recorded shapes). got 14 and its dependencies are ESM only:
// Node 20 loads them with require() at run time, but jest's module loader
// does not, so jest (alone) transpiles them to CommonJS with ts-jest.
const esmOnly = [
  "got", "@sindresorhus/is", "byte-counter", "cacheable-lookup", "cacheable-request",
  "get-stream", "@sec-ant/readable-stream", "is-stream", "keyv", "@keyv/serialize",
  "mimic-response", "normalize-url", "responselike", "lowercase-keys",
  "decompress-response", "form-data-encoder", "p-cancelable", "p-queue", "p-timeout", "cookie",
];
const common = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
    "^.+\\.js$": ["ts-jest", { tsconfig: { allowJs: true, module: "commonjs", target: "ES2022", isolatedModules: true } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join("|")})/)`],
  moduleFileExtensions: ["ts", "js", "json"],
  // Build output and the e2e stacks (copies of examples/) are not modules of the tests.
  modulePathIgnorePatterns: ["<rootDir>/.work/", "<rootDir>/dist/"],
};
module.exports = {
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts", "<rootDir>/policy/tests/**/*.test.ts"] },
    { ...common, displayName: "integration", testMatch: ["<rootDir>/tests/integration/**/*.test.ts"] },
    { ...common, displayName: "conformance", testMatch: ["<rootDir>/tests/conformance/**/*.test.ts"] },
    // The teardown stops the PostgreSQL cluster a postgres-backend file started (not one `make test` started).
    { ...common, displayName: "e2e", testMatch: ["<rootDir>/tests/e2e/**/*.test.ts"], globalTeardown: "<rootDir>/tests/e2e/global-teardown.ts" },
  ],
};
