/**
 * Compares how long answers take for an address with an account and one without. They should be
 * indistinguishable.
 * - sign-in: an unknown address vs a wrong password (both run exactly one bcrypt comparison);
 * - mail: recover, otp with create_user false and resend, known vs unknown address (the lookup and the
 *   mail run after the answer).
 *
 *   pnpm --filter @app/server exec tsx bench/auth-timing.ts [sign-in|mail|all] [attempts=200] [bcrypt cost=12] [pause ms=0]
 *
 * With no pause, each request follows the previous answer at once, so it also meets whatever the server
 * still does for the previous request (in mail mode, a known address's lookup and mail); a pause of a few
 * milliseconds times each answer on its own.
 */
import { fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const mode = args[0] && !/^\d+$/.test(args[0]) ? (args.shift() as string) : "sign-in";
if (!["sign-in", "mail", "all"].includes(mode)) throw new Error(`unknown mode ${mode}: sign-in, mail or all`);
const attempts = Number(args[0] ?? 200);
const cost = args[1] ?? "12";
const pauseMs = Number(args[2] ?? 0);

const child = fork(join(dirname(fileURLToPath(import.meta.url)), "auth-timing-server.ts"), {
  env: { ...process.env, BCRYPT_COST: cost },
  execArgv: ["--import", "tsx"],
});
interface Ready {
  base: string;
  anonKey: string;
  /** A confirmed account with a password, and an unconfirmed one. */
  confirmed: string;
  unconfirmed: string;
}
const {
  base,
  anonKey,
  confirmed: email,
  unconfirmed,
} = await new Promise<Ready>((resolve, reject) => {
  child.once("message", (msg) => resolve(msg as Ready));
  child.once("exit", (code) => reject(new Error(`timing server exited with ${code}`)));
});

async function time(path: string, body: object, expectedStatus: number) {
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const start = process.hrtime.bigint();
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await res.text();
  if (res.status !== expectedStatus)
    throw new Error(`${path}: expected ${expectedStatus}, got ${res.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** Times `attempts` pairs, interleaved and alternating which goes first, so drift hits both alike. */
async function compare(args: {
  title: string;
  path: string;
  status: number;
  known: { label: string; body: object };
  unknown: { label: string; body: (i: number) => object };
}) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const tryUnknown = async () => unknown.push(await time(args.path, args.unknown.body(i), args.status));
    const tryKnown = async () => known.push(await time(args.path, args.known.body, args.status));
    if (i % 2 === 0) {
      await tryUnknown();
      await tryKnown();
    } else {
      await tryKnown();
      await tryUnknown();
    }
  }
  const mu = median(unknown);
  const mk = median(known);
  const width = Math.max(args.known.label.length, args.unknown.label.length) + 2;
  console.log(`${args.title}, ${attempts} attempts each${pauseMs > 0 ? `, ${pauseMs} ms apart` : ""}`);
  console.log(`  ${args.unknown.label.padEnd(width)} median ${mu.toFixed(2)} ms`);
  console.log(`  ${args.known.label.padEnd(width)} median ${mk.toFixed(2)} ms`);
  console.log(
    `  ${"difference".padEnd(width)} ${(mk - mu).toFixed(2)} ms (${(((mk - mu) / mk) * 100).toFixed(1)}%)`,
  );
}

const nobody = (i: number) => `nobody-${i}@example.com`;

if (mode === "sign-in" || mode === "all") {
  await compare({
    title: `sign-in (bcrypt cost ${cost})`,
    path: "/token?grant_type=password",
    status: 400,
    unknown: {
      label: "unknown e-mail",
      body: (i) => ({ email: nobody(i), password: "a wrong pass phrase" }),
    },
    known: { label: "wrong password", body: { email, password: "a wrong pass phrase" } },
  });
}
if (mode === "mail" || mode === "all") {
  await compare({
    title: "POST /recover",
    path: "/recover",
    status: 200,
    unknown: { label: "unknown e-mail", body: (i) => ({ email: nobody(i) }) },
    known: { label: "known e-mail", body: { email } },
  });
  await compare({
    title: "POST /otp with create_user false",
    path: "/otp",
    status: 200,
    unknown: { label: "unknown e-mail", body: (i) => ({ email: nobody(i), create_user: false }) },
    known: { label: "known e-mail", body: { email, create_user: false } },
  });
  await compare({
    title: "POST /resend type signup",
    path: "/resend",
    status: 200,
    unknown: { label: "unknown e-mail", body: (i) => ({ email: nobody(i), type: "signup" }) },
    known: { label: "unconfirmed e-mail", body: { email: unconfirmed, type: "signup" } },
  });
}
child.send({ type: "stop" });
