import { expect, openPage, PUBLIC_ROUTES, test } from "./fixtures";

test.describe("public routes", () => {
  test("home: hero buttons, featured events, playlist player and footer", async ({ page, consoleErrors }) => {
    await openPage(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[0].h1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "MEDIA" })).toHaveAttribute("href", "/services");
    await expect(main.getByRole("link", { name: "PORTAL" })).toHaveAttribute("href", "/auth");
    await expect(main.getByRole("button", { name: "EVENTS" })).toBeVisible();

    await expect(main.getByText("August 5, 2024")).toBeVisible();
    await expect(main.getByText("June 2, 2024")).toBeVisible();
    const goToEvent = main.getByRole("button", { name: "GO TO EVENT" });
    await expect(goToEvent).toHaveCount(2);
    for (const button of await goToEvent.all()) await expect(button).toBeDisabled();
    await expect(main.getByRole("heading", { name: "Showcased Community Events" })).toBeVisible();
    await expect(main.getByRole("link", { name: "SEE MORE: all upcoming events" })).toHaveAttribute(
      "href",
      "/events",
    );

    const player = main.locator("iframe");
    await expect(player).toHaveAttribute("height", "152");
    await expect(player).toHaveAttribute("src", /^https:\/\//);
    const box = await player.boundingBox();
    expect(box?.height).toBe(152);
    expect(box?.width).toBeGreaterThanOrEqual(240);
    expect(box?.width).toBeLessThanOrEqual(640);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("high-end media and events")).toBeVisible();
    await expect(footer.getByText(/© 2024/)).toBeVisible();
    for (const label of ["About", "Services", "Projects", "Work With Us", "Contact"]) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");

    // Let the events list settle before judging the console: a failed fetch would log late.
    await expect(main.getByText("max attendees").first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("about: summary, mission, vision, values, offerings, market analysis and founders", async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, "/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[1].h1);
    await expect(main.getByText(/seeking strategic investment/)).toBeVisible();
    await expect(main.getByRole("heading", { name: "Mission" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Vision" })).toBeVisible();
    await expect(main.getByRole("region", { name: "Our values" }).getByRole("listitem")).toHaveCount(5);
    await expect(main.getByRole("region", { name: "What we stand for" }).getByRole("listitem")).toHaveCount(
      4,
    );
    await expect(main.getByRole("region", { name: "What we offer" }).getByRole("listitem")).toHaveCount(6);
    await expect(
      main.getByRole("region", { name: "Market analysis" }).getByRole("listitem").first(),
    ).toBeVisible();
    await expect(main.getByRole("button", { name: /bio$/ })).toHaveCount(2);
    expect(consoleErrors).toEqual([]);
  });

  test("services: the six offerings and a way to get in touch", async ({ page, consoleErrors }) => {
    await openPage(page, "/services");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[2].h1);
    await expect(main.getByRole("heading", { level: 2 })).toHaveCount(6);
    await expect(main.getByRole("heading", { name: "Music production & mastering" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Event production & AV" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Get in touch" })).toHaveAttribute("href", "/contact");
    expect(consoleErrors).toEqual([]);
  });

  test("projects: five cards with status badges and a Work With Us button", async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, "/projects");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[3].h1);
    const cards = main.getByRole("list").first().getByRole("listitem");
    await expect(cards).toHaveCount(5);
    for (const status of ["Live", "Beta", "In Progress", "Upcoming"]) {
      await expect(main.getByText(status, { exact: true }).first()).toBeVisible();
    }
    const explore = main.getByRole("link", { name: /^Explore/ });
    await expect(explore).toHaveCount(5);
    // Only the platform card links out.
    await expect(main.locator("a[target=_blank]", { hasText: "Explore" })).toHaveCount(1);
    await main.getByRole("link", { name: "Work With Us" }).click();
    await expect(page).toHaveURL(/\/work-with-us$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work With Us");
    expect(consoleErrors).toEqual([]);
  });

  test("work with us: four opportunities by default, the application form on Apply Now", async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, "/work-with-us");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[4].h1);
    await expect(main.getByRole("tab", { name: "Opportunities" })).toHaveAttribute("aria-selected", "true");
    for (const role of ["Music Producers", "Visual Artists", "Event Coordinators", "Audio Engineers"]) {
      const card = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: role }) });
      await expect(card.getByRole("listitem")).toHaveCount(3);
    }
    await main.getByRole("tab", { name: "Apply Now" }).click();
    const form = main.getByRole("form", { name: "Job application" });
    for (const label of [
      "First Name",
      "Last Name",
      "Email",
      "Interested Role",
      "Portfolio/Website",
      "Tell us about your experience",
      /^Why do you want to join/,
    ]) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(form.getByRole("button", { name: "Submit Application" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("contact: the form by default, newsletter box, and contact info on its tab", async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, "/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[5].h1);
    await expect(main.getByRole("tab", { name: "Contact Form" })).toHaveAttribute("aria-selected", "true");
    const form = main.getByRole("form", { name: "Contact form" });
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(form.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();

    const newsletter = main.getByRole("form", { name: "Newsletter" });
    await expect(newsletter.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(newsletter.getByRole("checkbox")).toHaveCount(4);
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();

    await main.getByRole("tab", { name: "Contact Info" }).click();
    await expect(main.getByText("Stockholm, Sweden")).toBeVisible();
    await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(main.getByRole("link", { name: /^\+46/ })).toHaveAttribute("href", /^tel:/);
    expect(consoleErrors).toEqual([]);
  });

  test("the active nav link is marked with aria-current on each page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await openPage(page, "/");
    // Walk the bar backwards so every click leaves a page whose link was current.
    for (const route of [...PUBLIC_ROUTES].reverse()) {
      await nav.getByRole("link", { name: route.nav, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      await expect(nav.getByRole("link", { name: route.nav, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    }
    // "/" is matched exactly: Home is not current on a sub-page.
    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  });
});
