import { afterEach, beforeEach } from "vitest";
import { checkConsoleErrors, watchConsoleErrors } from "../../../test-support/console-errors";

beforeEach(watchConsoleErrors);
afterEach(checkConsoleErrors);
