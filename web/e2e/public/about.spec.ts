import { expect, openPage, test } from "./fixtures";

test.describe("about page founders", () => {
  test("a founder card opens a dialog with the bio and the personal-website link; Escape closes it", async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, "/about");
    const trigger = page.getByRole("button", { name: "Read Elin's bio" });
    await trigger.click();

    const dialog = page.getByRole("dialog", { name: "Elin Lindqvist" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Co-founder & CEO")).toBeVisible();
    await expect(dialog.getByText(/co-found Slussen Sound and to design SplitLedger/)).toBeVisible();
    const website = dialog.getByRole("link", { name: /Personal website/ });
    await expect(website).toHaveAttribute("href", "https://elinlindqvist.se");
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", /\bnoopener\b/);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();

    // The other founder has a bio but no website link.
    await page.getByRole("button", { name: "Read Marcus's bio" }).click();
    const marcus = page.getByRole("dialog", { name: "Marcus Holm" });
    await expect(marcus.getByText(/Slussen Sound studios/)).toBeVisible();
    await expect(marcus.getByRole("link", { name: /Personal website/ })).toHaveCount(0);
    await marcus.getByRole("button", { name: "Close" }).click();
    await expect(marcus).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
