import {
  type Announcements,
  type CollisionDetection,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  PointerSensor,
  pointerWithin,
  rectIntersection,
} from "@dnd-kit/core";
import type { PointerEvent } from "react";

/**
 * A mouse or pen press. A finger is left to the touch sensor, which waits for a long press so a swipe
 * still scrolls the board on a phone.
 */
export class MouseOrPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent }: PointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== "touch",
    },
  ];
}

/** Under the pointer when there is one; else (the keyboard) the column the card overlaps most. */
export const columnUnderCard: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

const NEXT = new Set<string>([KeyboardCode.Right, KeyboardCode.Down]);
const PREVIOUS = new Set<string>([KeyboardCode.Left, KeyboardCode.Up]);
/** How far inside a column the lifted card is put, so it overlaps that column and no other. */
const INSET = 8;

/**
 * The arrow keys move a lifted card a whole column at a time, in the board's order (right or down is the
 * next column, whether the columns stand side by side or, on a phone, one above the other).
 */
export function columnStepper(columnKeys: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { over, droppableRects } }) => {
    const step = NEXT.has(event.code) ? 1 : PREVIOUS.has(event.code) ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const from = over ? columnKeys.indexOf(String(over.id)) : -1;
    const to = columnKeys[Math.min(Math.max(from + step, 0), columnKeys.length - 1)];
    const rect = to === undefined ? undefined : droppableRects.get(to);
    return rect ? { x: rect.left + INSET, y: rect.top + INSET } : undefined;
  };
}

/** What a screen reader hears while a card is moved by drag or keyboard. */
export function boardAnnouncements(
  titleOf: (id: string) => string,
  labelOf: (key: string) => string,
  columnOf: (id: string) => string | undefined,
  /** The column last announced: a lifted card is over its own column at once, which is not news. */
  lastOver: { current: string | null },
): Announcements {
  return {
    onDragStart: ({ active }) => {
      lastOver.current = columnOf(String(active.id)) ?? null;
      return `Picked up ${titleOf(String(active.id))}. Arrow keys choose a column, space drops, escape cancels.`;
    },
    onDragOver: ({ active, over }) => {
      const column = over ? String(over.id) : null;
      if (column === lastOver.current) return undefined;
      lastOver.current = column;
      const title = titleOf(String(active.id));
      return column ? `${title} is over ${labelOf(column)}.` : `${title} is over no column.`;
    },
    onDragEnd: ({ active, over }) => {
      const title = titleOf(String(active.id));
      if (!over) return `${title} was not moved.`;
      const label = labelOf(String(over.id));
      return columnOf(String(active.id)) === over.id
        ? `${title} stays in ${label}.`
        : `${title} moved to ${label}.`;
    },
    onDragCancel: ({ active }) => `Moving ${titleOf(String(active.id))} was cancelled.`,
  };
}
