import { BACK_OFFICE_ROOT, BACK_OFFICE_ROUTES } from "@app/contracts";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { openSignedIn } from "../auth/support";
import { accessTokenFor, anonKey, createUser } from "../support/server";

/**
 * On a 375 px phone no back-office screen may be wider than the phone: a wide list scrolls inside its own
 * card, never the whole page, so the header, the filters and each row's actions stay on screen. The
 * records this test adds have the long titles, unbroken e-mail addresses and web addresses real lists get.
 */

const PHONE = { width: 375, height: 800 };
const LONG = "Internationella Samproduktionsöverenskommelsen för Fonogramframställare";
const LONG_WORD = "Musikförlagsrättighetsförvaltningsavdelningen";
/** The same word as an address may spell it. */
const LONG_ADDRESS = "musikforlagsrattighetsforvaltningsavdelningen";

type Ids = Record<"contact" | "company" | "talent" | "document" | "template", string>;

async function rest(
  request: APIRequestContext,
  headers: Record<string, string>,
  table: string,
  data: object,
) {
  const response = await request.post(`/rest/v1/${table}`, {
    headers: { ...headers, prefer: "return=representation" },
    data,
  });
  expect(response.status(), `${table}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { id: string }[])[0]?.id as string;
}

/** One record with long values in each list the back office shows; their ids for the detail pages. */
async function addLongRecords(request: APIRequestContext, headers: Record<string, string>): Promise<Ids> {
  const tag = Date.now().toString(36);
  const company = await rest(request, headers, "crm_companies", {
    name: `${LONG_WORD} ${LONG} ${tag}`,
    website: `https://${LONG_ADDRESS}.example.se/${LONG_ADDRESS}/kontakt`,
    city: LONG_WORD,
    kind: "publisher",
  });
  const contact = await rest(request, headers, "crm_contacts", {
    first_name: LONG_WORD,
    last_name: `Lindqvist-${LONG_WORD}`,
    email: `${LONG_ADDRESS}.${tag}@${LONG_ADDRESS}.example.se`,
    kind: "industry",
    company_id: company,
    location: LONG,
  });
  const talent = await rest(request, headers, "crm_contacts", {
    first_name: LONG_WORD,
    last_name: `Nyström-${tag}`,
    stage_name: LONG_WORD,
    email: `${LONG_ADDRESS}.talent.${tag}@example.se`,
    kind: "talent",
    roles: ["songwriter", "producer", "vocalist"],
    genres: ["pop", "singer-songwriter", "electronic", "folk"],
    location: LONG,
  });
  await rest(request, headers, "crm_deals", {
    title: `${LONG} ${LONG_WORD}`,
    company_id: company,
    contact_id: contact,
  });
  await rest(request, headers, "crm_briefs", { title: `${LONG} ${LONG_WORD}`, company_id: company });
  await rest(request, headers, "legal_clauses", {
    slug: `${LONG_ADDRESS}_${tag}_v1`,
    title: `${LONG} ${LONG_WORD}`,
    body_md: `${LONG_WORD} ${LONG}`,
    tags: [LONG_WORD.toLowerCase()],
  });
  await rest(request, headers, "events", {
    title: `${LONG} ${LONG_WORD}`,
    location: LONG_WORD,
    event_type: LONG_WORD,
    event_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const templates = await request.get("/rest/v1/legal_templates?title=eq.Split%20Sheet&select=id", {
    headers,
  });
  const [template] = (await templates.json()) as { id: string }[];
  const documents = await request.get(
    "/rest/v1/legal_documents?title=eq.Split%20Sheet%3A%20Midnatt%20p%C3%A5%20M%C3%A4laren&select=id",
    { headers },
  );
  const [document] = (await documents.json()) as { id: string }[];
  expect(template && document, "the seeded split sheet and its template").toBeTruthy();
  await rest(request, headers, "legal_documents", {
    title: `${LONG} ${LONG_WORD} ${tag}`,
    template_id: template?.id,
    payload: { variables: { song_title: LONG_WORD } },
    parties: [{ name: LONG_WORD, email: `${LONG_ADDRESS}@example.se`, role: "signer" }],
  });
  return { contact, company, talent, document: document?.id as string, template: template?.id as string };
}

/** Every back-office route, its `:id` and `:talentId` filled in with the records above. */
function paths(ids: Ids) {
  const detail: Partial<Record<keyof typeof BACK_OFFICE_ROUTES, string>> = {
    crmContact: ids.contact,
    crmCompany: ids.company,
    crmTalentDetail: ids.talent,
    legalDocument: ids.document,
    legalTemplate: ids.template,
  };
  return Object.entries(BACK_OFFICE_ROUTES).map(([name, route]) => {
    const filled = route
      .replace(":talentId", ids.talent)
      .replace(":id", detail[name as keyof typeof BACK_OFFICE_ROUTES] ?? "");
    return route ? `${BACK_OFFICE_ROOT}/${filled}` : BACK_OFFICE_ROOT;
  });
}

/** How far the page reaches past the phone's width, once the screen has drawn its data. */
async function pageOverflow(page: Page, path: string) {
  // By tag, not role: a route that opens a dialog (a new clause) hides the page's heading from the tree.
  await expect(page.locator("h1").first(), path).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("no back-office screen is wider than a 375 px phone", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const admin = createUser("admin");
  const headers = {
    apikey: anonKey(),
    authorization: `Bearer ${await accessTokenFor(request, admin)}`,
  };
  const ids = await addLongRecords(request, headers);
  await openSignedIn(page, admin);

  const tooWide: string[] = [];
  for (const path of paths(ids)) {
    await page.goto(path);
    const overflow = await pageOverflow(page, path);
    if (overflow > 0) tooWide.push(`${path} (${overflow} px too wide)`);
  }

  // A wide list scrolls inside its card with its row actions pinned on screen, the longest row's too.
  const longTitle = `${LONG} ${LONG_WORD}`;
  await page.goto(`${BACK_OFFICE_ROOT}/${BACK_OFFICE_ROUTES.legalClauses}`);
  await expectOnScreen(page.getByRole("button", { name: `Actions for ${longTitle}` }));
  await page.goto(`${BACK_OFFICE_ROOT}/${BACK_OFFICE_ROUTES.events}`);
  await expectOnScreen(page.getByRole("button", { name: `Edit ${longTitle}` }));
  await expectOnScreen(page.getByRole("button", { name: `Delete ${longTitle}` }));

  expect(tooWide, "screens wider than 375 px").toEqual([]);
});

/** Wholly within the phone's width as the page first shows it, with nothing scrolled sideways. */
async function expectOnScreen(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const name = await control.getAttribute("aria-label");
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} is on screen`).toBe(true);
}
