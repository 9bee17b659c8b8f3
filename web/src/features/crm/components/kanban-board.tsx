import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { ArrowRightLeft, GripVertical } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import {
  boardAnnouncements,
  columnStepper,
  columnUnderCard,
  MouseOrPenSensor,
} from "@/features/crm/components/board-dnd";
import { cn } from "@/lib/utils";

type BoardColumn<K extends string> = { key: K; label: string };

type KanbanBoardProps<K extends string, T extends { id: string }> = {
  /** What the cards are, plural ("deals"): each column's list is named "Won deals". */
  cardNoun: string;
  columns: readonly BoardColumn<K>[];
  cards: readonly T[];
  columnOf(card: T): K;
  cardTitle(card: T): string;
  /** The card's body under its title. */
  renderCard(card: T): ReactNode;
  /** Extra header lines of a column (its SEK total). */
  renderSummary?(key: K, cards: T[]): ReactNode;
  /** A column with no cards says so (or nothing, when the board is filtered). */
  emptyColumnText?: string;
  onOpen(card: T): void;
  onMove(card: T, to: K): void;
};

/**
 * A board of columns. Cards move by dragging (mouse, pen, or a long press on a touch screen), by keyboard
 * (space on a card's grip lifts it, the arrow keys choose a column, space drops it) and by each card's
 * "Move to…" menu; every move is announced, and the moved card's control keeps focus.
 */
export function KanbanBoard<K extends string, T extends { id: string }>(props: KanbanBoardProps<K, T>) {
  const { cardNoun, columns, cards, columnOf, cardTitle, renderCard, renderSummary, emptyColumnText } = props;
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The moved card's control takes focus again once the card renders in its new column.
  const [focusCard, setFocusCard] = useState<FocusRequest<K> | null>(null);

  const lastOver = useRef<string | null>(null);
  const columnKeys = useMemo(() => columns.map((column) => column.key), [columns]);
  const sensors = useSensors(
    useSensor(MouseOrPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnStepper(columnKeys) }),
  );
  const cardById = (id: string) => cards.find((card) => card.id === id);
  const labelOf = (key: string) => columns.find((column) => column.key === key)?.label ?? key;
  const announcements = boardAnnouncements(
    (id) => {
      const card = cardById(id);
      return card ? cardTitle(card) : "The card";
    },
    labelOf,
    (id) => {
      const card = cardById(id);
      return card ? columnOf(card) : undefined;
    },
    lastOver,
  );

  /** A move from the menu says so itself; a drag is announced by the drag's own live region. */
  const move = (card: T, to: K, focus: FocusRequest<K>["control"] | null) => {
    if (columnOf(card) === to) return;
    if (focus === "menu") setAnnouncement(`${cardTitle(card)} moved to ${labelOf(to)}.`);
    if (focus) setFocusCard({ id: card.id, column: to, control: focus });
    props.onMove(card, to);
  };

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDraggingId(null);
    const card = cardById(String(active.id));
    const to = columnKeys.find((key) => key === over?.id);
    if (card && to) move(card, to, activatorEvent instanceof KeyboardEvent ? "grip" : null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnderCard}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To move this card, press space. The arrow keys choose a column; space drops the card there, escape cancels. The "Move to…" menu does the same.`,
        },
      }}
      onDragStart={({ active }) => setDraggingId(String(active.id))}
      onDragCancel={() => setDraggingId(null)}
      onDragEnd={onDragEnd}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {columns.map((column) => {
          const columnCards = cards.filter((card) => columnOf(card) === column.key);
          return (
            <BoardColumnView
              key={column.key}
              column={column}
              cardNoun={cardNoun}
              count={columnCards.length}
              summary={renderSummary?.(column.key, columnCards)}
              emptyText={emptyColumnText}
              canDrop={draggingId !== null && !columnCards.some((card) => card.id === draggingId)}
            >
              {columnCards.map((card) => (
                <BoardCard
                  key={card.id}
                  id={card.id}
                  title={cardTitle(card)}
                  columns={columns.filter((other) => other.key !== column.key)}
                  focus={
                    focusCard?.id === card.id && focusCard.column === column.key ? focusCard.control : null
                  }
                  onFocused={() => setFocusCard(null)}
                  onOpen={() => props.onOpen(card)}
                  onMove={(to) => move(card, to, "menu")}
                >
                  {renderCard(card)}
                </BoardCard>
              ))}
            </BoardColumnView>
          );
        })}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
    </DndContext>
  );
}

/** Which of a moved card's controls takes focus: its menu button, or its grip after a keyboard drag. */
type FocusRequest<K extends string> = { id: string; column: K; control: "menu" | "grip" };

type BoardColumnViewProps<K extends string> = {
  column: BoardColumn<K>;
  cardNoun: string;
  count: number;
  summary: ReactNode;
  emptyText?: string;
  /** A card from another column is being dragged: a drop here moves it. */
  canDrop: boolean;
  children: ReactNode[];
};

function BoardColumnView<K extends string>(props: BoardColumnViewProps<K>) {
  const { column, cardNoun, count, summary, emptyText, canDrop, children } = props;
  const { setNodeRef, isOver } = useDroppable({ id: column.key });
  const headingId = `board-column-${column.key}`;
  return (
    <section ref={setNodeRef} aria-labelledby={headingId}>
      <Card
        className={cn(
          "flex min-h-48 flex-col gap-3 p-3 transition-colors",
          canDrop && isOver && "border-primary bg-accent/40",
        )}
      >
        <div className="grid gap-1">
          <h2 id={headingId} className="flex items-center justify-between gap-2 font-semibold">
            {column.label}
            <span className="rounded-full bg-muted px-2 text-sm text-muted-foreground">
              <span className="sr-only">Count: </span>
              {count}
            </span>
          </h2>
          {summary}
        </div>
        {count === 0 ? (
          emptyText ? (
            <p className="text-sm text-muted-foreground">{emptyText}</p>
          ) : null
        ) : (
          <ul className="grid gap-2" aria-label={`${column.label} ${cardNoun}`}>
            {children}
          </ul>
        )}
      </Card>
    </section>
  );
}

type BoardCardProps<K extends string> = {
  id: string;
  title: string;
  /** The columns it can move to. */
  columns: BoardColumn<K>[];
  /** The control to focus once the card renders here after a move. */
  focus: FocusRequest<K>["control"] | null;
  onFocused(): void;
  onOpen(): void;
  onMove(to: K): void;
  children: ReactNode;
};

function BoardCard<K extends string>(props: BoardCardProps<K>) {
  const { id, title, columns, focus, onFocused } = props;
  const menuButton = useRef<HTMLButtonElement>(null);
  const grip = useRef<HTMLButtonElement | null>(null);
  const hasMoved = useRef(false);
  // The whole card answers a mouse or a finger; the keyboard lifts it only from its grip.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id,
  });

  useEffect(() => {
    if (!focus) return;
    (focus === "grip" ? grip : menuButton).current?.focus();
    onFocused();
  }, [focus, onFocused]);

  return (
    <li
      ref={setNodeRef}
      {...listeners}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        "grid cursor-grab touch-manipulation gap-2 rounded-md border bg-background p-2 text-sm",
        isDragging && "relative z-10 cursor-grabbing shadow-lg",
      )}
    >
      <div className="flex items-start gap-1">
        <button
          ref={(node) => {
            grip.current = node;
            setActivatorNodeRef(node);
          }}
          type="button"
          {...attributes}
          aria-label={`Drag ${title}`}
          className="-ml-1 rounded p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={props.onOpen}
          className="text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {title}
        </button>
      </div>
      {props.children}
      {/* Not modal: a modal menu hides the rest of the board from assistive technology while it stays focusable. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuButton}
            variant="ghost"
            size="sm"
            className="justify-self-start px-2"
            aria-label={`Move to… (${title})`}
          >
            <ArrowRightLeft aria-hidden="true" />
            Move to…
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          onCloseAutoFocus={(event) => {
            // After a move the card re-renders in its new column and its menu button there takes focus.
            if (hasMoved.current) event.preventDefault();
            hasMoved.current = false;
          }}
        >
          <DropdownMenuLabel>Move to</DropdownMenuLabel>
          {columns.map((column) => (
            <DropdownMenuItem
              key={column.key}
              onSelect={() => {
                hasMoved.current = true;
                props.onMove(column.key);
              }}
            >
              {column.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
