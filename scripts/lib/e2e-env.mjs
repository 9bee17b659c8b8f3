// Where the browser tests' server listens and keeps its data; shared by the server script and the tests.
import { tmpdir } from "node:os";
import { join } from "node:path";

export const e2ePort = () => Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = (port = e2ePort()) => join(tmpdir(), `sms-e2e-${port}`);
