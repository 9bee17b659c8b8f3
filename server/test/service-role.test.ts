import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectUrl } from "../src/modules/legal/document-files";
import { createTestContext, type TestContext } from "./helpers";
import { listenOnLoopback } from "./support/live-server";
import { stockClient } from "./support/stock-supabase";
import { PDF } from "./support/storage-files";

/**
 * A server-side integration with the service_role key, as the README shows it: stock supabase-js in Node,
 * `createClient(url, SERVICE_KEY)`. It passes every data and storage policy, never a table's own rules,
 * is recorded as the service where it writes, and is refused from a browser page of an unknown origin.
 */

const OFFICE = "https://office.example";
const run = promisify(execFile);

let ctx: TestContext;
let base: string;
let close: () => Promise<void>;
let supabase: SupabaseClient;

/** Node 20 has no global WebSocket; these tests open no realtime channel, so none is ever made. */
const noRealtime = { transport: class {} as never };

/** The integration's client: no session of its own to keep or refresh, as a script needs none. */
const serviceClient = (headers: Record<string, string> = {}) =>
  createClient(base, ctx.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: noRealtime,
    global: { headers },
  });

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false", CORS_ORIGINS: OFFICE } });
  ({ base, close } = await listenOnLoopback(ctx.app));
  supabase = serviceClient();
});
afterAll(async () => {
  await close();
  await ctx.close();
});

/**
 * The API map's integration script (docs/api/README.md), run as it is by Node in a process of its own (stock supabase-js, no
 * Origin), from a folder beside the server's own packages so its import resolves. `pdfBytes` is the file
 * it uploads; what it imported is printed for the test to check.
 */
async function runIntegrationScript(): Promise<{ id: string; email: string }[]> {
  const apiMap = readFileSync(new URL("../../docs/api/README.md", import.meta.url), "utf8");
  const script = /A server-side integration[\s\S]*?```js\n([\s\S]*?)```/.exec(apiMap)?.[1];
  if (!script) throw new Error("docs/api/README.md has no integration script");
  const dir = mkdtempSync(
    join(fileURLToPath(new URL("../node_modules/", import.meta.url)), ".service-role-"),
  );
  try {
    const file = join(dir, "import-contacts.mjs");
    const pdf = `const pdfBytes = Buffer.from(${JSON.stringify(PDF.toString("latin1"))}, "latin1");\n`;
    writeFileSync(file, `${pdf}${script}\nconsole.log(JSON.stringify(data));\n`);
    // Node before 22 has WebSocket, which supabase-js's client needs, only behind a flag.
    const flags = "WebSocket" in globalThis ? [] : ["--experimental-websocket"];
    const { stdout } = await run(process.execPath, [...flags, file], {
      env: { PATH: process.env.PATH, APP_URL: base, SERVICE_KEY: ctx.serviceRoleKey },
    });
    return JSON.parse(stdout.trim().split("\n").at(-1) as string);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A talent contact written with the service key; its id. */
async function newTalent(firstName: string) {
  const contact = await supabase
    .from("crm_contacts")
    .insert({ first_name: firstName, last_name: "Service", kind: "talent" })
    .select("id")
    .single();
  expect(contact.error).toBeNull();
  return contact.data?.id as string;
}

describe("the service_role key through stock supabase-js", () => {
  it("runs the API map's integration script: contacts into a staff-only table, on the timeline as the service", async () => {
    const imported = await runIntegrationScript();
    expect(imported).toEqual([{ id: expect.any(String), email: "ada@example.com" }]);
    const id = imported[0]?.id as string;

    const read = await supabase.from("crm_contacts").select("first_name").eq("id", id).single();
    expect(read.error).toBeNull();
    expect(read.data).toEqual({ first_name: "Ada" });
    const file = await supabase.storage.from("documents").download(`imports/${id}.pdf`);
    expect(Buffer.from(await (file.data as Blob).arrayBuffer())).toEqual(PDF);

    const timeline = await supabase
      .from("crm_activity")
      .select("action, actor_id, actor_role")
      .eq("record_id", id);
    expect(timeline.error).toBeNull();
    expect(timeline.data).toEqual([{ action: "created", actor_id: null, actor_role: "service_role" }]);
  });

  it("still cannot write what only the server writes (the timeline itself)", async () => {
    const forged = await supabase
      .from("crm_activity")
      .insert({ record_type: "crm_contacts", record_id: randomUUID(), action: "note" });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe("42501");
  });

  it("is refused by a booking clash like anyone else, and nothing is written", async () => {
    const room = await supabase.from("studio_rooms").insert({ name: "Room S" }).select("id").single();
    expect(room.error).toBeNull();
    const slot = {
      room_id: room.data?.id,
      starts_at: "2030-03-01T10:00:00Z",
      ends_at: "2030-03-01T12:00:00Z",
    };
    const first = await supabase.from("studio_sessions").insert({ ...slot, title: "Booked" });
    expect(first.error).toBeNull();

    const clash = await supabase
      .from("studio_sessions")
      .insert({ ...slot, title: "Clash", starts_at: "2030-03-01T11:00:00Z" });
    expect(clash.status).toBe(409);
    expect(clash.error?.code).toBe("23P01");
    const titles = await supabase.from("studio_sessions").select("title").eq("room_id", slot.room_id);
    expect(titles.data).toEqual([{ title: "Booked" }]);
  });

  it("drafts a legal document as the service, but a signed one and its file never change", async () => {
    const template = await supabase
      .from("legal_templates")
      .insert({
        title: "Service NDA",
        category: "NDA",
        body_md: "# {{title}}",
        variables: [{ key: "title", label: "Title", required: true, type: "text" }],
      })
      .select("id")
      .single();
    expect(template.error).toBeNull();
    const drafted = await supabase
      .from("legal_documents")
      .insert({ title: "NDA for an import", template_id: template.data?.id })
      .select("id, status, owner_id, audit")
      .single();
    expect(drafted.error).toBeNull();
    expect(drafted.data).toMatchObject({ status: "draft", owner_id: null });
    expect(drafted.data?.audit).toEqual([
      expect.objectContaining({ action: "created", actor_id: null, actor: "service_role" }),
    ]);

    // As the signing flow leaves it: fully signed, its signed PDF in the documents bucket.
    const id = drafted.data?.id as string;
    const key = `legal/${id}/signed.pdf`;
    expect((await supabase.storage.from("documents").upload(key, PDF)).error).toBeNull();
    await ctx.db
      .updateTable("legal_documents")
      .set({ status: "fully_signed", signed_pdf_url: objectUrl(key), signed_sha256: "0".repeat(64) })
      .where("id", "=", id)
      .execute();

    const edited = await supabase.from("legal_documents").update({ title: "Changed" }).eq("id", id);
    expect(edited.status).toBe(409);
    const replaced = await supabase.storage
      .from("documents")
      .upload(key, Buffer.from("%PDF-1.7\nforged\n%%EOF\n"), { upsert: true });
    expect(replaced.error).not.toBeNull();
    expect((await supabase.storage.from("documents").remove([key])).error).not.toBeNull();
    const kept = await supabase.storage.from("documents").download(key);
    expect(Buffer.from(await (kept.data as Blob).arrayBuffer())).toEqual(PDF);
    const title = await supabase.from("legal_documents").select("title").eq("id", id).single();
    expect(title.data).toEqual({ title: "NDA for an import" });
  });

  it("uploads to a private bucket, reads it back and administers buckets", async () => {
    const path = `imports/${randomUUID()}.pdf`;
    const documents = supabase.storage.from("documents");
    const uploaded = await documents.upload(path, PDF, { contentType: "application/pdf" });
    expect(uploaded.error).toBeNull();
    const downloaded = await documents.download(path);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await (downloaded.data as Blob).arrayBuffer())).toEqual(PDF);
    // Through a signed upload URL it made, too: the URL carries who signed it.
    const signedPath = `imports/${randomUUID()}.pdf`;
    const signed = await documents.createSignedUploadUrl(signedPath);
    expect(signed.error).toBeNull();
    const viaUrl = await documents.uploadToSignedUrl(signedPath, signed.data?.token as string, PDF);
    expect(viaUrl.error).toBeNull();
    const owners = await ctx.db
      .selectFrom("storage_objects")
      .select(["owner", "owner_role"])
      .where("name", "in", [path, signedPath])
      .execute();
    // No person uploaded them: the service is recorded, and no person as their owner.
    expect(owners).toEqual([
      { owner: null, owner_role: "service_role" },
      { owner: null, owner_role: "service_role" },
    ]);

    const bucket = `svc-${randomUUID().slice(0, 8)}`;
    expect((await supabase.storage.createBucket(bucket)).error).toBeNull();
    expect((await supabase.storage.deleteBucket(bucket)).error).toBeNull();
    // The product's own buckets keep their rules, whoever asks.
    const refused = await supabase.storage.deleteBucket("documents");
    expect(refused.error).not.toBeNull();
  });

  it("calls a staff function, recorded as the service, and the function's own checks still hold", async () => {
    const id = await newTalent("Rpc");
    const note = await supabase.rpc("add_crm_note", {
      record_type: "crm_contacts",
      record_id: id,
      body: "Imported from the old CRM",
    });
    expect(note.error).toBeNull();
    expect(note.data).toMatchObject({ action: "note", actor_id: null, actor_role: "service_role" });

    const room = await supabase.from("studio_rooms").insert({ name: "Room R" }).select("id").single();
    const slot = {
      room_id: room.data?.id,
      starts_at: "2031-05-01T10:00:00Z",
      ends_at: "2031-05-01T12:00:00Z",
    };
    const booked = await supabase.rpc("book_studio_session", { ...slot, title: "Booked", contact_ids: [id] });
    expect(booked.error).toBeNull();
    const clash = await supabase.rpc("book_studio_session", {
      ...slot,
      title: "Clash",
      starts_at: "2031-05-01T11:00:00Z",
      contact_ids: [],
    });
    expect(clash.status).toBe(409);
    expect(clash.error?.code).toBe("23P01");
    const sessions = await supabase.from("studio_sessions").select("title").eq("room_id", slot.room_id);
    expect(sessions.data).toEqual([{ title: "Booked" }]);
    const timeline = await supabase
      .from("crm_activity")
      .select("action, actor_id, actor_role")
      .eq("record_id", (booked.data as { id: string }).id);
    expect(timeline.data).toEqual([{ action: "created", actor_id: null, actor_role: "service_role" }]);
  });

  it("is refused, with a reason, by a function that acts as the signed-in person; anon by every one", async () => {
    const id = await newTalent("Feed");
    const feed = await supabase.rpc("create_calendar_feed", { contact_id: id });
    expect(feed.status).toBe(403);
    expect(feed.error?.code).toBe("42501");
    expect(feed.error?.message).toContain("acts as the signed-in person");
    const feeds = await ctx.db.selectFrom("studio_calendar_feeds").select("contact_id").execute();
    expect(feeds).toEqual([]);

    const anonymous = createClient(base, ctx.anonKey, {
      auth: { persistSession: false },
      realtime: noRealtime,
    });
    const note = await anonymous.rpc("add_crm_note", {
      record_type: "crm_contacts",
      record_id: id,
      body: "Not from anon",
    });
    expect(note.status).toBe(401);
    expect(note.error?.code).toBe("PGRST301");
  });

  it("reads the public forms' inbox and marks a message handled, as staff do", async () => {
    const anon = stockClient(base, ctx.anonKey);
    const sent = await anon.from("contact_messages").insert({
      name: "Integration",
      email: "integration@example.com",
      subject: "Through the service",
      message: "An integration reads the inbox",
    });
    expect(sent.error).toBeNull();
    const inbox = await supabase.from("contact_messages").select("id,subject,handled_at");
    expect(inbox.error).toBeNull();
    const message = inbox.data?.find((row) => row.subject === "Through the service");
    expect(message?.handled_at).toBeNull();
    const marked = await supabase
      .from("contact_messages")
      .update({ handled: true })
      .eq("id", message?.id)
      .select("id,handled_at");
    expect(marked.error).toBeNull();
    expect(marked.data?.[0]?.handled_at).toEqual(expect.any(String));
    // The anonymous key still only sends.
    expect((await anon.from("contact_messages").select("id")).status).toBe(401);
  });

  it("is refused from a browser page of an origin the API does not serve, in each family's shape", async () => {
    const stranger = serviceClient({ Origin: "https://evil.example" });
    const rest = await stranger.from("crm_contacts").select("id");
    expect(rest.status).toBe(401);
    expect(rest.error?.code).toBe("PGRST301");
    expect(rest.error?.message).toContain("service_role key is secret");
    const storage = await stranger.storage.listBuckets();
    expect(storage.error).toMatchObject({ status: 401 });
    const admin = await stranger.auth.admin.listUsers();
    expect(admin.error).toMatchObject({ status: 401, code: "no_authorization" });

    // The back office's own origin, and the anonymous key from anywhere, are not what is refused.
    const office = await serviceClient({ Origin: OFFICE }).from("crm_contacts").select("id").limit(1);
    expect(office.error).toBeNull();
    const anonymous = createClient(base, ctx.anonKey, {
      auth: { persistSession: false },
      realtime: noRealtime,
      global: { headers: { Origin: "https://evil.example" } },
    });
    expect((await anonymous.from("events").select("id").limit(1)).error).toBeNull();
  });

  it("never writes the key to the request log", () => {
    expect(ctx.logs.length).toBeGreaterThan(0);
    expect(ctx.logs.join("\n")).not.toContain(ctx.serviceRoleKey);
  });
});
