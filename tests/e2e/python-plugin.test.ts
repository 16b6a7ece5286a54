/**
 * A Python program (examples/python) on the generated SDK, pip-installed in
 * a virtual environment (make python-sdk, tests/python/venv.sh), through the
 * real CLI, the Python language host (make pulumi) and the provider plugin
 * pulumi-resource-xads of the installed package, against the emulator: up,
 * a second preview with no changes, destroy; the state holds no credential
 * (exampleOnGeneratedSdk, as the Go program's tests/e2e/go-plugin.test.ts).
 */
import { requireTool } from "../required-tools";
import { exampleOnGeneratedSdk, preparePythonSdk, pythonEnv, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

// Without python3: skipped with a warning, or under CI a failure with the install line (tests/required-tools.ts).
if (requireTool("python3", "python-plugin.test.ts", "the program runs in a python3 virtual environment")) {
  exampleOnGeneratedSdk(useStackEmulator(), "python", preparePythonSdk, pythonEnv);
}
