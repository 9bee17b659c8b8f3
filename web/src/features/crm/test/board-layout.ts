import { onTestFinished, vi } from "vitest";

const COLUMN = { width: 200, gap: 20, height: 600 };
const CARD = { height: 70, gap: 10, inset: 10 };

/**
 * jsdom lays nothing out, and a board's drag finds its drop column by geometry: this gives the board's
 * columns side by side and each column's cards one under another, as a wide screen shows them.
 */
export function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  const layout = vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (
    this: Element,
  ) {
    const section = this.closest("section[aria-labelledby^='board-column-']");
    if (!section) return original.call(this);
    const columnIndex = [...document.querySelectorAll("section[aria-labelledby^='board-column-']")].indexOf(
      section,
    );
    const left = columnIndex * (COLUMN.width + COLUMN.gap);
    if (this === section) return new DOMRect(left, 0, COLUMN.width, COLUMN.height);
    const card = this.closest("li");
    if (!card) return original.call(this);
    const cardIndex = [...section.querySelectorAll("li")].indexOf(card);
    const top = 60 + cardIndex * (CARD.height + CARD.gap);
    return new DOMRect(left + CARD.inset, top, COLUMN.width - 2 * CARD.inset, CARD.height);
  });
  onTestFinished(() => layout.mockRestore());
}
